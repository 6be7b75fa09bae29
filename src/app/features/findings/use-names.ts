import { useQuery } from '@tanstack/react-query';
import { lookupQueries } from '../../lookups.queries.ts';

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * Users' names by id, for the managers' screens (who is responsible, to whom a finding was
 * handed): asked for only where `wanted`, since a notary's sign-in may not list users, and a
 * finding names its parties itself where the gateway knew them.
 */
export function useNames(wanted: boolean): ReadonlyMap<string, string> {
  const { data } = useQuery({
    ...lookupQueries.users(),
    enabled: wanted,
    select: (users) => new Map(users.map((user) => [user.id, user.displayName])),
  });
  return data ?? NONE;
}
