import fc from 'fast-check';
import { describe, expect } from 'vitest';
import {
  ProcessSettingsListSchema,
  ProcessSettingsSchema,
  SampleListSchema,
  SampleSchema,
  TeamStatsSchema,
  type Sample,
} from '../../contract/qc-management.ts';
import { QcProcessListSchema, QcRequestSchema } from '../../contract/qc.ts';
import { SessionSchema } from '../../contract/session.ts';
import { QueueChangeSchema, RequestHistorySchema } from '../../contract/team.ts';
import { expectMessage, type Browser, type Harness } from '../testing/harness.ts';
import { expectDateRangeChecked, gatewayTest as it, pendingRequests } from '../testing/fixtures.ts';

// QC management over real HTTP: the gateway in front of the reference service. Riley reviews,
// Alex manages (and reviews), Nora is a notary of the same owner without QC, and Gwen is of
// another owner. One process's approvals are sampled at 100%, then at 0%.

let gateway: Harness;
let reviewer: Browser;
let admin: Browser;
let notary: Browser;
let stranger: Browser;
let processId: string;
let processName: string;
let pending: string[];

const settings = async (browser: Browser) =>
  ProcessSettingsListSchema.parse((await browser.request('GET', '/team/settings')).body).processes;
const putSettings = (browser: Browser, id: string, json: unknown) =>
  browser.request('PUT', `/team/settings/${id}`, { json });
const samples = async (browser: Browser, state = 'all') =>
  SampleListSchema.parse((await browser.request('GET', `/team/samples?state=${state}`)).body)
    .samples;
const sample = async (browser: Browser, id: string) =>
  SampleSchema.parse((await browser.request('GET', `/team/samples/${id}`)).body);
const review = (browser: Browser, id: string, json: unknown) =>
  browser.request('PUT', `/team/samples/${id}/review`, { json });
const outcome = (browser: Browser, id: string, json: unknown) =>
  browser.request('PUT', `/team/samples/${id}/outcome`, { json });

/** Approves `id` through the gateway's proxy, every item passed. */
async function approve(browser: Browser, id: string) {
  const session = SessionSchema.parse((await browser.request('GET', '/session')).body);
  const request = QcRequestSchema.parse(
    (await browser.request('GET', `/api/qc/v2/qc/requests/${id}`)).body,
  );
  const decided = await browser.request('PATCH', `/api/qc/v2/qc/requests/${id}`, {
    json: {
      status: 'approved',
      reviewedBy: session.user?.id,
      checklistItems: request.checklistItems.map((item) => ({ id: item.id, status: 'approved' })),
    },
  });
  expect(decided.status, decided.text).toBe(200);
  return request;
}

it.beforeAll(async ({ gateway: started, signInRoles }) => {
  gateway = started;
  ({ reviewer, admin, notary, stranger } = await signInRoles());
  const requests = await pendingRequests(admin, 100);
  const byProcess = Map.groupBy(requests, (r) => r.processName);
  const [name, ofIt] = [...byProcess].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  processName = name ?? '';
  pending = (ofIt ?? []).map((r) => r.id);
  expect(pending.length).toBeGreaterThanOrEqual(3);
  const processes = await admin.request('GET', '/api/qc/v2/qc/processes?owner=acme&limit=100');
  const process = QcProcessListSchema.parse(processes.body).qcProcesses.find(
    (p) => p.displayName === processName,
  );
  processId = process?.id ?? '';
});

