import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Failed sign-ins allowed per client id and address within the window. */
export const FAILURES_ALLOWED = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * Keys kept at most, so a flood of made-up client ids cannot grow the gateway without bound
 * (about 10 MB). Past it the pair that failed least recently is forgotten: clearing one's own
 * record that way takes 100,000 failed sign-ins, each a slow secret check in the service.
 */
export const MAX_KEYS = 100_000;

/**
 * Slows guessing a client secret through the console: after FAILURES_ALLOWED wrong secrets
 * for one client id from one address within FAILURE_WINDOW_MS, that pair is refused until the
 * oldest failure ages out, without asking the service. Keyed by address too, so one
 * attacker cannot lock a client out for everyone. A sign-in that works clears the pair.
 * In memory: a restart forgets, which a guesser cannot cause.
 */
export function signInLimit(now: () => number) {
  const failures = new Map<string, number[]>();
  const recent = (key: string) =>
    (failures.get(key) ?? []).filter((at) => now() - at < FAILURE_WINDOW_MS);
  return {
    /** Seconds until `key` may try again; 0 when it may now. */
    retryAfter(key: string): number {
      const times = recent(key);
      if (times.length < FAILURES_ALLOWED) return 0;
      const oldest = times[times.length - FAILURES_ALLOWED] ?? now();
      return Math.max(1, Math.ceil((oldest + FAILURE_WINDOW_MS - now()) / 1000));
    },
    failed(key: string) {
      const times = [...recent(key), now()];
      failures.delete(key);
      failures.set(key, times.slice(-FAILURES_ALLOWED));
      // Map order is insertion order: the first key is the one failed least recently.
      if (failures.size > MAX_KEYS) failures.delete(failures.keys().next().value ?? '');
    },
    succeeded(key: string) {
      failures.delete(key);
    },
  };
}

/**
 * The pair a sign-in is counted under. Behind a trusted proxy the address is the last hop
 * of X-Forwarded-For, which the proxy wrote (earlier hops are the client's to forge).
 */
export function signInKey(c: Context, clientId: string, trustProxy: boolean): string {
  const forwarded = trustProxy
    ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    : undefined;
  return `${clientId}\n${forwarded || getConnInfo(c).remote.address || ''}`;
}
