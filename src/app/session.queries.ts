import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getConfig, getSession } from '../client/session.ts';
import type { Session } from '../contract/session.ts';

export const sessionQueries = {
  all: () => ['session'] as const,
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'],
      queryFn: ({ signal }) => getSession({ signal }),
      staleTime: 60_000,
      retry: false,
    }),
  config: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'config'],
      queryFn: ({ signal }) => getConfig({ signal }),
      staleTime: Infinity,
    }),
};

export function hasAny(session: Session, permissions: readonly string[]): boolean {
  return permissions.length === 0 || permissions.some((p) => session.permissions.includes(p));
}

/** The signed-in owner, for list queries: lists are scoped to it (sign-out clears the cache). */
export async function ownerOf(client: QueryClient): Promise<string> {
  return (await client.ensureQueryData(sessionQueries.current())).owner;
}
