import { describe, expect, it } from 'vitest';
import { freshDatabases } from './db/test-database.ts';
import { FAILURE_WINDOW_MS, FAILURES_ALLOWED, signInLimit } from './sign-in-limit.ts';

const freshDb = freshDatabases();

describe('signInLimit', () => {
  it('holds a pair from its fifth failure until the oldest of those five ages out', async () => {
    let now = 0;
    const limit = signInLimit(await freshDb(), () => now);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) {
      expect(await limit.retryAfter('a')).toBe(0);
      await limit.failed('a');
      now += 60_000;
    }
    // Five failures at 0, 1, 2, 3 and 4 minutes; now is 5 minutes: the first ages out at 15.
    expect(await limit.retryAfter('a')).toBe(10 * 60);
    expect(await limit.retryAfter('b')).toBe(0);
    now = FAILURE_WINDOW_MS - 1;
    expect(await limit.retryAfter('a')).toBe(1);
    now = FAILURE_WINDOW_MS;
    expect(await limit.retryAfter('a')).toBe(0);
    // Four are still in the window: one more failure holds it again, until the second ages out.
    await limit.failed('a');
    expect(await limit.retryAfter('a')).toBe(60);
  });

  it('forgets a pair on success', async () => {
    const limit = signInLimit(await freshDb(), () => 0);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) await limit.failed('a');
    expect(await limit.retryAfter('a')).toBeGreaterThan(0);
    await limit.succeeded('a');
    expect(await limit.retryAfter('a')).toBe(0);
  });

  it('counts the failures of every process sharing the database', async () => {
    const db = await freshDb();
    // Two gateways' limits over one database: guesses spread over both add up.
    const one = signInLimit(db, () => 0);
    const two = signInLimit(db, () => 0);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) await (i % 2 ? one : two).failed('a');
    expect(await one.retryAfter('a')).toBeGreaterThan(0);
    expect(await two.retryAfter('a')).toBeGreaterThan(0);
  });

  it('keeps at most its bound of failures, forgetting the oldest', async () => {
    let now = 0;
    const bound = 40;
    const db = await freshDb();
    const limit = signInLimit(db, () => now, bound);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) {
      now += 1;
      await limit.failed('first');
    }
    expect(await limit.retryAfter('first')).toBeGreaterThan(0);
    for (let i = 0; i < bound; i += 1) {
      now += 1;
      await limit.failed(`filler ${i}`);
    }
    expect(await limit.retryAfter('first')).toBe(0);
    const kept = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM sign_in_failures');
    expect(kept?.n).toBe(bound);
  });

  it('drops anyone’s failures once they are past the window', async () => {
    let now = 0;
    const db = await freshDb();
    const limit = signInLimit(db, () => now);
    await limit.failed('old');
    now = FAILURE_WINDOW_MS + 1;
    await limit.failed('new');
    const rows = await db.all<{ pair: string }>('SELECT pair FROM sign_in_failures');
    // Kept as hashes: one row, and neither name in it.
    expect(rows).toHaveLength(1);
    expect(rows[0]?.pair).toMatch(/^[0-9a-f]{64}$/);
  });

  it('counts any client id a stranger types, NUL and all', async () => {
    const limit = signInLimit(await freshDb(), () => 0);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) await limit.failed('\u0000 \ud800\n1.2.3.4');
    expect(await limit.retryAfter('\u0000 \ud800\n1.2.3.4')).toBeGreaterThan(0);
  });
});
