import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSignedDelivery } from '../../e2e/signed-delivery.ts';
import { QcRequestListSchema } from '../contract/qc.ts';
import { ReceivedEventSchema } from '../contract/session.ts';
import { startTestService, type TestService } from '../service/testing/service.ts';
import { MIGRATIONS } from './db/migrations.ts';
import { openGatewayDatabase } from './db/open.ts';
import { onPostgres, testDatabase } from './testing/database.ts';
import { FAILURES_ALLOWED } from './session/sign-in-limit.ts';
import { expectMessage, startHarness, type Browser, type Harness } from './testing/harness.ts';
import { decide, findingsOf, readFinding, userIdOf } from './testing/findings.ts';
import { FINDING_EVENT } from '../contract/findings.ts';

// ADR 023: several gateway processes on one PostgreSQL serve one team as one. Each harness
// here is a whole gateway (its own HTTP server, pool, listener and memory) sharing a schema
// with the others, as processes behind a load balancer share a database.

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const sessionKey = randomBytes(32);

let service: TestService;
let database: { url: string; schema: string };
let a: Harness;
let b: Harness;
const started: Harness[] = [];

async function gateway(options: { database?: { url: string; schema: string } } = {}) {
  const harness = await startHarness({
    upstream: service.url,
    webhookSecrets: [SECRET],
    database: options.database ?? database,
    sessionKey,
  });
  started.push(harness);
  return harness;
}

async function signedIn(at: Harness, clientId: string): Promise<Browser> {
  const browser = at.browser();
  const result = await browser.signIn(clientId);
  expect(result.status, result.text).toBe(200);
  return browser;
}

/** The same browser (its cookie) talking to another process. */
function through(at: Harness, browser: Browser): Browser {
  const other = at.browser();
  other.cookie = browser.cookie;
  return other;
}

async function deliver(to: Harness, owner: string, payload: unknown) {
  const posted = await postSignedDelivery({
    url: `${to.url}/webhooks/${owner}`,
    secret: SECRET,
    payload,
  });
  return { ...posted, id: posted.hookId };
}

