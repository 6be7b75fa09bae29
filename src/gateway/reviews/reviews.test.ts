import { describe, expect } from 'vitest';
import { QcRequestSchema } from '../../contract/qc.ts';
import { SessionSchema } from '../../contract/session.ts';
import {
  HoldConflictSchema,
  QcHoldListSchema,
  QcHoldSchema,
  QueueChangeSchema,
  QUEUE_EVENT,
  RequestHistorySchema,
} from '../../contract/team.ts';
import { HOLD_MS } from './holds.ts';
import { expectMessage, type Browser, type Harness } from '../testing/harness.ts';
import { expectDateRangeChecked, gatewayTest as it, pendingRequests } from '../testing/fixtures.ts';

// Holds and the decision history over real HTTP: the gateway in front of the reference
// service, two reviewers of one owner (the reviewer and the admin, who reviews too) and a
// stranger of another owner.

let gateway: Harness;
let reviewer: Browser;
let admin: Browser;
let stranger: Browser;
let pending: string[];

const holds = async (browser: Browser) =>
  QcHoldListSchema.parse((await browser.request('GET', '/team/holds')).body).holds;
const hold = (browser: Browser, id: string, json?: unknown) =>
  browser.request('PUT', `/team/holds/${id}`, json === undefined ? {} : { json });

it.beforeAll(async ({ gateway: started, signInRoles }) => {
  gateway = started;
  ({ reviewer, admin, stranger } = await signInRoles('reviewer', 'admin', 'stranger'));
  pending = (await pendingRequests(admin, 7)).map((r) => r.id);
  expect(pending.length).toBe(7);
});

