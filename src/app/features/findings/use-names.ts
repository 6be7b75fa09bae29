import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { lookupQueries } from '../../lookups.queries.ts';
import { sessionQueries } from '../../session.queries.ts';

const NONE: ReadonlyMap<string, string> = new Map();

/**
 * Users' names by id, for the managers' screens (who is responsible, to whom a finding was
 * handed): asked for only where `wanted`, since a notary's sign-in may not list users, and a
 * finding names its parties itself where the gateway knew them. The signed-in person's own
 * name is always known: a notary reads "Nora Notary" on her own finding, not her id.
 */
export function useNames(wanted: boolean): ReadonlyMap<string, string> {
  const { data } = useQuery({
    ...lookupQueries.users(),
    enabled: wanted,
    select: (users) => new Map(users.map((user) => [user.id, user.displayName])),
  });
  const me = useQuery(sessionQueries.current()).data?.user;
  return useMemo(() => {
    const names = data ?? NONE;
    if (!me || names.has(me.id)) return names;
    return new Map([...names, [me.id, me.displayName]]);
  }, [data, me]);
}
