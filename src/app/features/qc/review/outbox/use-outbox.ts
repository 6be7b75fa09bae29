import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { sessionQueries } from '../../../../session.queries.ts';
import { userScope } from '../../../../user-storage.ts';
import { outbox } from './outbox.ts';

const NONE: ReadonlySet<string> = new Set();

/** The requests whose decision by the signed-in person is kept and not yet saved. */
export function useSavingIds(): ReadonlySet<string> {
  const { data: session } = useQuery(sessionQueries.current());
  const scope = session ? userScope(session) : null;
  return useSyncExternalStore(
    outbox.subscribe,
    () => outbox.ids(scope),
    () => NONE,
  );
}