describe('holds', () => {
  it('holds a pending request, shows it to the team and renews it for its holder', async () => {
    const id = pending[0] ?? '';
    const first = await hold(reviewer, id);
    expect(first.status, first.text).toBe(201);
    const held = QcHoldSchema.parse(first.body);
    expect(held.holder.name).toBe('Riley Reviewer');
    const seen = await holds(admin);
    expect(seen.find((c) => c.requestId === id)?.holder.id).toBe(held.holder.id);

    gateway.advance(60_000);
    const renewed = await hold(reviewer, id);
    expect(renewed.status).toBe(200);
    const again = QcHoldSchema.parse(renewed.body);
    expect(again.heldSince).toBe(held.heldSince);
    expect(Date.parse(again.expiresOn)).toBeGreaterThan(Date.parse(held.expiresOn));
  });

  it('refuses another reviewer with who holds it, and lets them take it over', async () => {
    const id = pending[1] ?? '';
    expect((await hold(reviewer, id)).status).toBe(201);
    const refused = await hold(admin, id);
    expect(refused.status).toBe(409);
    expect(HoldConflictSchema.parse(refused.body).hold.holder.name).toBe('Riley Reviewer');

    const stream = await reviewer.events();
    try {
      const taken = await hold(admin, id, { takeOver: true });
      expect(taken.status, taken.text).toBe(201);
      await stream.waitFor(1);
      const [message] = stream.messages;
      expect(message?.event).toBe(QUEUE_EVENT);
      expect(message?.id).toBeUndefined();
      const change = QueueChangeSchema.parse(JSON.parse(message?.data ?? ''));
      expect(change).toMatchObject({ kind: 'held', takenFrom: { name: 'Riley Reviewer' } });
    } finally {
      stream.close();
    }
    const history = RequestHistorySchema.parse(
      (await reviewer.request('GET', `/team/history/${id}`)).body,
    );
    expect(history.takeOvers).toHaveLength(1);
    expect(history.takeOvers[0]?.from.name).toBe('Riley Reviewer');
  });

  it('refuses a decision while another reviewer has the hold; the service never sees it', async () => {
    const id = pending[6] ?? '';
    expect((await hold(reviewer, id)).status).toBe(201);
    const read = async () =>
      QcRequestSchema.parse((await admin.request('GET', `/api/qc/v2/qc/requests/${id}`)).body);
    const request = await read();
    const session = SessionSchema.parse((await admin.request('GET', '/session')).body);
    const decide = () =>
      admin.request('PATCH', `/api/qc/v2/qc/requests/${id}`, {
        json: {
          status: 'approved',
          reviewedBy: session.user?.id,
          checklistItems: request.checklistItems.map((item) => ({
            id: item.id,
            status: 'approved',
          })),
        },
      });
    expectMessage(await decide(), 409, /Riley Reviewer has this request open/);
    expect((await read()).status).toBe('pending');
    expect((await admin.request('GET', `/team/history/${id}`)).body).toMatchObject({
      decisions: [],
    });
    // Taken over, it is the admin's to decide.
    expect((await hold(admin, id, { takeOver: true })).status).toBe(201);
    const decided = await decide();
    expect(decided.status, decided.text).toBe(200);
    expect((await read()).status).toBe('approved');
  });

  it('lets a hold lapse when it is not renewed', async () => {
    const id = pending[2] ?? '';
    expect((await hold(reviewer, id)).status).toBe(201);
    gateway.advance(HOLD_MS + 1000);
    expect((await holds(admin)).some((c) => c.requestId === id)).toBe(false);
    expect((await hold(admin, id)).status).toBe(201);
  });

  it('releases: the holder and a QC manager may, another reviewer may not', async () => {
    const id = pending[3] ?? '';
    expect((await hold(admin, id)).status).toBe(201);
    expectMessage(await reviewer.request('DELETE', `/team/holds/${id}`), 403, /QC manager/);
    expect((await holds(reviewer)).some((c) => c.requestId === id)).toBe(true);
    expect((await admin.request('DELETE', `/team/holds/${id}`)).status).toBe(204);
    expectMessage(await admin.request('DELETE', `/team/holds/${id}`), 404, /no hold/);
    expect((await hold(reviewer, id)).status).toBe(201);
    // An admin releases another's hold.
    expect((await admin.request('DELETE', `/team/holds/${id}`)).status).toBe(204);
    expect((await holds(reviewer)).some((c) => c.requestId === id)).toBe(false);
  });

  it('refuses bad input and strangers, and writes nothing', async () => {
    const id = pending[4] ?? '';
    const before = await holds(admin);
    expectMessage(await hold(reviewer, 'not-a-uuid'), 400, /UUID/);
    expectMessage(await hold(reviewer, id, { takeOver: 'yes' }), 400, /.+/);
    expectMessage(await hold(reviewer, id, { grab: true }), 400, /.+/);
    const notJson = await reviewer.request('PUT', `/team/holds/${id}`, {
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expectMessage(notJson, 400, /JSON/);
    expectMessage(await hold(reviewer, crypto.randomUUID()), 404, /not found/);
    // Another owner's request does not exist for globex.
    expectMessage(await hold(stranger, id), 404, /not found/);
    const anonymous = gateway.browser();
    expect((await hold(anonymous, id)).status).toBe(401);
    const forged = gateway.browser();
    forged.cookie = `attest_session=${'A'.repeat(43)}`;
    expect((await hold(forged, id)).status).toBe(401);
    expect((await forged.request('GET', '/team/holds')).status).toBe(401);
    const noHeader = await reviewer.request('PUT', `/team/holds/${id}`, { csrf: false });
    expect(noHeader.status).toBe(403);
    expect(await holds(admin)).toEqual(before);
    expect(await holds(stranger)).toEqual([]);
  });

  it('tells the sandbox when the review started', async () => {
    const id = pending[5] ?? '';
    const read = async () =>
      QcRequestSchema.parse((await admin.request('GET', `/api/qc/v2/qc/requests/${id}`)).body);
    expect((await read()).reviewStartedOn).toBeUndefined();
    expect((await hold(reviewer, id)).status).toBe(201);
    await expect.poll(async () => (await read()).reviewStartedOn).toBeDefined();
  });

  it('ends a member’s holds when their last session signs out', async ({ signedIn }) => {
    const other = await signedIn('acme-reviewer');
    const id = pending[5] ?? '';
    expect((await hold(other, id)).status).toBe(200);
    // Signed in elsewhere still (`reviewer`): one sign-out leaves the holds alone.
    expect((await other.request('DELETE', '/session')).status).toBe(204);
    expect((await holds(admin)).some((c) => c.requestId === id)).toBe(true);
    expect((await reviewer.request('GET', '/session')).status).toBe(200);
    // The last session's sign-out ends them.
    expect((await reviewer.request('DELETE', '/session')).status).toBe(204);
    expect((await holds(admin)).some((c) => c.requestId === id)).toBe(false);
    reviewer = await signedIn('acme-reviewer');
  });
});

describe('the decision history', () => {
  it('records a decision made through the console, ends its hold and tells the team', async () => {
    const id = pending[0] ?? '';
    // Taken afresh: the first test's hold has lapsed since.
    expect((await hold(reviewer, id)).status).toBe(201);
    gateway.advance(90_000);
    const session = SessionSchema.parse((await reviewer.request('GET', '/session')).body);
    const request = QcRequestSchema.parse(
      (await reviewer.request('GET', `/api/qc/v2/qc/requests/${id}`)).body,
    );
    const [item] = request.checklistItems;
    const stream = await admin.events();
    const decided = await reviewer.request('PATCH', `/api/qc/v2/qc/requests/${id}`, {
      json: {
        status: 'rejected',
        reviewedBy: session.user?.id,
        checklistItems: [{ id: item?.id, status: 'rejected', reviewerNote: '=HYPERLINK("x")' }],
        notes: 'Initial the second page',
      },
    });
    expect(decided.status, decided.text).toBe(200);
    expect(QcRequestSchema.parse(decided.body).status).toBe('rejected');
    try {
      await stream.waitFor(1);
      const change = QueueChangeSchema.parse(JSON.parse(stream.messages[0]?.data ?? ''));
      expect(change).toMatchObject({ kind: 'decided', requestId: id, status: 'rejected' });
    } finally {
      stream.close();
    }
    expect((await holds(admin)).some((c) => c.requestId === id)).toBe(false);

    const history = RequestHistorySchema.parse(
      (await admin.request('GET', `/team/history/${id}`)).body,
    );
    expect(history.decisions).toHaveLength(1);
    const [record] = history.decisions;
    expect(record?.decidedBy.name).toBe('Riley Reviewer');
    expect(record?.notes).toBe('Initial the second page');
    expect(record?.openedOn).toBeDefined();
    const seconds =
      (Date.parse(record?.decidedOn ?? '') - Date.parse(record?.openedOn ?? '')) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(90);
    expect(record?.items.find((i) => i.id === item?.id)?.status).toBe('rejected');

    // A decided request cannot be held.
    expectMessage(await hold(admin, id), 409, /already rejected/);
    // Nothing of acme's history for globex.
    const foreign = RequestHistorySchema.parse(
      (await stranger.request('GET', `/team/history/${id}`)).body,
    );
    expect(foreign.decisions).toEqual([]);
  });

  it('exports a date range as CSV for QC managers', async () => {
    const today = new Date(Date.now() + gateway.offset()).toISOString().slice(0, 10);
    const csv = await admin.request('GET', `/team/decisions.csv?from=${today}&to=${today}`);
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain(`qc-decisions-${today}`);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toMatch(/^decided_on,qc_request_id,decision,reviewer/);
    const row = lines.find((line) => line.includes(pending[0] ?? '-'));
    expect(row).toContain('rejected');
    expect(row).toContain('Riley Reviewer');
    expect(row).toContain(`: =HYPERLINK(""x"")`);

    expect(
      (await reviewer.request('GET', `/team/decisions.csv?from=${today}&to=${today}`)).status,
    ).toBe(403);
    await expectDateRangeChecked(admin, '/team/decisions.csv');
    const empty = await stranger.request('GET', `/team/decisions.csv?from=${today}&to=${today}`);
    expect(empty.text.trim().split('\r\n')).toHaveLength(1);
  });
});