describe('process settings', () => {
  it('saves a process’s settings for a QC manager, named as the service names it', async () => {
    expect(await settings(reviewer)).toEqual([]);
    const saved = await putSettings(admin, processId, { targetAgeHours: 24, samplePercent: 100 });
    expect(saved.status, saved.text).toBe(200);
    expect(ProcessSettingsSchema.parse(saved.body)).toMatchObject({
      processId,
      processName,
      targetAgeHours: 24,
      samplePercent: 100,
      // Findings' settings (ADR 029), at their defaults.
      responseDays: 2,
      severities: {},
      updatedBy: { name: 'Alex Admin' },
    });
    expect(await settings(reviewer)).toEqual([saved.body]);
    expect(await settings(stranger)).toEqual([]);
  });

  it('saves findings’ response days and item severities, and keeps them when left out', async () => {
    const severities = { 'Notary seal is legible': 'critical', 'Date format': 'minor' };
    const full = { targetAgeHours: 24, samplePercent: 100, responseDays: 5, severities };
    const saved = await putSettings(admin, processId, full);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ responseDays: 5, severities });
    // A form that does not show them (the console's before findings) changes neither.
    const again = await putSettings(admin, processId, { targetAgeHours: 24, samplePercent: 100 });
    expect(again.body).toMatchObject({ responseDays: 5, severities });
    expect((await settings(reviewer))[0]).toMatchObject({ responseDays: 5, severities });
    const cleared = await putSettings(admin, processId, {
      ...full,
      responseDays: 2,
      severities: {},
    });
    expect(cleared.body).toMatchObject({ responseDays: 2, severities: {} });
  });

  it('saves a binding of items to checks, keeps it when left out, and removes it on null', async () => {
    // The settings the tests before this one left, which the sampling tests after it need.
    const base = { targetAgeHours: 24, samplePercent: 100 };
    const checks = { 'Notary seal is legible': 'seal', 'Date format': 'dates' };
    const bound = await putSettings(admin, processId, { ...base, checks });
    expect(bound.status, bound.text).toBe(200);
    expect(bound.body).toMatchObject({ checks });
    // Left out: kept.
    expect((await putSettings(admin, processId, base)).body).toMatchObject({ checks });
    expect((await settings(reviewer))[0]).toMatchObject({ checks });
    // null: removed, so the suggested binding holds again (read back as none saved).
    const removed = await putSettings(admin, processId, { ...base, checks: null });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body).not.toHaveProperty('checks');
    expect((await settings(reviewer))[0]).not.toHaveProperty('checks');
  });

  it('refuses bad input, unknown and foreign processes and non-managers; writes nothing', async () => {
    const before = await settings(admin);
    const body = { targetAgeHours: null, samplePercent: 5 };
    for (const bad of [
      { targetAgeHours: null, samplePercent: 101 },
      { targetAgeHours: 0, samplePercent: 5 },
      { targetAgeHours: 3000, samplePercent: 5 },
      { samplePercent: 5 },
      { ...body, extra: true },
      [],
      { ...body, responseDays: 0 },
      { ...body, responseDays: 31 },
      { ...body, responseDays: 1.5 },
      { ...body, severities: { Seal: 'fatal' } },
      { ...body, severities: { '': 'minor' } },
      { ...body, severities: ['critical'] },
      {
        ...body,
        severities: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`i${i}`, 'minor'])),
      },
    ]) {
      expectMessage(await putSettings(admin, processId, bad), 400, /.+/);
    }
    const notJson = await admin.request('PUT', `/team/settings/${processId}`, {
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expectMessage(notJson, 400, /JSON/);
    expectMessage(await putSettings(admin, 'nope', body), 400, /UUID/);
    expectMessage(await putSettings(admin, crypto.randomUUID(), body), 404, /not found/);
    expectMessage(await putSettings(stranger, processId, body), 404, /not found/);
    expectMessage(await putSettings(reviewer, processId, body), 403, /managers/);
    expectMessage(await notary.request('GET', '/team/settings'), 403, /QC/);
    const anonymous = gateway.browser();
    expect((await putSettings(anonymous, processId, body)).status).toBe(401);
    expect((await anonymous.request('GET', '/team/settings')).status).toBe(401);
    const forged = gateway.browser();
    forged.cookie = `attest_session=${'A'.repeat(43)}`;
    expect((await putSettings(forged, processId, body)).status).toBe(401);
    const noHeader = await admin.request('PUT', `/team/settings/${processId}`, {
      json: body,
      csrf: false,
    });
    expect(noHeader.status).toBe(403);
    expect(await settings(admin)).toEqual(before);
    expect(await settings(stranger)).toEqual([]);
  });
});

