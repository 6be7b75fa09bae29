import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect } from 'vitest';
import { serviceTest as it } from '../../service/testing/fixtures.ts';
import type { TestService } from '../../service/testing/service.ts';
import { openGatewayDatabase } from '../db/open.ts';
import { freshDatabases, testDatabase } from '../testing/database.ts';
import { FAILURE_WINDOW_MS, FAILURES_ALLOWED, signInLimit } from './sign-in-limit.ts';
import { expectMessage, startHarness, type Harness } from '../testing/harness.ts';

const freshDb = freshDatabases();

/** A folder of its own for a database two connections (two processes' worth) share. */
function sharedFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'attest-sign-in-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Two connections to one database, as two gateway processes have: SQLite's file or a schema. */
async function twoConnections(dir: string) {
  const database = testDatabase(dir);
  const open = () => openGatewayDatabase({ dataDir: dir, ...database, log: () => undefined });
  const one = await open();
  const two = await open();
  return {
    one: one.sql,
    two: two.sql,
    close: async () => {
      await one.close();
      await two.close();
    },
  };
}

describe('signInLimit', () => {
  it('holds a pair from its fifth failure until the oldest of those five ages out', async () => {
    let now = 0;
    const limit = signInLimit(await freshDb(), () => now);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) {
      expect(await limit.retryAfter('a')).toBe(0);
      await limit.start('a');
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
    await limit.start('a');
    expect(await limit.retryAfter('a')).toBe(60);
  });

  it('forgets a pair on success', async () => {
    const limit = signInLimit(await freshDb(), () => 0);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) await limit.start('a');
    expect(await limit.retryAfter('a')).toBeGreaterThan(0);
    await limit.succeeded('a');
    expect(await limit.retryAfter('a')).toBe(0);
  });

  it('counts the failures of every process sharing the database', async () => {
    const db = await freshDb();
    // Two gateways' limits over one database: guesses spread over both add up.
    const one = signInLimit(db, () => 0);
    const two = signInLimit(db, () => 0);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) await (i % 2 ? one : two).start('a');
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
      await limit.start('first');
    }
    expect(await limit.retryAfter('first')).toBeGreaterThan(0);
    for (let i = 0; i < bound; i += 1) {
      now += 1;
      await limit.start(`filler ${i}`);
    }
    expect(await limit.retryAfter('first')).toBe(0);
    const kept = await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM sign_in_failures');
    expect(kept?.n).toBe(bound);
  });

  it('drops anyone’s failures once they are past the window', async () => {
    let now = 0;
    const db = await freshDb();
    const limit = signInLimit(db, () => now);
    await limit.start('old');
    now = FAILURE_WINDOW_MS + 1;
    await limit.start('new');
    const rows = await db.all<{ pair: string }>('SELECT pair FROM sign_in_failures');
    // Kept as hashes: one row, and neither name in it.
    expect(rows).toHaveLength(1);
    expect(rows[0]?.pair).toMatch(/^[0-9a-f]{64}$/);
  });

  it('counts any client id a stranger types, NUL and all', async () => {
    const limit = signInLimit(await freshDb(), () => 0);
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) await limit.start('\u0000 \ud800\n1.2.3.4');
    expect(await limit.retryAfter('\u0000 \ud800\n1.2.3.4')).toBeGreaterThan(0);
  });
});

