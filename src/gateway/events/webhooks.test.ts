import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, vi } from 'vitest';
import { serviceTest as it, UNTIL } from '../../service/testing/fixtures.ts';
import { ErrorBodySchema } from '../../contract/common.ts';
import { z } from '../../contract/zod.ts';
import { ReceivedEventListSchema, ReceivedEventSchema } from '../../contract/session.ts';
import { OWNER_SECRETS, ownerSecrets } from '../../contract/testing/fixtures.ts';
import type { TestService } from '../../service/testing/service.ts';
import { startHarness, type Browser, type EventStream, type Harness } from '../testing/harness.ts';

const SECRET = `whsec_${Buffer.from('gateway webhook test secret').toString('base64')}`;
const ROTATED = `whsec_${Buffer.from('the next secret, rotating in').toString('base64')}`;
const STRANGER = `whsec_${Buffer.from('not a secret the gateway knows').toString('base64')}`;

let service: TestService;
let gateway: Harness;
let acme: Browser;
let globex: Browser;
const streams: EventStream[] = [];

it.beforeAll(async ({ service: started }) => {
  service = started;
  gateway = await startHarness({
    upstream: service.url,
    webhookSecrets: [SECRET, ROTATED],
    heartbeatMs: 100,
  });
  acme = gateway.browser();
  globex = gateway.browser();
  await acme.signIn('acme-reviewer');
  await globex.signIn('globex-admin');
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await gateway.close();
});

async function open(browser: Browser, options?: Parameters<Browser['events']>[0]) {
  const stream = await browser.events(options);
  streams.push(stream);
  return stream;
}

interface Delivery {
  id?: string;
  type?: string;
  payload?: Record<string, unknown>;
  secrets?: string[];
  /** Seconds from now of hook-timestamp. */
  skew?: number;
  headers?: Record<string, string>;
  /** Another gateway than the shared one. */
  to?: Harness;
}

