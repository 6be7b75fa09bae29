import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { QcProcessListSchema, QcRequestSchema } from '../../contract/qc.ts';
import { SampleListSchema } from '../../contract/qc-management.ts';
import { SessionSchema } from '../../contract/session.ts';
import { QcHoldListSchema, RequestHistorySchema } from '../../contract/team.ts';
import { UNTIL, serviceTest as it } from '../../service/testing/fixtures.ts';
import { DatabaseUnavailableError, type Sql } from '../db/sql.ts';
import { pendingRequests, signInRoles } from '../testing/fixtures.ts';
import { expectMessage, startHarness, type Browser, type Harness } from '../testing/harness.ts';

// A decision the service accepts while the gateway's database is down is the service's all
// the same: the gateway keeps it in memory and records it once the database answers, in
// the history, the sampling and the export, exactly once.

/** What the wrapped database does now. */
const db = {
  down: false,
  /** The next decision insert is written, then its answer lost (a connection cut after COMMIT). */
  loseNextInsertAnswer: false,
};

const unavailable = () => new DatabaseUnavailableError('connection terminated (test)');

function flaky(sql: Sql): Sql {
  const guard = async <T>(text: string, run: () => Promise<T>): Promise<T> => {
    if (db.down) throw unavailable();
    const result = await run();
    if (db.loseNextInsertAnswer && /INSERT INTO qc_decisions/.test(text)) {
      db.loseNextInsertAnswer = false;
      throw unavailable();
    }
    return result;
  };
  return {
    dialect: sql.dialect,
    all: (text, params) => guard(text, () => sql.all(text, params)),
    get: (text, params) => guard(text, () => sql.get(text, params)),
    run: (text, params) => guard(text, () => sql.run(text, params)),
    transaction: (work) => guard('', () => sql.transaction((inner) => work(flaky(inner)))),
    close: () => sql.close(),
  };
}

let gateway: Harness;
let reviewer: Browser;
let admin: Browser;
let stranger: Browser;
let pending: string[];
/** Flips the database down as the decision reaches the service: it accepts, the gateway cannot record. */
let downOnPatch = false;

const history = async (id: string) =>
  RequestHistorySchema.parse((await reviewer.request('GET', `/team/history/${id}`)).body);
const held = async (id: string) =>
  QcHoldListSchema.parse((await admin.request('GET', '/team/holds')).body).holds.some(
    (c) => c.requestId === id,
  );
const today = () => new Date().toISOString().slice(0, 10);
const csvRows = async (id: string) =>
  (await admin.request('GET', `/team/decisions.csv?from=${today()}&to=${today()}`)).text
    .split('\n')
    .filter((line) => line.includes(id)).length;

async function approve(browser: Browser, id: string) {
  const request = QcRequestSchema.parse(
    (await browser.request('GET', `/api/qc/v2/qc/requests/${id}`)).body,
  );
  const session = SessionSchema.parse((await browser.request('GET', '/session')).body);
  return browser.request('PATCH', `/api/qc/v2/qc/requests/${id}`, {
    json: {
      status: 'approved',
      reviewedBy: session.user?.id,
      checklistItems: request.checklistItems.map((item) => ({ id: item.id, status: 'approved' })),
    },
  });
}

it.beforeAll(async ({ service }) => {
  gateway = await startHarness({ upstream: service.url, sql: flaky, random: () => 0 });
  gateway.intercept = (url, init) => {
    if (downOnPatch && init?.method === 'PATCH' && url.includes('/qc/v2/qc/requests/')) {
      db.down = true;
    }
    return undefined;
  };
  ({ reviewer, admin, stranger } = await signInRoles(gateway, 'reviewer', 'admin', 'stranger'));
  const requests = await pendingRequests(admin, 7);
  pending = requests.map((r) => r.id);
  expect(pending.length).toBe(7);
  // Every approval of these processes is sampled (random is 0), so the sampling shows it too.
  const processes = QcProcessListSchema.parse(
    (await admin.request('GET', '/api/qc/v2/qc/processes?owner=acme&limit=100')).body,
  ).qcProcesses;
  for (const name of new Set(requests.map((r) => r.processName))) {
    const process = processes.find((p) => p.displayName === name);
    const put = await admin.request('PUT', `/team/settings/${process?.id}`, {
      json: { targetAgeHours: 24, samplePercent: 100 },
    });
    expect(put.status, put.text).toBe(200);
  }
});
it.afterAll(async () => {
  db.down = false;
  await gateway.close();
});

