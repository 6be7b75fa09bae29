import { queryOptions, useQuery } from '@tanstack/react-query';
import { listFirms, type FirmListParams } from '../client/accounts.ts';
import { collect, paginate } from '../client/paginate.ts';
import { listUsers, type UserListParams } from '../client/users.ts';
import { ownerOf } from './session.queries.ts';

// Look-ups any screen may need to put names on ids: the owner's firms and users, every page of
// each (an organisation with more than one page must still see names), cached once for the
// session and shared by every feature (sign-out clears the cache).

const LOOKUP_STALE = 5 * 60_000;
const PAGE = 500;

export const lookupQueries = {
  all: () => ['lookups'] as const,
  firms: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'firms'] as const,
      queryFn: async ({ signal, client }) => {
        const params: FirmListParams = {
          owner: await ownerOf(client),
          limit: PAGE,
          orderBy: 'name',
        };
        return collect(
          paginate((p: FirmListParams) => listFirms(p, { signal }), params),
          'firms',
        );
      },
      staleTime: LOOKUP_STALE,
    }),
  users: () =>
    queryOptions({
      queryKey: [...lookupQueries.all(), 'users'] as const,
      queryFn: async ({ signal, client }) => {
        const params: UserListParams = { owner: await ownerOf(client), limit: PAGE };
        return collect(
          paginate((p: UserListParams) => listUsers(p, { signal }), params),
          'users',
        );
      },
      staleTime: LOOKUP_STALE,
    }),
};

const firmNames = (firms: readonly { firmId: string; name: string }[]) =>
  new Map(firms.map((firm) => [firm.firmId, firm.name]));
const userNames = (users: readonly { id: string; displayName: string }[]) =>
  new Map(users.map((user) => [user.id, user.displayName]));
const NONE: ReadonlyMap<string, string> = new Map();

/** Firm names by id; empty until they have loaded (callers show the id meanwhile). */
export function useFirmNames(): ReadonlyMap<string, string> {
  return useQuery({ ...lookupQueries.firms(), select: firmNames }).data ?? NONE;
}

/** Users' display names by id; empty until they have loaded. */
export function useUserNames(): ReadonlyMap<string, string> {
  return useQuery({ ...lookupQueries.users(), select: userNames }).data ?? NONE;
}