describe('second-level sampling', () => {
  let flagged: string;

  it('samples an approval at 100%, tells the team, and hides it from its approver', async () => {
    flagged = pending[0] ?? '';
    const stream = await admin.events();
    let request;
    try {
      request = await approve(reviewer, flagged);
      await stream.waitFor(2);
      const changes = stream.messages.map((m) => QueueChangeSchema.parse(JSON.parse(m.data)));
      expect(changes.map((c) => c.kind)).toEqual(['decided', 'sampled']);
      expect(changes[1]).toEqual({ kind: 'sampled', requestId: flagged, state: 'open' });
    } finally {
      stream.close();
    }
    // The history now says what the request was.
    const history = RequestHistorySchema.parse(
      (await admin.request('GET', `/team/history/${flagged}`)).body,
    );
    expect(history.decisions[0]).toMatchObject({
      processName,
      matterReference: request.document.matterReference,
      firmId: request.document.firmId,
      actors: request.actors,
    });
    // Not back to the reviewer who approved it; blind for everyone else, managers too.
    expect((await samples(reviewer, 'open')).map((s) => s.requestId)).not.toContain(flagged);
    const [open] = (await samples(admin, 'open')).filter((s) => s.requestId === flagged);
    expect(open).toMatchObject({ state: 'open', processName });
    expect(open?.firstReview).toBeUndefined();
    const one = await sample(admin, flagged);
    expect(one.firstReview).toBeUndefined();
    expect(one.comparison).toBeUndefined();
    expect((await sample(reviewer, flagged)).firstReview).toBeUndefined();
  });

  it('refuses a second review by the approver, of the wrong items, or from outside', async () => {
    const before = await sample(admin, flagged);
    const request = QcRequestSchema.parse(
      (await admin.request('GET', `/api/qc/v2/qc/requests/${flagged}`)).body,
    );
    const items = request.checklistItems.map((i) => ({ id: i.id, verdict: 'approved' }));
    const [first] = items;
    expectMessage(await review(reviewer, flagged, { items }), 403, /approved it/);
    for (const bad of [
      { items: items.slice(1) },
      { items: [...items, first] },
      { items: [...items.slice(1), { id: 'other', verdict: 'approved' }] },
      { items: items.map((i) => ({ ...i, verdict: 'maybe' })) },
      { items, extra: 1 },
      { items: [] },
    ]) {
      expectMessage(await review(admin, flagged, bad), 400, /.+/);
    }
    expectMessage(await review(admin, 'nope', { items }), 400, /UUID/);
    expectMessage(await review(admin, crypto.randomUUID(), { items }), 404, /no sample/);
    expectMessage(await review(stranger, flagged, { items }), 404, /no sample/);
    expectMessage(await review(notary, flagged, { items }), 403, /QC/);
    const anonymous = gateway.browser();
    expect((await review(anonymous, flagged, { items })).status).toBe(401);
    const forged = gateway.browser();
    forged.cookie = `attest_session=${'A'.repeat(43)}`;
    expect((await review(forged, flagged, { items })).status).toBe(401);
    expect((await stranger.request('GET', `/team/samples/${flagged}`)).status).toBe(404);
    expect(await samples(stranger)).toEqual([]);
    expect(await sample(admin, flagged)).toEqual(before);
  });

  it('flags a failed check the first reviewer passed, then shows both reviews', async () => {
    const request = QcRequestSchema.parse(
      (await admin.request('GET', `/api/qc/v2/qc/requests/${flagged}`)).body,
    );
    const items = request.checklistItems.map((item, i) => ({
      id: item.id,
      verdict: i === 0 ? 'rejected' : 'approved',
      ...(i === 0 && { note: 'Seal is cut off' }),
    }));
    const stream = await reviewer.events();
    let done: Sample;
    try {
      const reviewed = await review(admin, flagged, { items, notes: ' Check the seal ' });
      expect(reviewed.status, reviewed.text).toBe(200);
      done = SampleSchema.parse(reviewed.body);
      await stream.waitFor(1);
      expect(QueueChangeSchema.parse(JSON.parse(stream.messages[0]?.data ?? ''))).toEqual({
        kind: 'sampled',
        requestId: flagged,
        state: 'flagged',
      });
    } finally {
      stream.close();
    }
    expect(done.state).toBe('flagged');
    expect(done.firstReview?.decidedBy.name).toBe('Riley Reviewer');
    expect(done.secondReview).toMatchObject({
      by: { name: 'Alex Admin' },
      notes: 'Check the seal',
    });
    expect(done.comparison?.map((c) => [c.first, c.second, c.agree])).toEqual(
      items.map((_, i) => ['approved', i === 0 ? 'rejected' : 'approved', i !== 0]),
    );
    expect(done.comparison?.[0]?.secondNote).toBe('Seal is cut off');
    // Read back the same; the approver now sees both too; a second review is refused.
    expect(await sample(reviewer, flagged)).toEqual(done);
    expect((await samples(reviewer, 'flagged')).map((s) => s.requestId)).toContain(flagged);
    expectMessage(await review(admin, flagged, { items }), 409, /already flagged/);
  });

  it('takes a QC manager’s outcome on a flag, and only on a flag', async () => {
    const before = await sample(admin, flagged);
    const body = { action: 'rework', note: 'Send back for a rescan' };
    expectMessage(await outcome(reviewer, flagged, body), 403, /managers/);
    for (const bad of [
      { action: 'burn', note: 'x' },
      { action: 'keep', note: '   ' },
      { action: 'keep' },
      { ...body, extra: 1 },
    ]) {
      expectMessage(await outcome(admin, flagged, bad), 400, /.+/);
    }
    expectMessage(await outcome(admin, crypto.randomUUID(), body), 404, /no sample/);
    expectMessage(await outcome(stranger, flagged, body), 404, /no sample/);
    expect((await outcome(gateway.browser(), flagged, body)).status).toBe(401);
    expect(await sample(admin, flagged)).toEqual(before);

    const settled = await outcome(admin, flagged, body);
    expect(settled.status, settled.text).toBe(200);
    expect(SampleSchema.parse(settled.body)).toMatchObject({
      state: 'resolved',
      outcome: { action: 'rework', note: 'Send back for a rescan', by: { name: 'Alex Admin' } },
    });
    expectMessage(await outcome(admin, flagged, body), 409, /resolved/);
  });

  it('agrees when the verdicts match; an agreed sample takes no outcome', async () => {
    const id = pending[1] ?? '';
    const request = await approve(reviewer, id);
    const items = request.checklistItems.map((i) => ({ id: i.id, verdict: 'approved' }));
    const reviewed = await review(admin, id, { items });
    expect(reviewed.status, reviewed.text).toBe(200);
    expect(SampleSchema.parse(reviewed.body).state).toBe('agreed');
    expectMessage(await outcome(admin, id, { action: 'keep', note: 'fine' }), 409, /agreed/);
    expectMessage(await admin.request('GET', '/team/samples?state=odd'), 400, /state/);
  });

  it('samples nothing at 0%, and a request at most once', async () => {
    const zero = await putSettings(admin, processId, { targetAgeHours: null, samplePercent: 0 });
    expect(zero.status).toBe(200);
    const id = pending[2] ?? '';
    await approve(reviewer, id);
    expect((await admin.request('GET', `/team/samples/${id}`)).status).toBe(404);
    expect((await samples(admin)).map((s) => s.requestId).sort()).toEqual(
      [pending[0], pending[1]].sort(),
    );
  });
});