/** Samples of `id` as `browser` lists them (an approver's own open samples are not shown to them). */
const samplesOf = async (id: string, browser = admin) =>
  SampleListSchema.parse(
    (await browser.request('GET', '/team/samples?state=all')).body,
  ).samples.filter((s) => s.requestId === id).length;

describe('a decision accepted while the database is down', () => {
  it('is recorded once the database is back: history, hold, sample and export, once each', async () => {
    const id = pending[0] ?? '';
    expect((await reviewer.request('PUT', `/team/holds/${id}`, { json: {} })).status).toBe(201);
    downOnPatch = true;
    const decided = await approve(reviewer, id).finally(() => (downOnPatch = false));
    // The service's answer is the browser's, whatever the history made of it.
    expect(decided.status, decided.text).toBe(200);
    expect(QcRequestSchema.parse(decided.body).status).toBe('approved');
    expect(gateway.logs.join('\n')).toMatch(/could not record the decision.*kept/);
    expectMessage(await reviewer.request('GET', `/team/history/${id}`), 503, /database/);

    db.down = false;
    // The back-off's first retry comes after a second. Its steps run in order (applyDecision),
    // the sample last: once the sample is there, every step before it has run.
    await expect.poll(() => samplesOf(id), UNTIL).toBe(1);
    expect((await history(id)).decisions).toHaveLength(1);
    const [record] = (await history(id)).decisions;
    expect(record).toMatchObject({ requestId: id, status: 'approved' });
    expect(record?.decidedBy.name).toBe('Riley Reviewer');
    // Recorded with the time the service accepted it, and the hold it was decided under.
    expect(record?.openedOn).toBeDefined();
    expect(await held(id)).toBe(false);
    // One sample, however its id is spelled (ADR 027).
    const sample = (await admin.request('GET', `/team/samples/${id}`)).body;
    const encoded = `%${id.charCodeAt(0).toString(16)}${id.slice(1).toUpperCase()}`;
    for (const spelling of [id.toUpperCase(), encoded]) {
      expect((await admin.request('GET', `/team/samples/${spelling}`)).body).toEqual(sample);
    }
    expect(await csvRows(id)).toBe(1);
    // Nothing left to retry: a while later, still exactly once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await history(id)).decisions).toHaveLength(1);
    expect(await samplesOf(id)).toBe(1);
  });

  it('is recorded once when the insert was written but its answer lost', async () => {
    const id = pending[1] ?? '';
    expect((await reviewer.request('PUT', `/team/holds/${id}`, { json: {} })).status).toBe(201);
    db.loseNextInsertAnswer = true;
    const decided = await approve(reviewer, id);
    expect(decided.status, decided.text).toBe(200);
    // Written already, so the history shows it at once; the retry must not add it again.
    expect((await history(id)).decisions).toHaveLength(1);
    await expect.poll(() => held(id), { timeout: 5000 }).toBe(false);
    await expect.poll(() => samplesOf(id), { timeout: 5000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await history(id)).decisions).toHaveLength(1);
    expect(await csvRows(id)).toBe(1);
  });

  it('is recorded right after the next decision that records, without waiting for the timer', async () => {
    const first = pending[2] ?? '';
    const second = pending[3] ?? '';
    downOnPatch = true;
    expect((await approve(admin, first).finally(() => (downOnPatch = false))).status).toBe(200);
    // Down long enough for the retries at 1 s and 3 s to fail: the next waits till 7 s.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect((await gateway.browser().request('GET', '/healthz')).status).toBe(200);
    db.down = false;
    const started = Date.now();
    expect((await approve(admin, second)).status).toBe(200);
    expect((await history(second)).decisions).toHaveLength(1);
    await expect
      .poll(async () => (await history(first)).decisions.length, { timeout: 2000 })
      .toBe(1);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await samplesOf(first, reviewer)).toBe(1);
  });
});

