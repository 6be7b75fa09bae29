import { createHash } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { Sql } from '../db/sql.ts';

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
 * Counted in the gateway's database, so guesses spread over several processes add up; a
 * restart forgets nothing.
 *
 * A guess is counted when it starts (`start`), not when the service has answered it: counted
 * on the answer, forty guesses sent at once all passed the check before the first answer came,
 * and all reached the service. A guess that never reached a secret check (the service could
 * not be asked) gives its count back (`release`); one that worked clears the pair.
 */
export type SignInLimit = ReturnType<typeof signInLimit>;

/**
 * Adds a guess for a pair unless it already has FAILURES_ALLOWED within the window, and
 * answers its time, or no row. Each of a pair's guesses gets a time of its own (a millisecond
 * after the pair's latest when they come in the same one), so that `release` takes back
 * exactly the one it was given.
 */
const RESERVE = `
  INSERT INTO sign_in_failures (pair, at)
  SELECT CAST(? AS TEXT),
         CASE WHEN latest IS NULL OR latest < ? THEN CAST(? AS BIGINT) ELSE latest + 1 END
  FROM (SELECT MAX(at) AS latest, COUNT(*) AS n
        FROM sign_in_failures WHERE pair = ? AND at > ?) AS recent
  WHERE n < ?
  RETURNING at`;

/** A pair's PostgreSQL advisory lock: 52 bits of its hash, a safe integer. */
const lockOf = (hash: string) => Number.parseInt(hash.slice(0, 13), 16);

export function signInLimit(sql: Sql, now: () => number, maxFailures = MAX_FAILURES) {
  // Stored as a hash: a client id is whatever a stranger typed (PostgreSQL's text takes no
  // NUL), and the table then holds no addresses.
  const hashed = (pair: string) => createHash('sha256').update(pair).digest('hex');
  const prune = async (at: number) => {
    // Anyone's failures past the window, then the oldest past the bound.
    await sql.run('DELETE FROM sign_in_failures WHERE at <= ?', [at - FAILURE_WINDOW_MS]);
    await sql.run(
      `DELETE FROM sign_in_failures WHERE at < (
         SELECT at FROM sign_in_failures ORDER BY at DESC LIMIT 1 OFFSET ?)`,
      [maxFailures - 1],
    );
  };
  /** Seconds until `pair` may try again; 0 when it may now. */
  const retryAfter = async (pair: string): Promise<number> => {
    const at = now();
    const times = await sql.all<{ at: number }>(
      'SELECT at FROM sign_in_failures WHERE pair = ? AND at > ? ORDER BY at DESC LIMIT ?',
      [hashed(pair), at - FAILURE_WINDOW_MS, FAILURES_ALLOWED],
    );
    const oldest = times[FAILURES_ALLOWED - 1]?.at;
    if (oldest === undefined) return 0;
    return Math.max(1, Math.ceil((oldest + FAILURE_WINDOW_MS - at) / 1000));
  };
  return {
    retryAfter,

    /**
     * Counts a guess before it is checked: `{ at }` (what `release` takes back) while the pair
     * has guesses left, or `{ retryAfter }` (seconds) when it has none, counted or not. Guesses
     * started at once are counted one after another, in this and every other process sharing
     * the database, so at most FAILURES_ALLOWED of them are let through.
     */
    async start(pair: string): Promise<{ at: number } | { retryAfter: number }> {
      const at = now();
      const key = hashed(pair);
      // Counted and added in one statement. SQLite runs a write statement under its write
      // lock from its first read, so no other connection adds a guess in between. PostgreSQL
      // does not (each statement reads what was committed when it started), so there the
      // pair's guesses are taken one at a time under a lock of their own.
      const add = (db: Sql) =>
        db.get<{ at: number }>(RESERVE, [
          key,
          at,
          at,
          key,
          at - FAILURE_WINDOW_MS,
          FAILURES_ALLOWED,
        ]);
      const added =
        sql.dialect === 'postgres'
          ? await sql.transaction(async (tx) => {
              await tx.get('SELECT pg_advisory_xact_lock(?)', [lockOf(key)]);
              return add(tx);
            })
          : await add(sql);
      if (!added) return { retryAfter: Math.max(1, await retryAfter(pair)) };
      await prune(at);
      return { at: Number(added.at) };
    },

    /** Takes back a guess `start` counted that never reached the service's secret check. */
    async release(pair: string, at: number): Promise<void> {
      await sql.run('DELETE FROM sign_in_failures WHERE pair = ? AND at = ?', [hashed(pair), at]);
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
