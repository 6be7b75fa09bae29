import { createHash } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Sql } from './db/sql.ts';

/** Failed sign-ins allowed per client id and address within the window. */
export const FAILURES_ALLOWED = 5;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * Failures kept at most, so a flood of made-up client ids cannot grow the database without
 * bound (a hundred thousand pairs' worth). Past it the oldest failures are forgotten: clearing
 * one's own record that way takes 500,000 failed sign-ins, each a slow secret check in the
 * service.
 */
export const MAX_FAILURES = 100_000 * FAILURES_ALLOWED;

/**
 * Slows guessing a client secret through the console: after FAILURES_ALLOWED wrong secrets
 * for one client id from one address within FAILURE_WINDOW_MS, that pair is refused until the
 * oldest failure ages out, without asking the service. Keyed by address too, so one
 * attacker cannot lock a client out for everyone. A sign-in that works clears the pair.
 * Counted in the gateway's database, so guesses spread over several processes add up
 * (issue 19); a restart forgets nothing.
 */
export type SignInLimit = ReturnType<typeof signInLimit>;

export function signInLimit(sql: Sql, now: () => number, maxFailures = MAX_FAILURES) {
  // Stored as a hash: a client id is whatever a stranger typed (PostgreSQL's text takes no
  // NUL), and the table then holds no addresses.
  const hashed = (pair: string) => createHash('sha256').update(pair).digest('hex');
  return {
    /** Seconds until `pair` may try again; 0 when it may now. */
    async retryAfter(pair: string): Promise<number> {
      const at = now();
      const times = await sql.all<{ at: number }>(
        'SELECT at FROM sign_in_failures WHERE pair = ? AND at > ? ORDER BY at DESC LIMIT ?',
        [hashed(pair), at - FAILURE_WINDOW_MS, FAILURES_ALLOWED],
      );
      const oldest = times[FAILURES_ALLOWED - 1]?.at;
      if (oldest === undefined) return 0;
      return Math.max(1, Math.ceil((oldest + FAILURE_WINDOW_MS - at) / 1000));
    },

    async failed(pair: string): Promise<void> {
      const at = now();
      await sql.run('INSERT INTO sign_in_failures (pair, at) VALUES (?, ?)', [hashed(pair), at]);
      // Anyone's failures past the window, then the oldest past the bound.
      await sql.run('DELETE FROM sign_in_failures WHERE at <= ?', [at - FAILURE_WINDOW_MS]);
      await sql.run(
        `DELETE FROM sign_in_failures WHERE at < (
           SELECT at FROM sign_in_failures ORDER BY at DESC LIMIT 1 OFFSET ?)`,
        [maxFailures - 1],
      );
    },

    async succeeded(pair: string): Promise<void> {
      await sql.run('DELETE FROM sign_in_failures WHERE pair = ?', [hashed(pair)]);
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
