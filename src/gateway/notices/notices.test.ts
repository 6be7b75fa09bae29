import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { FindingChangeSchema } from '../../contract/findings.ts';
import { NOTICE_ATTEMPTS, NoticeSchema } from '../../contract/notices.ts';
import { openGatewayDatabase } from '../db/open.ts';
import { DatabaseUnavailableError, type Sql } from '../db/sql.ts';
import type { Feed } from '../events/event-log.ts';
import { freshDatabases, testDatabase } from '../testing/database.ts';
import { findingChange } from '../../contract/testing/findings.ts';
import { startNoticeReceiver, type NoticeAnswer, type NoticeReceiver } from '../testing/notices.ts';
import { retryDelayMs } from './outbox.ts';
import { createNotices, type Notices, type NoticeSettings } from './sender.ts';

// The notice outbox (ADR 030) over real HTTP, on SQLite and, in the gateway-postgres project,
// on PostgreSQL: signed POSTs a Standard Webhooks verifier accepts, retries on the schedule,
// redelivery, nothing without a URL, and one delivery per notice however many senders.

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const ROTATED = `whsec_${randomBytes(24).toString('base64')}`;
const ACME: Feed = { environment: 'production', owner: 'acme' };
const GLOBEX: Feed = { environment: 'production', owner: 'globex' };

const database = freshDatabases();
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

async function receiver(answer?: NoticeAnswer, secret = SECRET): Promise<NoticeReceiver> {
  const started = await startNoticeReceiver(secret, answer);
  cleanup.push(() => started.close());
  return started;
}

