import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../client/api-error.ts';
import { getConfig, getSession } from '../client/session.ts';
import { PERMISSIONS } from '../contract/auth.ts';
import type { Session } from '../contract/session.ts';

/**
 * Whether the app knows that no one is signed in (ADR 034): the page said so, the person
 * signed out here, or GET /session answered 401. Then the session is not asked for again
 * (each ask a 401 in the browser's console) until a sign-in here.
 */
let signedOut = false;

/** What GET /session would answer (401) when the app knows no one is signed in. */
const noSession = () =>
  new ApiError({ code: 'http', status: 401, message: 'not signed in', path: '/session' });

async function currentSession(signal: AbortSignal): Promise<Session> {
  if (signedOut) throw noSession();
  try {
    return await getSession({ signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signedOut = true;
    throw error;
  }
}

/** No one is signed in, as the page says or a sign-out here left it. */
export function knowSignedOut() {
  signedOut = true;
}

/** `session` has just signed in here: the session query answers it. */
export function knowSignedIn(client: QueryClient, session: Session) {
  signedOut = false;
  client.setQueryData(sessionQueries.current().queryKey, session);
}

export const sessionQueries = {
  all: () => ['session'] as const,
  current: () =>
    queryOptions({
      queryKey: [...sessionQueries.all(), 'current'],
      queryFn: ({ signal }) => currentSession(signal),
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
