import { queryOptions } from '@tanstack/react-query';
import { listFirms } from '../../../../client/accounts.ts';
import { listUsers } from '../../../../client/users.ts';

// Names for the ids a review shows (reviewer, signer, actors, firm): the owner's users and
// firms are few, so one list each, cached for the session.

export const peopleQueries = {
  users: (owner: string) =>
    queryOptions({
      queryKey: ['people', 'users', owner],
      queryFn: async ({ signal }) => {
        const { users } = await listUsers({ owner, limit: 500 }, { signal });
        return new Map(users.map((u) => [u.id, u.displayName]));
      },
      staleTime: 5 * 60_000,
    }),
  firms: (owner: string) =>
    queryOptions({
      queryKey: ['people', 'firms', owner],
      queryFn: async ({ signal }) => {
        const { firms } = await listFirms({ owner, limit: 500 }, { signal });
        return new Map(firms.map((f) => [f.firmId, f.name]));
      },
      staleTime: 5 * 60_000,
    }),
};