describe('team figures', () => {
  it('counts the decisions made here, for QC managers only', async () => {
    const today = new Date(Date.now() + gateway.offset()).toISOString().slice(0, 10);
    const answer = await admin.request('GET', `/team/stats?from=${today}&to=${today}`);
    expect(answer.status, answer.text).toBe(200);
    const stats = TeamStatsSchema.parse(answer.body);
    expect(stats.tz).toBe('UTC');
    expect(stats.team).toMatchObject({ decisions: 3, approved: 3, today: 3 });
    expect(stats.reviewers.map((r) => [r.member.name, r.decisions])).toEqual([
      ['Riley Reviewer', 3],
    ]);
    expect(stats.daily).toEqual([{ date: today, approved: 3, rejected: 0 }]);
    expect(stats.defects.byProcess.map((g) => [g.key, g.decisions])).toEqual([[processName, 3]]);
    expect(stats.calibration.reviewers[0]).toMatchObject({
      sampled: 2,
      secondReviewed: 2,
      itemsAgreed: (stats.calibration.reviewers[0]?.itemsCompared ?? 0) - 1,
    });
    expect(stats.openFlags).toBe(0);

    const paris = await admin.request(
      'GET',
      `/team/stats?from=${today}&to=${today}&tz=Europe/Paris`,
    );
    expect(TeamStatsSchema.parse(paris.body).tz).toBe('Europe/Paris');
    expectMessage(
      await reviewer.request('GET', `/team/stats?from=${today}&to=${today}`),
      403,
      /managers/,
    );
    await expectDateRangeChecked(admin, '/team/stats');
    expectMessage(
      await admin.request('GET', `/team/stats?from=${today}&to=${today}&tz=Mars/Olympus`),
      400,
      /time zone/,
    );
    expect((await gateway.browser().request('GET', '/team/stats')).status).toBe(401);
    const foreign = TeamStatsSchema.parse(
      (await stranger.request('GET', `/team/stats?from=${today}&to=${today}`)).body,
    );
    expect(foreign.team.decisions).toBe(0);
  });
});

describe('any input', () => {
  it('never answers 5xx, and answers errors as {message}', async () => {
    const id = fc.oneof(fc.constant(pending[0] ?? ''), fc.uuid(), fc.string({ maxLength: 40 }));
    const call = fc.oneof(
      fc.tuple(fc.constant('PUT'), fc.constantFrom('settings/'), id, fc.jsonValue()),
      fc.tuple(fc.constant('PUT'), fc.constant('samples/'), id, fc.jsonValue()),
      fc.tuple(
        fc.constant('GET'),
        fc.constantFrom('stats?from=', 'samples?state='),
        id,
        fc.constant(null),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        call,
        fc.constantFrom('', '/review', '/outcome'),
        async ([method, path, key, json], tail) => {
          const url = `/team/${path}${encodeURIComponent(key)}${method === 'PUT' && path === 'samples/' ? tail : ''}`;
          const answer = await admin.request(method, url, method === 'PUT' ? { json } : {});
          expect(answer.status, `${method} ${url}: ${answer.text}`).toBeLessThan(500);
          if (answer.status >= 400) expectMessage(answer, answer.status, /.+/);
        },
      ),
      { numRuns: 60 },
    );
    const huge = await admin.request('PUT', `/team/samples/${pending[0]}/review`, {
      json: { items: [{ id: 'x'.repeat(600_000), verdict: 'approved' }] },
    });
    expect(huge.status).toBe(413);
  });
});
