import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { getConfig, getSession } from '../client/session.ts';
import { PERMISSIONS } from '../contract/auth.ts';
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

const KNOWN: ReadonlySet<string> = new Set(PERMISSIONS);

/**
 * Whether the token's permissions say anything the console understands. A deployment's
 * tokens may carry no permissions claim, or names of its own (the spec shows neither):
 * then every area is shown and the service's 401 says what is refused.
 */
export function knowsPermissions(session: Session): boolean {
  return session.permissions?.some((p) => KNOWN.has(p)) ?? false;
}

export function hasAny(session: Session, permissions: readonly string[]): boolean {
  if (permissions.length === 0 || !knowsPermissions(session)) return true;
  return permissions.some((p) => session.permissions?.includes(p));
}

/**
 * Whether the session names one of `permissions`. The gateway's team layer (holds, the
 * history, second reviews, the team's figures) is the console's own: no service stands behind
 * it to refuse, so it grants only what a session names and refuses a token without a
 * permissions claim, unless the deployment assumes them (ATTEST_ASSUME_PERMISSIONS, ADR
 * 020). The console asks it for nothing it would refuse.
 */
export function grants(session: Session, permissions: readonly string[]): boolean {
  return permissions.some((p) => session.permissions?.includes(p) ?? false);
}

/**
 * Whether an area of the navigation is open to the session (`team`: the team layer's;
 * `person`: for a session with a user).
 */
export function mayOpen(
  session: Session,
  area: { anyOf: readonly string[]; team?: boolean; person?: boolean },
): boolean {
  if (area.person && !session.user) return false;
  return area.team ? grants(session, area.anyOf) : hasAny(session, area.anyOf);
}

/** The signed-in owner, for list queries: lists are scoped to it (sign-out clears the cache). */
export async function ownerOf(client: QueryClient): Promise<string> {
  return (await client.ensureQueryData(sessionQueries.current())).owner;
}
