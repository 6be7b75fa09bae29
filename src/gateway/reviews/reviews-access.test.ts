import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { PERMISSIONS } from '../../contract/auth.ts';
import { QcProcessListSchema } from '../../contract/qc.ts';
import { ProcessSettingsListSchema } from '../../contract/qc-management.ts';
import { SessionSchema } from '../../contract/session.ts';
import { QcHoldListSchema, QUEUE_EVENT, RequestHistorySchema } from '../../contract/team.ts';
import { grantedPermissions } from '../session/identity.ts';
import { expectMessage, type Browser, type Harness } from '../testing/harness.ts';
import { gatewayTest as it, pendingRequests } from '../testing/fixtures.ts';

// The QC team's state (holds with reviewers' names, decisions with their notes, samples,
// settings, figures) is for those who may read QC requests: a reviewer or a manager. A
// notary of the same owner (signatures only) gets 403 on every /team route and none of the
// queue's news on the event stream.

let gateway: Harness;
let reviewer: Browser;
let admin: Browser;
let notary: Browser;
let stranger: Browser;
let pending: string[];
let processId: string;

const holds = async (browser: Browser) =>
  QcHoldListSchema.parse((await browser.request('GET', '/team/holds')).body).holds;
const today = new Date().toISOString().slice(0, 10);

it.beforeAll(async ({ gateway: started, signInRoles }) => {
  gateway = started;
  ({ reviewer, admin, notary, stranger } = await signInRoles());
  pending = (await pendingRequests(admin, 3)).map((r) => r.id);
  const processes = await admin.request('GET', '/api/qc/v2/qc/processes?owner=acme&limit=1');
  processId = QcProcessListSchema.parse(processes.body).qcProcesses[0]?.id ?? '';
  expect(processId).not.toBe('');
});

/** Every /team route, as a notary might call it: good ids, unknown ones, foreign ones. */
function routes(id: string): [string, string, unknown?][] {
  return [
    ['GET', '/team/holds'],
    ['PUT', `/team/holds/${id}`, {}],
    ['PUT', `/team/holds/${id}`, { takeOver: true }],
    ['PUT', `/team/holds/${randomUUID()}`, {}],
    ['PUT', `/team/holds/${id}`, { takeOver: 'yes' }],
    ['DELETE', `/team/holds/${id}`],
    ['GET', `/team/history/${id}`],
    ['GET', `/team/history/${randomUUID()}`],
    ['GET', '/team/history/not-a-uuid'],
    ['GET', `/team/decisions.csv?from=${today}&to=${today}`],
    ['GET', '/team/settings'],
    ['PUT', `/team/settings/${processId}`, { targetAgeHours: 1, samplePercent: 100 }],
    ['PUT', `/team/settings/${processId}`, { samplePercent: 'all' }],
    ['GET', '/team/samples?state=all'],
    ['GET', `/team/samples/${id}`],
    ['PUT', `/team/samples/${id}/review`, { items: [] }],
    ['PUT', `/team/samples/${id}/outcome`, { action: 'keep', note: 'fine' }],
    ['GET', `/team/stats?from=${today}&to=${today}`],
  ];
}

describe('a notary (signatures only)', () => {
  it('gets 403 {message} on every /team route, and nothing is written', async () => {
    const id = pending[0] ?? '';
    expect((await reviewer.request('PUT', `/team/holds/${id}`, { json: {} })).status).toBe(201);
    const before = {
      holds: await holds(admin),
      settings: (await admin.request('GET', '/team/settings')).body,
    };
    const upstream = gateway.calls.length;
    for (const [method, path, json] of routes(id)) {
      const result = await notary.request(method, path, json === undefined ? {} : { json });
      expectMessage(result, 403, /for QC reviewers and managers/);
      expect(result.text, path).not.toMatch(/Riley Reviewer/);
    }
    // The service was not asked either (a first hold would ask it about the request).
    expect(gateway.calls.length).toBe(upstream);
    expect(await holds(admin)).toEqual(before.holds);
    expect((await admin.request('GET', '/team/settings')).body).toEqual(before.settings);
    expect(
      ProcessSettingsListSchema.parse((await admin.request('GET', '/team/settings')).body)
        .processes,
    ).toEqual([]);
  });

  it('keeps its answers to sessions without one (401), as before', async () => {
    const anonymous = gateway.browser();
    const forged = gateway.browser();
    forged.cookie = `attest_session=${'A'.repeat(43)}`;
    for (const [method, path, json] of routes(pending[0] ?? '')) {
      for (const browser of [anonymous, forged]) {
        const result = await browser.request(method, path, json === undefined ? {} : { json });
        expect(result.status, `${method} ${path}`).toBe(401);
      }
    }
  });

  it('still lets reviewers and managers read, and another owner sees none of it', async () => {
    const id = pending[0] ?? '';
    expect((await holds(reviewer)).map((c) => c.requestId)).toContain(id);
    expect((await holds(admin)).map((c) => c.requestId)).toContain(id);
    expect(await holds(stranger)).toEqual([]);
    const history = await reviewer.request('GET', `/team/history/${id}`);
    expect(RequestHistorySchema.parse(history.body).decisions).toEqual([]);
    expect((await reviewer.request('GET', '/team/settings')).status).toBe(200);
  });

  it('hears none of the queue’s news on its event stream; a reviewer hears it', async () => {
    const notaryStream = await notary.events();
    const reviewerStream = await reviewer.events();
    try {
      const id = pending[1] ?? '';
      expect((await admin.request('PUT', `/team/holds/${id}`, { json: {} })).status).toBe(201);
      expect((await admin.request('DELETE', `/team/holds/${id}`)).status).toBe(204);
      await reviewerStream.waitFor(2);
      expect(reviewerStream.messages.map((m) => m.event)).toEqual([QUEUE_EVENT, QUEUE_EVENT]);
      // The notary's stream is open and live, and got nothing of it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(notaryStream.ended).toBe(false);
      expect(notaryStream.messages).toEqual([]);
    } finally {
      notaryStream.close();
      reviewerStream.close();
    }
  });
});

describe('grantedPermissions', () => {
  it('grants nothing for a token without a permissions claim, unless the setting says', () => {
    const settings = { ownerClaim: 'owner', userClaim: 'uid', permissionsClaim: 'perms' };
    expect(grantedPermissions(settings, null)).toEqual([]);
    expect(grantedPermissions(settings, ['qc.review'])).toEqual(['qc.review']);
    const assumed = { ...settings, assumePermissions: PERMISSIONS };
    expect(grantedPermissions(assumed, null)).toEqual(PERMISSIONS);
    // A token that says is taken at its word, even with the setting.
    expect(grantedPermissions(assumed, [])).toEqual([]);
  });
});

describe('a session whose permissions reach the gateway', () => {
  it('answers /session with the token’s permissions for the app to show its areas', async () => {
    const session = SessionSchema.parse((await notary.request('GET', '/session')).body);
    expect(session.permissions).toEqual(['signatures.write']);
  });
});