describe('a decision whose answer was lost with the process that sent it', () => {
  it('is recorded by the retry the service answers 409, once, and a further retry adds nothing', async () => {
    const id = pending[5] ?? '';
    expect((await reviewer.request('PUT', `/team/holds/${id}`, { json: {} })).status).toBe(201);
    // The service takes the decision; its answer never comes back (the process was killed).
    let lose = true;
    gateway.intercept = (url, init) => {
      if (!lose || init?.method !== 'PATCH' || !url.includes(`/qc/v2/qc/requests/${id}`)) return;
      lose = false;
      return fetch(url, init).then(() => Promise.reject(new TypeError('fetch failed')));
    };
    try {
      expect((await approve(reviewer, id)).status).toBeGreaterThanOrEqual(500);
    } finally {
      gateway.intercept = null;
    }
    expect((await history(id)).decisions).toHaveLength(0);
    // The browser tries again: the service has it already (409), as this reviewer's.
    const again = await approve(reviewer, id);
    expect(again.status, again.text).toBe(409);
    await expect.poll(async () => (await history(id)).decisions.length, UNTIL).toBe(1);
    expect((await history(id)).decisions[0]).toMatchObject({ requestId: id, status: 'approved' });
    await expect.poll(() => samplesOf(id), UNTIL).toBe(1);
    expect(await held(id)).toBe(false);
    expect((await approve(reviewer, id)).status).toBe(409);
    expect((await history(id)).decisions).toHaveLength(1);
    expect(await csvRows(id)).toBe(1);
  });

  it("records nothing for a 409 that is another reviewer's decision", async () => {
    const id = pending[6] ?? '';
    expect((await approve(admin, id)).status).toBe(200);
    expect((await history(id)).decisions).toHaveLength(1);
    expect((await approve(reviewer, id)).status).toBe(409);
    expect((await history(id)).decisions).toHaveLength(1);
    expect((await history(id)).decisions[0]?.decidedBy.name).not.toBe('Riley Reviewer');
  });
});

describe('a decision the service refuses', () => {
  it('is recorded nowhere: a bad body, an unknown id, another owner’s id, no or a forged session', async () => {
    const id = pending[4] ?? '';
    const before = { history: await history(id), csv: await csvRows(id) };
    const patch = (browser: Browser, requestId: string, json: unknown) =>
      browser.request('PATCH', `/api/qc/v2/qc/requests/${requestId}`, { json });
    expect((await patch(admin, id, { status: 'maybe' })).status).toBe(400);
    expect((await patch(admin, id, { status: 'approved', extra: 1 })).status).toBe(400);
    const unknown = randomUUID();
    expect(
      (await patch(admin, unknown, { status: 'approved', reviewedBy: randomUUID() })).status,
    ).toBe(404);
    const foreign = await patch(stranger, id, { status: 'approved', reviewedBy: randomUUID() });
    expect([403, 404]).toContain(foreign.status);
    expect((await patch(gateway.browser(), id, { status: 'approved' })).status).toBe(401);
    const forged = gateway.browser();
    forged.cookie = `attest_session=${'A'.repeat(43)}`;
    expect((await patch(forged, id, { status: 'approved' })).status).toBe(401);
    expect(await history(id)).toEqual(before.history);
    expect((await history(unknown)).decisions).toEqual([]);
    expect(await csvRows(id)).toBe(before.csv);
    const read = QcRequestSchema.parse(
      (await admin.request('GET', `/api/qc/v2/qc/requests/${id}`)).body,
    );
    expect(read.status).toBe('pending');
  });
});