/** A clock that moves only when told to. */
function manualClock(start = Date.parse('2030-01-07T10:00:00.000Z')) {
  let t = start;
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

function outbox(sql: Sql, settings: NoticeSettings, now: () => number = Date.now) {
  const notices = createNotices(sql, settings, now);
  cleanup.push(() => notices.stop());
  return notices;
}

describe('notices', () => {
  it('POSTs each notice once, signed so that a Standard Webhooks verifier accepts it', async () => {
    const sql = await database();
    const endpoint = await receiver();
    const notices = outbox(sql, { url: endpoint.url, secrets: [SECRET, ROTATED] });
    notices.start();
    const raised = await notices.enqueue(ACME, 'finding.raised', findingChange(1));
    const answered = await notices.enqueue(ACME, 'finding.answered', findingChange(1, 'answered'));
    const received = await endpoint.waitFor(2);

    expect(received.map((r) => r.id).sort()).toEqual([raised, answered].sort());
    for (const one of received) {
      expect(one.verified, one.body).toBe(true);
      expect(one.headers['content-type']).toBe('application/json');
      // One signature per secret: a receiver on the rotated secret verifies too.
      expect(String(one.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(Math.abs(Number(one.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(
        60,
      );
    }
    const first = received.find((r) => r.id === raised);
    expect(first?.notice).toMatchObject({
      type: 'finding.raised',
      environment: 'production',
      owner: 'acme',
    });
    expect(FindingChangeSchema.parse(first?.notice?.data)).toEqual(findingChange(1));

    // The endpoint has them; the sender records its answers a moment later.
    await expect
      .poll(async () => (await notices.list(ACME, { limit: 10 })).notices.map((n) => n.state))
      .toEqual(['sent', 'sent']);
    // Sent is final: nothing more goes out.
    expect(await notices.tick()).toBe(0);
    const { notices: listed } = await notices.list(ACME, { limit: 10 });
    expect(listed.map((n) => NoticeSchema.parse(n).id)).toEqual([answered, raised]);
    expect(listed[1]).toMatchObject({
      state: 'sent',
      round: 1,
      attemptCount: 1,
      nextAttemptOn: null,
      payload: findingChange(1),
      attempts: [{ round: 1, attempt: 1, statusCode: 204, error: null }],
    });
    expect(endpoint.received).toHaveLength(2);
  });

  it('verifies with the second secret alone, and not with another', async () => {
    const sql = await database();
    const rotated = await receiver(undefined, ROTATED);
    const notices = outbox(sql, { url: rotated.url, secrets: [SECRET, ROTATED] });
    await notices.enqueue(ACME, 'finding.settled', findingChange(2, 'settled'));
    await notices.tick();
    expect(rotated.received.map((r) => r.verified)).toEqual([true]);

    const other = await receiver(undefined, `whsec_${randomBytes(32).toString('base64')}`);
    const wrong = outbox(sql, { url: other.url, secrets: [SECRET] });
    await wrong.enqueue(ACME, 'finding.settled', findingChange(3, 'settled'));
    await wrong.tick();
    expect(other.received.map((r) => r.verified)).toEqual([false]);
  });

  it('tries a third time after two failures, with the same webhook-id', async () => {
    const sql = await database();
    const endpoint = await receiver((n) => (n < 2 ? 500 : 200));
    const notices = outbox(sql, {
      url: endpoint.url,
      secrets: [SECRET],
      retryBaseMs: 20,
      pollMs: 50,
    });
    notices.start();
    const id = await notices.enqueue(ACME, 'finding.raised', findingChange(4));
    const received = await endpoint.waitFor(3);
    expect(received.map((r) => r.id)).toEqual([id, id, id]);
    expect(received.every((r) => r.verified)).toBe(true);
    // The body is the same bytes each time; only the attempt's timestamp and signature move.
    expect(new Set(received.map((r) => r.body)).size).toBe(1);

    await expect.poll(async () => (await notices.byId(ACME, id ?? ''))?.state).toBe('sent');
    const notice = await notices.byId(ACME, id ?? '');
    expect(notice?.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(notice?.attemptCount).toBe(3);
    expect(endpoint.received).toHaveLength(3);
  });

  it('follows the schedule, counts a timeout, a redirect and a refused connection, then fails', async () => {
    const sql = await database();
    const clock = manualClock();
    const endpoint = await receiver((n) => (n === 0 ? 'hang' : n === 1 ? 302 : 503));
    const notices = outbox(
      sql,
      // Long enough for a busy machine's receiver to answer the attempts that do answer.
      { url: endpoint.url, secrets: [SECRET], timeoutMs: 2_000 },
      clock.now,
    );
    const id = (await notices.enqueue(ACME, 'finding.reassigned', findingChange(5))) ?? '';
    const state = async () => (await notices.byId(ACME, id))!;

    await notices.tick();
    expect(await state()).toMatchObject({
      state: 'retrying',
      attemptCount: 1,
      nextAttemptOn: new Date(clock.now() + 5_000).toISOString(),
    });
    const delays = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000];
    expect(delays.map((_, i) => retryDelayMs(i + 1))).toEqual(delays);
    for (const [i, delay] of delays.entries()) {
      clock.advance(delay - 1);
      expect(await notices.tick(), `a millisecond before attempt ${i + 2}`).toBe(0);
      clock.advance(1);
      expect(await notices.tick()).toBe(1);
      expect((await state()).attemptCount).toBe(i + 2);
    }
    const failed = await state();
    expect(failed).toMatchObject({
      state: 'failed',
      attemptCount: NOTICE_ATTEMPTS,
      nextAttemptOn: null,
      sentOn: null,
    });
    expect(failed.attempts[0]).toMatchObject({ statusCode: null, error: 'no answer within 2 s' });
    expect(failed.attempts[1]).toMatchObject({ statusCode: 302, error: null });
    expect(failed.attempts.slice(2).every((a) => a.statusCode === 503)).toBe(true);
    // Failed is final until a manager redelivers it.
    clock.advance(86_400_000);
    expect(await notices.tick()).toBe(0);
    expect(endpoint.received).toHaveLength(NOTICE_ATTEMPTS);

    const closed = await startNoticeReceiver(SECRET);
    await closed.close();
    const nowhere = outbox(sql, { url: closed.url, secrets: [SECRET] }, clock.now);
    const lost = (await nowhere.enqueue(ACME, 'finding.raised', findingChange(6))) ?? '';
    await nowhere.tick();
    const [refused] = (await nowhere.byId(ACME, lost))?.attempts ?? [];
    expect(refused).toMatchObject({
      statusCode: null,
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('redelivers a fresh round with the same webhook-id, only for its own feed', async () => {
    const sql = await database();
    const endpoint = await receiver();
    const notices = outbox(sql, { url: endpoint.url, secrets: [SECRET] });
    const id = (await notices.enqueue(ACME, 'finding.raised', findingChange(7))) ?? '';
    await notices.tick();

    expect(await notices.redeliver(GLOBEX, id)).toEqual({ kind: 'unknown' });
    expect(await notices.redeliver(ACME, 'msg_nothing')).toEqual({ kind: 'unknown' });
    const again = await notices.redeliver(ACME, id);
    expect(again).toMatchObject({
      kind: 'redelivered',
      notice: { state: 'pending', round: 2, attemptCount: 0 },
    });
    await notices.tick();
    expect(endpoint.received.map((r) => r.id)).toEqual([id, id]);
    expect(endpoint.received.every((r) => r.verified)).toBe(true);
    const notice = await notices.byId(ACME, id);
    expect(notice).toMatchObject({ state: 'sent', round: 2, attemptCount: 1 });
    expect(notice?.attempts.map((a) => [a.round, a.attempt])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect((await notices.list(GLOBEX, { limit: 10 })).notices).toEqual([]);
  });

  it('sends a Basic-auth relay its credentials as a header, and never shows them', async () => {
    const sql = await database();
    const endpoint = await receiver();
    const withCredentials = (url: string) =>
      url.replace('http://', 'http://attest:p%40ss%3Aw0rd-long@');
    const notices = outbox(sql, { url: withCredentials(endpoint.url), secrets: [SECRET] });
    const id = (await notices.enqueue(ACME, 'finding.raised', findingChange(9))) ?? '';
    await notices.tick();
    const [received] = endpoint.received;
    expect(received?.headers.authorization).toBe(
      `Basic ${Buffer.from('attest:p@ss:w0rd-long').toString('base64')}`,
    );
    expect(received?.verified).toBe(true);
    expect(await notices.byId(ACME, id)).toMatchObject({ state: 'sent' });
    expect(notices.endpoint).toBe(new URL(endpoint.url).origin);

    // An attempt that fails names the origin only: no path, no user or password.
    const closed = await startNoticeReceiver(SECRET);
    await closed.close();
    const secretPath = `${closed.url}/T0KEN-in-the-path`;
    const nowhere = outbox(sql, { url: withCredentials(secretPath), secrets: [SECRET] });
    expect(nowhere.endpoint).toBe(new URL(closed.url).origin);
    const lost = (await nowhere.enqueue(ACME, 'finding.raised', findingChange(10))) ?? '';
    await nowhere.tick();
    const shown = JSON.stringify(await nowhere.byId(ACME, lost));
    expect(shown).toMatch(/ECONNREFUSED/);
    expect(shown).not.toMatch(/T0KEN|w0rd|attest:|p%40ss/);
  });

  it('keeps and sends nothing without a URL', async () => {
    const sql = await database();
    const notices = outbox(sql, { url: undefined, secrets: [] });
    notices.start();
    expect(notices).toMatchObject({ configured: false, endpoint: null });
    expect(await notices.enqueue(ACME, 'finding.raised', findingChange(8))).toBeNull();
    expect(await notices.tick()).toBe(0);
    expect((await notices.list(ACME, { limit: 10 })).notices).toEqual([]);
    expect(await sql.get('SELECT COUNT(*) AS n FROM notices')).toEqual({ n: 0 });
  });

  it('keeps sent and failed notices 30 days, pending ones until they are sent', async () => {
    const sql = await database();
    const clock = manualClock();
    const endpoint = await receiver();
    const settings = { url: endpoint.url, secrets: [SECRET], pollMs: 20 };
    const old = outbox(sql, settings, clock.now);
    const sent = (await old.enqueue(ACME, 'finding.raised', findingChange(12))) ?? '';
    await old.tick();
    clock.advance(29 * 86_400_000);
    const waiting = (await old.enqueue(ACME, 'finding.raised', findingChange(13))) ?? '';
    clock.advance(2 * 86_400_000);
    // A sender's first round prunes: the sent one is 31 days old, the other 2 and pending.
    const pruning = outbox(sql, { ...settings, url: 'http://127.0.0.1:9/' }, clock.now);
    pruning.start();
    await expect.poll(async () => (await pruning.byId(ACME, sent)) === undefined).toBe(true);
    expect((await pruning.list(ACME, { limit: 10 })).notices.map((n) => n.id)).toEqual([waiting]);
    expect(
      await sql.get('SELECT COUNT(*) AS n FROM notice_attempts WHERE notice_id = ?', [sent]),
    ).toEqual({ n: 0 });
  });

  it('pages newest first', async () => {
    const sql = await database();
    const notices = outbox(sql, { url: 'http://127.0.0.1:9/', secrets: [SECRET] });
    const ids: string[] = [];
    for (let n = 0; n < 5; n += 1) {
      ids.push((await notices.enqueue(ACME, 'finding.raised', findingChange(n))) ?? '');
    }
    await notices.enqueue(GLOBEX, 'finding.raised', findingChange(9));
    const first = await notices.list(ACME, { limit: 2 });
    expect(first.notices.map((n) => n.id)).toEqual([ids[4], ids[3]]);
    const second = await notices.list(ACME, { limit: 2, cursor: Number(first.next) });
    expect(second.notices.map((n) => n.id)).toEqual([ids[2], ids[1]]);
    const third = await notices.list(ACME, { limit: 2, cursor: Number(second.next) });
    expect(third).toEqual({ notices: [expect.objectContaining({ id: ids[0] })] });
  });

  it('records an attempt once the database is back from a cut after its POST, and sends it once', async () => {
    // A team's day cut the database for ten seconds as a notice's POST was answered: its
    // record failed, its lease ran out, and it went out a second time.
    const sql = await database();
    let away = false;
    const cut = () => Promise.reject(new DatabaseUnavailableError('the connection was cut'));
    const flaky: Sql = {
      dialect: sql.dialect,
      all: (text, params) => (away ? cut() : sql.all(text, params)),
      get: (text, params) => (away ? cut() : sql.get(text, params)),
      run: (text, params) => (away ? cut() : sql.run(text, params)),
      transaction: (work) => (away ? cut() : sql.transaction(work)),
      close: () => sql.close(),
    };
    const endpoint = await receiver(() => {
      away = true;
      setTimeout(() => (away = false), 700);
      return 204;
    });
    const clock = manualClock();
    const notices = outbox(flaky, { url: endpoint.url, secrets: [SECRET] }, clock.now);
    const id = await notices.enqueue(ACME, 'finding.raised', findingChange(12));
    expect(await notices.tick()).toBe(1);
    expect(endpoint.received.map((r) => r.id)).toEqual([id]);
    // Long past its lease, as any process would look: nothing is due, nothing goes again.
    clock.advance(120_000);
    expect(await notices.tick()).toBe(0);
    expect(endpoint.received).toHaveLength(1);
    const [notice] = (await notices.list(ACME, { limit: 10 })).notices;
    expect(notice).toMatchObject({ id, state: 'sent', attemptCount: 1 });
  });

  it('stores a notice in the transaction of the change, or not at all', async () => {
    const sql = await database();
    const notices = outbox(sql, { url: 'http://127.0.0.1:9/', secrets: [SECRET] });
    await expect(
      sql.transaction(async (tx) => {
        await notices.enqueue(ACME, 'finding.raised', findingChange(10), tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await notices.list(ACME, { limit: 10 })).notices).toEqual([]);
    await sql.transaction((tx) => notices.enqueue(ACME, 'finding.raised', findingChange(11), tx));
    expect((await notices.list(ACME, { limit: 10 })).notices).toHaveLength(1);
  });
});

describe('notices from several senders on one database', () => {
  it('delivers each notice once, whoever takes it', async () => {
    // Three senders, as three processes would have: on PostgreSQL each with a pool of its
    // own on one schema; gateway.db has one connection per process, so they share it.
    const target = testDatabase();
    const endpoint = await receiver();
    const settings = { url: endpoint.url, secrets: [SECRET], pollMs: 20 };
    const shared = target ? undefined : await database();
    const senders: Notices[] = [];
    for (let i = 0; i < 3; i += 1) {
      let sql = shared;
      if (!sql) {
        const db = await openGatewayDatabase({ dataDir: null, ...target, log: () => undefined });
        cleanup.push(() => db.close());
        sql = db.sql;
      }
      senders.push(outbox(sql, settings));
    }
    const ids: string[] = [];
    for (let n = 0; n < 40; n += 1) {
      const sender = senders[n % senders.length]!;
      ids.push((await sender.enqueue(ACME, 'finding.raised', findingChange(n))) ?? '');
    }
    // All due at once, and every sender after them at the same moment.
    for (const sender of senders) sender.start();
    for (let n = 40; n < 60; n += 1) {
      const sender = senders[n % senders.length]!;
      ids.push((await sender.enqueue(ACME, 'finding.raised', findingChange(n))) ?? '');
    }
    await endpoint.waitFor(ids.length, 10_000);
    // Time for a second sending of any of them to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(endpoint.received.map((r) => r.id).sort()).toEqual([...ids].sort());
    await expect
      .poll(async () => {
        const { notices } = await senders[0]!.list(ACME, { limit: 100 });
        return notices.every((n) => n.state === 'sent' && n.attempts.length === 1);
      })
      .toBe(true);
  });
});