async function deliver(owner: string, d: Delivery = {}) {
  const id = d.id ?? `msg_${randomUUID()}`;
  const body = JSON.stringify(d.payload ?? { crid: 'C-1', note: 'test' });
  const at = new Date(Date.now() + (d.skew ?? 0) * 1000);
  const signature = (d.secrets ?? [SECRET])
    .map((secret) => new Webhook(secret).sign(id, at, body))
    .join(' ');
  const response = await fetch(`${(d.to ?? gateway).url}/webhooks/${owner}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'hook-id': id,
      'hook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'hook-signature': signature,
      'hook-event-type': d.type ?? 'DOCUMENT_READY',
      ...d.headers,
    },
    body,
  });
  const text = await response.text();
  return { id, status: response.status, text };
}

async function recent(browser: Browser, query = '') {
  const result = await browser.request('GET', `/events/recent${query}`);
  expect(result.status, result.text).toBe(200);
  return ReceivedEventListSchema.parse(result.body).events;
}

const refused = (browser: Browser) => recent(browser, '?check=refused');

function expect400(result: { status: number; text: string }, message: RegExp) {
  expect(result.status, result.text).toBe(400);
  expect(ErrorBodySchema.parse(JSON.parse(result.text)).message).toMatch(message);
}

const parsed = (stream: EventStream) =>
  stream.messages.map((m) => ({ ...m, event: ReceivedEventSchema.parse(JSON.parse(m.data)) }));

describe('POST /webhooks/:owner: signatures', () => {
  it('accepts a delivery signed with a configured secret: 204', async () => {
    const result = await deliver('acme');
    expect(result.status, result.text).toBe(204);
    const [latest] = await recent(acme);
    expect(latest).toMatchObject({ hookId: result.id, owner: 'acme', verified: true });
    expect(latest?.payload).toEqual({ crid: 'C-1', note: 'test' });
  });

  it('accepts any configured secret, and a header with several v1 signatures', async () => {
    expect((await deliver('acme', { secrets: [ROTATED] })).status).toBe(204);
    expect((await deliver('acme', { secrets: [STRANGER, SECRET] })).status).toBe(204);
  });

  it('refuses a signature made with another secret: 400, recorded apart as not verified', async () => {
    const result = await deliver('acme', { secrets: [STRANGER] });
    expect400(result, /signature/);
    const entry = (await refused(acme)).find((e) => e.hookId === result.id);
    expect(entry).toMatchObject({ verified: false, owner: 'acme', type: 'DOCUMENT_READY' });
    expect((await recent(acme)).some((e) => e.hookId === result.id)).toBe(false);
  });

  it('keeps a delivery whose payload nests thousands deep, without its payload: no 500', async () => {
    // Parsing that deep is fine; walking or storing it recursively would overflow the stack.
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const id = `msg_${randomUUID()}`;
    const at = new Date();
    const send = (secret: string) =>
      fetch(`${gateway.url}/webhooks/acme`, {
        method: 'POST',
        headers: {
          'hook-id': id,
          'hook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'hook-signature': new Webhook(secret).sign(id, at, deep),
          'hook-event-type': 'DOCUMENT_READY',
        },
        body: deep,
      });
    expect((await send(STRANGER)).status).toBe(400);
    expect((await send(SECRET)).status).toBe(204);
    const kept = (await recent(acme)).find((e) => e.hookId === id);
    expect(kept?.payload).toEqual({});
  });

  it('refuses a tampered body', async () => {
    const id = `msg_${randomUUID()}`;
    const at = new Date();
    const response = await fetch(`${gateway.url}/webhooks/acme`, {
      method: 'POST',
      headers: {
        'hook-id': id,
        'hook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'hook-signature': new Webhook(SECRET).sign(id, at, '{"crid":"C-1"}'),
      },
      body: '{"crid":"C-2"}',
    });
    expect(response.status).toBe(400);
  });

  it('refuses a timestamp 6 minutes old or 6 minutes ahead, even when correctly signed', async () => {
    expect400(await deliver('acme', { skew: -360 }), /timestamp/);
    expect400(await deliver('acme', { skew: 360 }), /timestamp/);
    // Inside the 5-minute window: fine.
    expect((await deliver('acme', { skew: -240 })).status).toBe(204);
  });

  it('refuses a delivery without the hook headers', async () => {
    const response = await fetch(`${gateway.url}/webhooks/acme`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
  });

  it('refuses everything when no secret is configured', async () => {
    const bare = await startHarness({ upstream: service.url });
    try {
      const response = await fetch(`${bare.url}/webhooks/acme`, {
        method: 'POST',
        headers: { 'hook-id': 'msg_x', 'hook-timestamp': '1', 'hook-signature': 'v1,x' },
        body: '{}',
      });
      expect(response.status).toBe(400);
    } finally {
      await bare.close();
    }
  });
});

describe('a burst of deliveries', () => {
  it("asks the service for the owner's newest requests once under way and once after, not once each", async () => {
    // The machine's checks hold a session of acme's once a reviewer's screen asks them.
    const list = await acme.request(
      'GET',
      '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=1',
    );
    const [first] = (list.body as { qcRequests: { id: string }[] }).qcRequests;
    expect((await acme.request('GET', `/team/checks?ids=${first!.id}`)).status).toBe(200);
    const newest = () =>
      gateway.calls.filter((c) => {
        const url = new URL(c.url);
        return (
          url.pathname === '/qc/v2/qc/requests' && url.searchParams.get('orderDirection') === 'desc'
        );
      }).length;
    const before = newest();
    const sent = await Promise.all(Array.from({ length: 30 }, () => deliver('acme')));
    expect(sent.map((r) => r.status)).toEqual(sent.map(() => 204));
    await vi.waitFor(() => expect(newest()).toBeGreaterThan(before), UNTIL);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(newest() - before).toBeLessThanOrEqual(3);
  });
});

describe('GET /events', () => {
  it('needs a session', async () => {
    const stream = await gateway.browser().events();
    expect(stream.response.status).toBe(401);
    expect((await gateway.browser().request('GET', '/events/recent')).status).toBe(401);
  });

  it("streams a verified delivery to its owner's streams only, as id/event/data", async () => {
    const acmeStream = await open(acme);
    const globexStream = await open(globex);
    expect(acmeStream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const forAcme = await deliver('acme', { type: 'ADDRESS_CHANGE', payload: { crid: 'A' } });
    const forGlobex = await deliver('globex', { payload: { crid: 'G' } });
    await deliver('acme', { secrets: [STRANGER] });
    // One more for each owner: a stream is in order, so once these have come, anything routed
    // or refused wrongly before them would have come too.
    const acmeAfter = await deliver('acme');
    const globexAfter = await deliver('globex');
    await acmeStream.waitFor(2);
    await globexStream.waitFor(2);

    const [received] = parsed(acmeStream);
    expect(parsed(acmeStream).map((m) => m.event.hookId)).toEqual([forAcme.id, acmeAfter.id]);
    expect(received?.event).toMatchObject({
      hookId: forAcme.id,
      type: 'ADDRESS_CHANGE',
      owner: 'acme',
      verified: true,
      payload: { crid: 'A' },
    });
    expect(received?.id).toBe(String(received?.event.seq));
    expect(received?.event.type).toBe('ADDRESS_CHANGE');
    expect(acmeStream.messages[0]?.event).toBe('ADDRESS_CHANGE');
    expect(parsed(globexStream).map((m) => m.event.hookId)).toEqual([forGlobex.id, globexAfter.id]);
  });

  it('streams a duplicate hook-id once, though both deliveries get 204', async () => {
    const stream = await open(acme);
    const id = `msg_${randomUUID()}`;
    expect((await deliver('acme', { id })).status).toBe(204);
    expect((await deliver('acme', { id, skew: -5 })).status).toBe(204);
    // Streamed after the duplicate would have been: once it has come, so would that have.
    const marker = await deliver('acme');
    await stream.waitFor(2);
    expect(parsed(stream).map((m) => m.event.hookId)).toEqual([id, marker.id]);
    expect((await recent(acme)).filter((e) => e.hookId === id)).toHaveLength(1);
  });

  it('a forged delivery cannot claim a hook-id ahead of the real one', async () => {
    const stream = await open(acme);
    const id = `msg_${randomUUID()}`;
    expect((await deliver('acme', { id, secrets: [STRANGER] })).status).toBe(400);
    expect((await deliver('acme', { id })).status).toBe(204);
    await stream.waitFor(1);
    expect(parsed(stream)[0]?.event).toMatchObject({ hookId: id, verified: true });
  });

  it('resumes after Last-Event-ID (header or query) with the owner’s verified events', async () => {
    const first = await deliver('acme', { payload: { n: 1 } });
    const firstSeq = (await recent(acme)).find((e) => e.hookId === first.id)?.seq;
    await deliver('globex', { payload: { n: 'globex' } });
    await deliver('acme', { payload: { n: 'forged' }, secrets: [STRANGER] });
    const second = await deliver('acme', { payload: { n: 2 } });
    const third = await deliver('acme', { payload: { n: 3 } });

    const resumed = await open(acme, { lastEventId: String(firstSeq) });
    await resumed.waitFor(2);
    expect(parsed(resumed).map((m) => m.event.hookId)).toEqual([second.id, third.id]);

    const byQuery = await open(acme, { query: `?lastEventId=${firstSeq}` });
    await byQuery.waitFor(2);
    expect(parsed(byQuery).map((m) => m.event.hookId)).toEqual([second.id, third.id]);

    // Live events follow the replay, in order, without repeats.
    const fourth = await deliver('acme');
    await resumed.waitFor(3);
    expect(parsed(resumed).map((m) => m.event.hookId)).toEqual([second.id, third.id, fourth.id]);
  });

  it('a burst reaches every open stream whole, each delivery once, and a stream resumed in the middle of it too', async () => {
    const marker = await deliver('acme');
    const markerSeq = (await recent(acme)).find((e) => e.hookId === marker.id)?.seq;
    const live = [await open(acme), await open(acme), await open(acme)];
    const burst = Array.from({ length: 60 }, () => deliver('acme'));
    // Opened while the burst is under way: what it missed is replayed, then the rest comes live.
    const resumed = await open(acme, { lastEventId: String(markerSeq) });
    const sent = await Promise.all(burst);
    expect(sent.map((r) => r.status)).toEqual(sent.map(() => 204));
    const ids = sent.map((r) => r.id).sort();
    for (const stream of [...live, resumed]) {
      await stream.waitFor(60);
      // Gathered into a few writes (a socket write per delivery was about 35 of them).
      expect(stream.chunks).toBeLessThanOrEqual(15);
      const got = parsed(stream);
      expect(got.map((m) => m.event.hookId).sort()).toEqual(ids);
      // On PostgreSQL two deliveries may be numbered in one order and published in the other:
      // each is sent as it comes, and a message's id never goes back, so a reconnect resumes
      // after the newest.
      const messageIds = got.map((m) => Number(m.id));
      expect(messageIds).toEqual([...messageIds].sort((a, b) => a - b));
      expect(messageIds.at(-1)).toBe(Math.max(...got.map((m) => m.event.seq)));
    }
  });

  it('sends heartbeat comments', async () => {
    const stream = await open(globex);
    await stream.waitForComment('heartbeat', 2000);
  });

  it('ends the stream when the session signs out', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-admin');
    const stream = await open(browser);
    expect((await browser.request('DELETE', '/session')).status).toBe(204);
    await stream.waitForEnd();
  });
});

describe('GET /events/recent', () => {
  it("lists the owner's verified deliveries newest first, and no one else's", async () => {
    const older = await deliver('acme', { payload: { order: 1 } });
    const forged = await deliver('acme', { payload: { order: 2 }, secrets: [STRANGER] });
    const newer = await deliver('acme', { payload: { order: 3 } });
    const other = await deliver('globex', { payload: { order: 4 } });
    const events = await recent(acme);
    expect(events.slice(0, 2).map((e) => [e.hookId, e.verified])).toEqual([
      [newer.id, true],
      [older.id, true],
    ]);
    expect(events.every((e) => e.owner === 'acme' && e.verified)).toBe(true);
    expect(events.some((e) => e.hookId === other.id || e.hookId === forged.id)).toBe(false);
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  });

  it("lists the owner's refused deliveries with ?check=refused, and no one else's", async () => {
    const mine = await deliver('acme', { payload: { order: 5 }, secrets: [STRANGER] });
    const theirs = await deliver('globex', { payload: { order: 6 }, secrets: [STRANGER] });
    const [latest] = await refused(acme);
    expect(latest).toMatchObject({ hookId: mine.id, owner: 'acme', verified: false });
    expect((await refused(acme)).some((e) => e.hookId === theirs.id)).toBe(false);
    expect((await refused(globex))[0]).toMatchObject({ hookId: theirs.id, owner: 'globex' });
    expect((await recent(acme, '?check=verified'))[0]?.verified).toBe(true);
    const bad = await acme.request('GET', '/events/recent?check=all');
    expect400({ status: bad.status, text: bad.text }, /check must be verified or refused/);
  });
});

/** Posts in batches, as a flood would, without holding hundreds of requests open at once. */
async function flood(count: number, post: (i: number) => Promise<{ status: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = Array.from({ length: Math.min(20, count - i) }, (_, j) => post(i + j));
    statuses.push(...(await Promise.all(batch)).map((r) => r.status));
  }
  return statuses;
}

describe('refused deliveries never displace verified ones', () => {
  it('after 210 forged posts every verified event of acme is still listed; the refused list holds 50', async () => {
    const verified = [];
    for (let i = 0; i < 3; i += 1) verified.push((await deliver('acme', { payload: { i } })).id);
    const statuses = await flood(210, (i) =>
      deliver('acme', { payload: { forged: i }, secrets: [STRANGER] }),
    );
    expect(new Set(statuses)).toEqual(new Set([400]));

    const listed = (await recent(acme)).map((e) => e.hookId);
    expect(listed.slice(0, 3)).toEqual(verified.reverse());
    const kept = await refused(acme);
    expect(kept).toHaveLength(50);
    // The newest is of the last batch; within a batch, sent at once, any may land last.
    expect(z.object({ forged: z.number() }).parse(kept[0]?.payload).forged).toBeGreaterThanOrEqual(
      190,
    );
  });

  it('keeps nothing for owner names nobody has seen, under a secret shared by every owner', async () => {
    const statuses = await flood(30, (i) =>
      deliver(`invented-${i}`, { payload: { i }, secrets: [STRANGER] }),
    );
    expect(new Set(statuses)).toEqual(new Set([400]));
    expect(
      gateway.logs.filter((l) => /^webhook for invented-\d+ refused \(not kept\)/.test(l)),
    ).toHaveLength(30);
    // A real one of theirs (signed with the shared secret) still verifies.
    expect((await deliver('invented-0')).status).toBe(204);
  });
});

describe('one secret per owner (ATTEST_WEBHOOK_SECRETS)', () => {
  const { acme: ACME, acmeNext: ACME_NEXT, globex: GLOBEX } = OWNER_SECRETS;
  let perOwner: Harness;
  let acmeHere: Browser;

  beforeAll(async () => {
    perOwner = await startHarness({
      upstream: service.url,
      webhookSecrets: ownerSecrets(),
    });
    acmeHere = perOwner.browser();
    await acmeHere.signIn('acme-reviewer');
  });
  afterAll(() => perOwner.close());

  it("verifies each owner's endpoint with that owner's secrets, either of a rotation", async () => {
    expect((await deliver('acme', { to: perOwner, secrets: [ACME] })).status).toBe(204);
    expect((await deliver('acme', { to: perOwner, secrets: [ACME_NEXT] })).status).toBe(204);
    expect((await deliver('globex', { to: perOwner, secrets: [GLOBEX] })).status).toBe(204);
  });

  it('refuses at /webhooks/acme a delivery signed for globex, which verifies at /webhooks/globex', async () => {
    const id = `msg_${randomUUID()}`;
    const forAcme = await deliver('acme', { to: perOwner, id, secrets: [GLOBEX] });
    expect400(forAcme, /no hook-signature matches/);
    expect((await deliver('globex', { to: perOwner, id, secrets: [GLOBEX] })).status).toBe(204);
    expect(await recent(acmeHere)).not.toContainEqual(expect.objectContaining({ hookId: id }));
    expect((await refused(acmeHere))[0]).toMatchObject({ hookId: id, verified: false });
  });

  it('refuses a delivery to an owner without a secret, and keeps nothing of it', async () => {
    const statuses = await flood(25, (i) =>
      deliver(`initech-${i}`, { to: perOwner, secrets: [ACME] }),
    );
    expect(new Set(statuses)).toEqual(new Set([400]));
    const one = await deliver('initech', { to: perOwner, secrets: [ACME, GLOBEX] });
    expect400(one, /no webhook secret is configured for this owner/);
    expect(
      perOwner.logs.filter((l) => /^webhook for initech\S* refused \(not kept\)/.test(l)),
    ).toHaveLength(26);
  });
});