describe.runIf(onPostgres())('two gateway processes on one PostgreSQL', () => {
  beforeAll(async () => {
    service = await startTestService();
    const fresh = testDatabase();
    if (!fresh) throw new Error('no PostgreSQL');
    database = fresh;
    a = await gateway();
    b = await gateway();
  });
  afterAll(async () => {
    for (const harness of started) await harness.close();
    await service.close();
  });

  it('serves a session signed in through one process through the other, and ends it in both', async () => {
    const viaA = await signedIn(a, 'acme-reviewer');
    const viaB = through(b, viaA);
    const users = await viaB.request('GET', '/api/users/v1/users?owner=acme&limit=5');
    expect(users.status, users.text).toBe(200);
    expect((await viaB.request('GET', '/session')).status).toBe(200);

    expect((await viaB.request('DELETE', '/session')).status).toBe(204);
    expectMessage(await through(a, viaA).request('GET', '/session'), 401, /sign in first/);
  });

  it('streams a delivery received by one process to the streams held by the other', async () => {
    const viewer = through(b, await signedIn(a, 'acme-admin'));
    const stream = await viewer.events();
    try {
      const delivered = await deliver(a, 'acme', { crid: 'C-77', note: 'across processes' });
      expect(delivered.status, delivered.text).toBe(204);
      // Only the bus brings it to B's stream: B reads the event log for nothing else while
      // its connection to the database holds (no polling), so its coming is the proof.
      await stream.waitFor(1, 15_000);
      const event = ReceivedEventSchema.parse(JSON.parse(stream.messages[0]?.data ?? ''));
      expect(event).toMatchObject({ hookId: delivered.id, owner: 'acme', verified: true });
    } finally {
      stream.close();
    }
  });

  it('lets exactly one reviewer hold a request, however the holds are spread', async () => {
    const admin = await signedIn(a, 'acme-admin');
    const list = await admin.request(
      'GET',
      '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=3&orderDirection=asc',
    );
    const ids = QcRequestListSchema.parse(list.body).qcRequests.map((r) => r.id);
    expect(ids.length).toBe(3);
    const reviewer = await signedIn(b, 'acme-reviewer');
    const contenders = [admin, through(b, admin), reviewer, through(a, reviewer)];
    for (const id of ids) {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          contenders[i % contenders.length]!.request('PUT', `/team/holds/${id}`, {}),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.every((status) => [200, 201, 409].includes(status)),
        String(statuses),
      ).toBe(true);
      // One holder: every grant went to the same person, and one of them was the first.
      const holders = new Set(
        answers
          .filter((answer) => answer.status !== 409)
          .map((answer) => (answer.body as { holder: { id: string } }).holder.id),
      );
      expect(holders.size, String(statuses)).toBe(1);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      const seenByA = await admin.request('GET', '/team/holds');
      const seenByB = await through(b, admin).request('GET', '/team/holds');
      expect(seenByA.body).toEqual(seenByB.body);
    }
  });

  it('shows every process the same findings, and streams their news across them', async () => {
    const reviewer = await signedIn(a, 'acme-reviewer');
    const admin = through(b, await signedIn(a, 'acme-admin'));
    const nora = await signedIn(b, 'acme-notary');
    const noraId = await userIdOf(nora);
    const list = await admin.request(
      'GET',
      '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=100&orderDirection=desc',
    );
    const request = QcRequestListSchema.parse(list.body).qcRequests.find((r) =>
      r.actors.some((actor) => actor.roleId === 'notary' && actor.userId === noraId),
    );
    if (!request) throw new Error('no pending request of Nora’s');
    const stream = await nora.events();
    try {
      const first = request.checklistItems[0];
      const marks = {
        items: [
          {
            itemId: first?.id ?? '',
            regions: [{ page: 1, x: 72, y: 72, width: 100, height: 20 }],
          },
        ],
      };
      // Raised through A; Nora's stream is held by B.
      expect((await decide(reviewer, request, { marks })).status).toBe(200);
      await stream.waitFor(1, 5000);
      expect(stream.messages[0]?.event).toBe(FINDING_EVENT);
      const [viaB] = await findingsOf(admin, request.id);
      expect(viaB?.regions).toEqual(marks.items[0]?.regions);
      // Answered through B, read through A: one finding, one state.
      const answered = await nora.request('POST', `/team/findings/${viaB?.id}/answer`, {
        json: { answer: 'cured', note: 'Rescanned' },
      });
      expect(answered.status, answered.text).toBe(200);
      expect(await readFinding(through(a, admin), viaB?.id ?? '')).toEqual(answered.body);
      expect(await findingsOf(through(a, admin), request.id)).toEqual([answered.body]);
    } finally {
      stream.close();
    }
  });

  it('counts failed sign-ins across processes', async () => {
    const browser = (at: Harness) => at.browser();
    for (let i = 0; i < FAILURES_ALLOWED; i += 1) {
      const wrong = await browser(i % 2 ? a : b).signIn('acme-integration', 'not-the-secret');
      expect(wrong.status).toBe(401);
    }
    for (const at of [a, b]) {
      expectMessage(
        await browser(at).signIn('acme-integration', 'acme-integration-secret'),
        429,
        /too many failed sign-ins/i,
      );
    }
  });

  it(
    "reads each request's document once for the machine's checks, whichever process is asked",
    { timeout: 120_000 },
    async () => {
      const viaA = await signedIn(a, 'acme-reviewer');
      const viaB = through(b, viaA);
      const list = await viaA.request(
        'GET',
        '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=4&orderDirection=desc',
      );
      const requests = QcRequestListSchema.parse(list.body).qcRequests;
      const ids = requests.map((r) => r.id).join(',');
      // Both processes are asked at once: each queues, each has the owner's session to read with.
      const asked = await Promise.all(
        [viaA, viaB].map((browser) => browser.request('GET', `/team/checks?ids=${ids}`)),
      );
      expect(asked.map((r) => r.status)).toEqual([200, 200]);
      const until = Date.now() + 90_000;
      for (const request of requests) {
        while ((await viaB.request('GET', `/team/checks/${request.id}`)).status !== 200) {
          if (Date.now() > until) throw new Error(`${request.id} was never checked`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
      // Each document was fetched by one process, once.
      for (const request of requests) {
        const path = new URL(request.fileUrl).pathname;
        const fetched = [...a.calls, ...b.calls].filter(
          (call) => new URL(call.url).pathname === path,
        );
        expect(fetched.length, request.id).toBe(1);
      }
    },
  );

  it('migrates once when several processes start together on a new database', async () => {
    const fresh = testDatabase();
    if (!fresh) throw new Error('no PostgreSQL');
    await Promise.all([1, 2, 3, 4].map(() => gateway({ database: fresh })));
    const db = await openGatewayDatabase({ dataDir: null, ...fresh, log: () => {} });
    try {
      expect(await db.sql.all('SELECT version FROM gateway_schema')).toEqual([
        { version: MIGRATIONS.length },
      ]);
    } finally {
      await db.close();
    }
  });

  it('refuses to start with another session key than the processes already running', async () => {
    await expect(
      startHarness({ upstream: service.url, database, sessionKey: randomBytes(32) }),
    ).rejects.toThrow(/ATTEST_SESSION_KEY/);
  });
});

/** A TCP relay to PostgreSQL that a test can cut and restore, as a network or a restart would. */
async function relayTo(url: string) {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      server = createServer((socket) => {
        const upstream = connect(Number(target.port), target.hostname);
        sockets.add(socket).add(upstream);
        socket.pipe(upstream).pipe(socket);
        const end = () => {
          socket.destroy();
          upstream.destroy();
        };
        socket.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    url: () => {
      const relayed = new URL(url);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(port);
      return relayed.toString();
    },
    async cut() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await new Promise<void>((resolve) => server?.close(() => resolve()));
    },
    restore: listen,
  };
}

describe.runIf(onPostgres())('a process that loses its database', () => {
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let lost: Harness;
  let steady: Harness;
  beforeAll(async () => {
    service = await startTestService();
    const fresh = testDatabase();
    if (!fresh) throw new Error('no PostgreSQL');
    relay = await relayTo(fresh.url);
    const common = { upstream: service.url, webhookSecrets: [SECRET], sessionKey };
    lost = await startHarness({ ...common, database: { url: relay.url(), schema: fresh.schema } });
    // Another process of the same database, whose connection stays.
    steady = await startHarness({ ...common, database: fresh });
  });
  afterAll(async () => {
    await relay.restore();
    await lost.close();
    await steady.close();
    await service.close();
  });

  it('answers 503 {message} while it is gone, keeps what it accepted, and recovers by itself', async () => {
    const browser = await signedIn(lost, 'acme-admin');
    const kept = await deliver(lost, 'acme', { n: 1 });
    expect(kept.status).toBe(204);

    await relay.cut();
    const started = Date.now();
    expectMessage(await browser.request('GET', '/team/holds'), 503, /database/);
    // Refused, not dropped: the sender retries a 503.
    const refused = await deliver(lost, 'acme', { n: 2 });
    expect(refused.status).toBe(503);
    expectMessage(await lost.browser().signIn('acme-reviewer'), 503, /database/);
    // Never a hang: the connect timeout bounds each answer.
    expect(Date.now() - started).toBeLessThan(15_000);
    // The page itself still loads: its own calls say what is wrong.
    expect((await browser.request('GET', '/')).status).toBe(200);

    await relay.restore();
    await expect
      .poll(async () => (await browser.request('GET', '/team/holds')).status, { timeout: 15_000 })
      .toBe(200);
    const recent = await browser.request('GET', '/events/recent');
    const hookIds = (recent.body as { events: { hookId: string }[] }).events.map((e) => e.hookId);
    expect(hookIds).toContain(kept.id);
    expect(hookIds).not.toContain(refused.id);
    expect((await deliver(lost, 'acme', { n: 3 })).status).toBe(204);
  });

  it('streams, once back, what the other processes received while it was cut off', async () => {
    const stream = await (await signedIn(lost, 'acme-reviewer')).events();
    try {
      const before = await deliver(steady, 'acme', { n: 'before' });
      await stream.waitFor(1, 5000);
      await relay.cut();
      const during = await deliver(steady, 'acme', { n: 'during' });
      expect(during.status).toBe(204);
      await relay.restore();
      // The listener reconnects with back-off, then catches up on the feeds it streams.
      await stream.waitFor(2, 15_000);
      expect(
        stream.messages.map((m) => ReceivedEventSchema.parse(JSON.parse(m.data)).hookId),
      ).toEqual([before.id, during.id]);
    } finally {
      stream.close();
    }
  });
});