describe('a guess counted as it starts', () => {
  it('lets FAILURES_ALLOWED guesses start, then holds the pair, and gives back a released one', async () => {
    const limit = signInLimit(await freshDb(), () => 0);
    const started = [];
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) started.push(await limit.start('a'));
    // Each its own time, so that releasing one takes back that one only.
    const times = started.map((attempt) => ('at' in attempt ? attempt.at : -1));
    expect(new Set(times).size).toBe(FAILURES_ALLOWED);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(0);
    expect(await limit.start('a')).toEqual({ retryAfter: FAILURE_WINDOW_MS / 1000 });
    expect(await limit.start('b')).toEqual({ at: 0 });

    await limit.release('a', times[2] ?? -1);
    expect(await limit.retryAfter('a')).toBe(0);
    expect('at' in (await limit.start('a'))).toBe(true);
    expect('retryAfter' in (await limit.start('a'))).toBe(true);
    await limit.succeeded('a');
    expect('at' in (await limit.start('a'))).toBe(true);
  });

  it('lets at most FAILURES_ALLOWED of 40 guesses started at once through two processes', async () => {
    const folder = sharedFolder();
    const db = await twoConnections(folder.dir);
    try {
      const one = signInLimit(db.one, () => 0);
      const two = signInLimit(db.two, () => 0);
      const attempts = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).start('a')),
      );
      expect(attempts.filter((attempt) => 'at' in attempt)).toHaveLength(FAILURES_ALLOWED);
      const rows = await db.one.get<{ n: number }>('SELECT COUNT(*) AS n FROM sign_in_failures');
      expect(Number(rows?.n)).toBe(FAILURES_ALLOWED);
    } finally {
      await db.close();
      folder.remove();
    }
  });
});

describe('POST /session, guesses sent at once', () => {
  let service: TestService;
  let folder: ReturnType<typeof sharedFolder>;
  let a: Harness;
  let b: Harness;
  it.beforeAll(async ({ service: started }) => {
    service = started;
    folder = sharedFolder();
    // Two gateways on one database, as two processes behind a load balancer.
    const sessionKey = randomBytes(32);
    const options = { upstream: service.url, dataDir: folder.dir, sessionKey };
    a = await startHarness(options);
    b = await startHarness(options);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    folder.remove();
  });
  const asked = () => a.tokenRequests() + b.tokenRequests();

  it('lets at most FAILURES_ALLOWED of 40 wrong secrets reach the service; the rest are held', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? a : b).browser().signIn('globex-admin', 'guess'),
      ),
    );
    const statuses = results.map((result) => result.status);
    // Counted on the answer, all 40 reached the service and were told 401.
    expect(asked()).toBeLessThanOrEqual(FAILURES_ALLOWED);
    expect(statuses.filter((status) => status === 401)).toHaveLength(asked());
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - asked());
    const held = results.find((result) => result.status === 429);
    expect(Number(held?.headers.get('retry-after'))).toBeGreaterThan(0);

    // The right secret is held too (ADR 009); another client id is not.
    const before = asked();
    expectMessage(await a.browser().signIn('globex-admin'), 429, /Too many failed sign-ins/);
    expect(asked()).toBe(before);
    expect((await b.browser().signIn('acme-admin')).status).toBe(200);
  });

  it('a right secret before the hold clears the guesses counted so far', async () => {
    const wrong = await Promise.all(
      Array.from({ length: FAILURES_ALLOWED - 1 }, (_, i) =>
        (i % 2 ? a : b).browser().signIn('acme-notary', 'guess'),
      ),
    );
    expect(wrong.map((result) => result.status)).toEqual(wrong.map(() => 401));
    expect((await a.browser().signIn('acme-notary')).status).toBe(200);
    const again = await Promise.all(
      Array.from({ length: FAILURES_ALLOWED }, () => b.browser().signIn('acme-notary', 'guess')),
    );
    expect(again.map((result) => result.status)).toEqual(again.map(() => 401));
    expect((await a.browser().signIn('acme-notary')).status).toBe(429);
  });

  it('does not count a guess the service could not be asked about', async () => {
    a.intercept = (url) => (url.endsWith('/auth/v1/oauth2/token') ? Response.error() : undefined);
    try {
      for (let i = 0; i < FAILURES_ALLOWED + 2; i += 1) {
        expect((await a.browser().signIn('acme-admin', 'guess')).status).toBe(502);
      }
    } finally {
      a.intercept = null;
    }
    expect((await a.browser().signIn('acme-admin', 'guess')).status).toBe(401);
    expect((await a.browser().signIn('acme-admin')).status).toBe(200);
  });
});
