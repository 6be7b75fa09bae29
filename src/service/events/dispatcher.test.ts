import { rmSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentReadyPayloadSchema } from '../../contract/webhooks.ts';
import { createClock, type Clock } from '../clock.ts';
import type { ServiceContext } from '../context.ts';
import { startService } from '../server.ts';
import { transaction } from '../store/transaction.ts';
import { demoDataCopy, startTestService, type TestService } from '../testing/service.ts';
import { signatureHeader } from './delivery.ts';
import { publishDocumentReady } from './document-ready.ts';
import { startReceiver, type ReceivedRequest, type Respond } from '../testing/receiver.ts';

const VECTOR_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SECOND_SECRET = `whsec_${Buffer.from('a second key for rotation').toString('base64')}`;
// The spec's delays before attempts 2..9, written out here so a wrong constant fails.
const SPEC_DELAYS = [5, 60, 300, 1800, 7200, 18_000, 36_000, 86_400];
const UNRELATED_SECRET = `whsec_${Buffer.from('not one of ours').toString('base64')}`;

/** A clock that moves only when told to, so retry times can be checked exactly. */
function manualClock(start = Date.parse('2030-01-01T00:00:00.000Z')): Clock {
  let t = start;
  return {
    now: () => new Date(t),
    nowSeconds: () => Math.floor(t / 1000),
    advance(ms) {
      t += ms;
    },
    get offsetMs() {
      return t - Date.now();
    },
  };
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

async function setup(respond?: Respond, clock?: Clock, timeoutMs?: number) {
  const receiver = await startReceiver(respond);
  cleanup.push(() => receiver.close());
  const webhook = { url: receiver.url, secrets: [VECTOR_SECRET, SECOND_SECRET], timeoutMs };
  const service = await startTestService({ webhook, ...(clock ? { clock } : {}) });
  cleanup.push(() => service.close());
  return { receiver, service };
}

/** Publishes DOCUMENT_READY for one of the owner's files, as a change would. */
function publishReady(ctx: ServiceContext, owner = 'acme'): string {
  const file = ctx.db
    .prepare('SELECT id, blob_key FROM files WHERE owner = ? ORDER BY id LIMIT 1')
    .get(owner) as { id: string; blob_key: string };
  return transaction(ctx.db, () => publishDocumentReady(ctx, owner, file.id, file.blob_key));
}

function outboxRow(service: TestService, id: string) {
  return service.ctx.db
    .prepare('SELECT status, attempts, next_attempt_on, delivered_on FROM outbox WHERE id = ?')
    .get(id) as {
    status: string;
    attempts: number;
    next_attempt_on: string | null;
    delivered_on: string | null;
  };
}

function attemptsOf(service: TestService, id: string) {
  return service.ctx.db
    .prepare(
      'SELECT attempt, attempted_on, url, status_code, error FROM delivery_attempts WHERE message_id = ? ORDER BY id',
    )
    .all(id) as {
    attempt: number;
    attempted_on: string;
    url: string;
    status_code: number | null;
    error: string | null;
  }[];
}

/** The Standard Webhooks verifier reads webhook-* headers; the spec names them hook-*. */
function asStandardHeaders(request: ReceivedRequest): Record<string, string> {
  const pick = (name: string) => String(request.headers[`hook-${name}`]);
  return {
    'webhook-id': pick('id'),
    'webhook-timestamp': pick('timestamp'),
    'webhook-signature': pick('signature'),
  };
}

describe('signing', () => {
  it('matches the Standard Webhooks test vector', () => {
    const at = new Date(1614265330 * 1000);
    expect(
      signatureHeader([VECTOR_SECRET], 'msg_p5jXN8AQM9LWM0D4loKWxJek', at, '{"test": 2432232314}'),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs once per secret, space-separated, in the order configured', () => {
    const at = new Date(1614265330 * 1000);
    const header = signatureHeader([VECTOR_SECRET, SECOND_SECRET], 'msg_1', at, '{}');
    const [first, second, ...rest] = header.split(' ');
    expect(rest).toEqual([]);
    expect(first).toBe(signatureHeader([VECTOR_SECRET], 'msg_1', at, '{}'));
    expect(second).toBe(signatureHeader([SECOND_SECRET], 'msg_1', at, '{}'));
    expect(first).not.toBe(second);
  });
});

describe('delivery', () => {
  it('POSTs a signed DOCUMENT_READY that a Standard Webhooks verifier accepts with either secret', async () => {
    const { receiver, service } = await setup();
    const id = publishReady(service.ctx);
    // No tick: the dispatcher's own loop delivers it.
    const [request] = await receiver.waitFor(1);
    if (!request) throw new Error('no request');

    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['hook-id']).toBe(id);
    expect(request.headers['hook-event-type']).toBe('DOCUMENT_READY');
    expect(String(request.headers['hook-signature']).split(' ')).toHaveLength(2);
    const headers = asStandardHeaders(request);
    for (const secret of [VECTOR_SECRET, SECOND_SECRET]) {
      expect(new Webhook(secret).verify(request.body, headers)).toEqual(JSON.parse(request.body));
    }
    // The controls: another secret, or a changed body, does not verify.
    expect(() => new Webhook(UNRELATED_SECRET).verify(request.body, headers)).toThrow(/signature/);
    expect(() =>
      new Webhook(VECTOR_SECRET).verify(request.body.replace('"crid"', '"CRID"'), headers),
    ).toThrow(/signature/);

    // Only the five payload fields, and a download URL that works.
    const payload = DocumentReadyPayloadSchema.parse(JSON.parse(request.body));
    expect(Object.keys(JSON.parse(request.body) as object).sort()).toEqual(
      ['crid', 'downloadUrl', 'fileRequestUUID', 'fileUUID', 'matterUUID'].sort(),
    );
    const pdf = await fetch(payload.downloadUrl);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    await service.ctx.events.tick();
    expect(outboxRow(service, id)).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(attemptsOf(service, id)).toEqual([
      expect.objectContaining({ attempt: 1, url: receiver.url, status_code: 204, error: null }),
    ]);
  });

  it('follows the retry schedule under the service clock and fails after 9 attempts', async () => {
    const clock = manualClock();
    const { receiver, service } = await setup(() => 500, clock);
    const id = publishReady(service.ctx);
    const started = clock.now().getTime();
    await service.ctx.events.tick();
    expect(outboxRow(service, id).attempts).toBe(1);

    for (const [n, delay] of SPEC_DELAYS.entries()) {
      // One second early: not due yet.
      clock.advance((delay - 1) * 1000);
      await service.ctx.events.tick();
      expect(outboxRow(service, id).attempts).toBe(n + 1);
      clock.advance(1000);
      await service.ctx.events.tick();
      expect(outboxRow(service, id).attempts).toBe(n + 2);
    }

    const row = outboxRow(service, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 9, next_attempt_on: null });
    const attempts = attemptsOf(service, id);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(attempts.every((a) => a.status_code === 500)).toBe(true);
    const times = attempts.map((a) => Date.parse(a.attempted_on));
    expect(times.slice(1).map((t, i) => (t - (times[i] as number)) / 1000)).toEqual(SPEC_DELAYS);
    expect(times[0]).toBe(started);

    // Same hook-id on every attempt; hook-timestamp is wall-clock time (receivers compare it
    // with their own clocks, whatever the sandbox clock says); the download URL is presigned
    // afresh each time on the service clock, valid for 60 minutes from the attempt.
    expect(receiver.requests).toHaveLength(9);
    receiver.requests.forEach((request, i) => {
      expect(request.headers['hook-id']).toBe(id);
      const at = (times[i] as number) / 1000;
      expect(Math.abs(Number(request.headers['hook-timestamp']) - Date.now() / 1000)).toBeLessThan(
        60,
      );
      const url = new URL(DocumentReadyPayloadSchema.parse(JSON.parse(request.body)).downloadUrl);
      expect(url.searchParams.get('expires')).toBe(String(at + 3600));
    });

    // Failed is final: a day later nothing more is sent.
    clock.advance(2 * 86_400_000);
    await service.ctx.events.tick();
    expect(receiver.requests).toHaveLength(9);
  });

  it('stops at the first 2xx and never sends a delivered message again', async () => {
    const clock = manualClock();
    const { receiver, service } = await setup((n) => (n < 3 ? 503 : 200), clock);
    const id = publishReady(service.ctx);
    await service.ctx.events.tick();
    for (const delay of SPEC_DELAYS.slice(0, 3)) {
      clock.advance(delay * 1000);
      await service.ctx.events.tick();
    }
    expect(outboxRow(service, id)).toMatchObject({
      status: 'delivered',
      attempts: 4,
      next_attempt_on: null,
      delivered_on: clock.now().toISOString(),
    });
    expect(attemptsOf(service, id).map((a) => a.status_code)).toEqual([503, 503, 503, 200]);
    clock.advance(3 * 86_400_000);
    await service.ctx.events.tick();
    expect(receiver.requests).toHaveLength(4);
  });

  it('counts a redirect, a network error and a timeout as failed attempts', async () => {
    const clock = manualClock();
    const { service } = await setup((n) => (n === 0 ? 302 : 'hang'), clock, 200);
    const id = publishReady(service.ctx);
    await service.ctx.events.tick();
    clock.advance(5000);
    await service.ctx.events.tick();
    const [redirect, timeout] = attemptsOf(service, id);
    expect(redirect).toMatchObject({ status_code: 302, error: null });
    expect(timeout).toMatchObject({ status_code: null, error: 'no answer within 0.2 s' });

    const closed = await startReceiver();
    await closed.close();
    const refused = await startTestService({
      webhook: { url: closed.url, secrets: [VECTOR_SECRET] },
    });
    cleanup.push(() => refused.close());
    const other = publishReady(refused.ctx);
    await refused.ctx.events.tick();
    const [attempt] = attemptsOf(refused, other);
    expect(attempt?.status_code).toBeNull();
    expect(attempt?.error).toMatch(/fetch failed.*ECONNREFUSED/);
    expect(outboxRow(refused, other)).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('never posts one message twice at once', async () => {
    // Answered 150 ms after it came; a third tick starts the moment it has come.
    const arrived = Promise.withResolvers<void>();
    const slowly = () => {
      arrived.resolve();
      return new Promise<number>((resolve) => setTimeout(() => resolve(204), 150));
    };
    const { receiver, service } = await setup(slowly);
    const id = publishReady(service.ctx);
    const ticks = [service.ctx.events.tick(), service.ctx.events.tick()];
    await arrived.promise;
    ticks.push(service.ctx.events.tick());
    await Promise.all(ticks);
    expect(receiver.requests.filter((r) => r.headers['hook-id'] === id)).toHaveLength(1);
    expect(outboxRow(service, id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('sends each owner to its own endpoint when the URL names {owner}', async () => {
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const url = `${receiver.url}/{owner}`;
    const service = await startTestService({ webhook: { url, secrets: [VECTOR_SECRET] } });
    cleanup.push(() => service.close());
    const acme = publishReady(service.ctx, 'acme');
    const globex = publishReady(service.ctx, 'globex');
    await service.ctx.events.tick();
    const paths = Object.fromEntries(
      receiver.requests.map((r) => [String(r.headers['hook-id']), r.path]),
    );
    expect(paths).toEqual({ [acme]: '/webhooks/acme', [globex]: '/webhooks/globex' });
    expect(attemptsOf(service, globex)[0]?.url).toBe(`${receiver.url}/globex`);
  });

  it('leaves messages pending when no endpoint is configured', async () => {
    const service = await startTestService();
    cleanup.push(() => service.close());
    const id = publishReady(service.ctx);
    expect(await service.ctx.events.tick()).toBe(0);
    service.ctx.clock.advance(86_400_000);
    expect(await service.ctx.events.tick()).toBe(0);
    expect(outboxRow(service, id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(attemptsOf(service, id)).toEqual([]);
  });
});

describe('restart', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('resumes a pending message in a new service over the same data folder', async () => {
    const dataDir = demoDataCopy('attest-dispatch-');
    dirs.push(dataDir);
    const failing = await startReceiver(() => 500);
    cleanup.push(() => failing.close());

    const first = await startService({
      dataDir,
      log: () => {},
      webhook: { url: failing.url, secrets: [VECTOR_SECRET] },
    });
    const id = publishReady(first.ctx);
    await first.ctx.events.tick();
    await first.close();
    expect(failing.requests).toHaveLength(1);

    // The second service's clock is past the 5 s retry delay; its loop picks the message up
    // without being told to.
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const second = await startService({
      dataDir,
      log: () => {},
      clock: createClock(new Date(Date.now() + 10_000)),
      webhook: { url: receiver.url, secrets: [VECTOR_SECRET] },
    });
    cleanup.push(() => second.close());
    const [request] = await receiver.waitFor(1);
    expect(request?.headers['hook-id']).toBe(id);
    await second.ctx.events.tick();
    const row = second.ctx.db
      .prepare('SELECT status, attempts FROM outbox WHERE id = ?')
      .get(id) as { status: string; attempts: number };
    expect(row).toEqual({ status: 'delivered', attempts: 2 });
  });
});
