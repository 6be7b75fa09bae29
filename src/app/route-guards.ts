import { queryClient } from './query-client.ts';
import { hasAny, sessionQueries } from './session.queries.ts';

/** Loads the session (401 → the error element sends the person to sign-in and back). */
export async function requireSession() {
  return queryClient.ensureQueryData(sessionQueries.current());
}

/** An area's loader: signed in, and holding one of the area's permissions (else 403). */
export function requireArea(anyOf: readonly string[]) {
  return async () => {
    const session = await requireSession();
    if (!hasAny(session, anyOf)) throw new Response('Forbidden', { status: 403 });
    return null;
  };
}
