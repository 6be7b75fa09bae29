import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from './query-client.ts';
import { grants, hasAny, sessionQueries } from './session.queries.ts';

/** Loads the session (401 → the error element sends the person to sign-in and back). */
export async function requireSession() {
  return queryClient.ensureQueryData(sessionQueries.current());
}

/**
 * An area's loader: signed in, and holding one of the area's permissions (else 403); for the
 * gateway's team layer (`team`), one the session names (session.queries.ts `grants`).
 */
export function requireArea(anyOf: readonly string[], { team = false } = {}) {
  return async () => {
    const session = await requireSession();
    const may = team ? grants(session, anyOf) : hasAny(session, anyOf);
    if (!may) throw new Response('Forbidden', { status: 403 });
    return null;
  };
}

type Loader = (args: LoaderFunctionArgs) => unknown;

/**
 * A screen's loader behind an area guard. The loader starts its data at once, beside the
 * guard's session check (the gateway refuses what the session may not read), and the
 * guard's answer comes first.
 */
function guard(anyOf: readonly string[], loader: Loader): Loader {
  return async (args) => {
    const data = (async () => loader(args))();
    data.catch(() => {});
    await requireArea(anyOf)();
    return data;
  };
}

/**
 * A lazy screen behind an area guard, whose loader is a small module of its own: loaded
 * beside the screen's code rather than with it, it asks for the screen's data while that
 * code is still arriving (speed target: queue rows in under 300 ms, first page in under 600).
 */
export function screen(
  anyOf: readonly string[],
  loader: () => Promise<{ loader: Loader }>,
  component: () => Promise<{ Component: ComponentType }>,
) {
  return {
    loader: async () => guard(anyOf, (await loader()).loader),
    Component: async () => (await component()).Component,
  };
}
