import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { MARKS_HEADER_MAX, type DecisionMarks, type Region } from '../../contract/findings.ts';
import { encodeMarksHeader } from '../../shared/marks-header.ts';
import { QcProcessListSchema, type QcRequest } from '../../contract/qc.ts';
import { RequestHistorySchema } from '../../contract/team.ts';
import { addBusinessDays } from './business-days.ts';
import { expectMessage, type Browser, type Harness } from '../testing/harness.ts';
import { gatewayTest as it, pendingRequests } from '../testing/fixtures.ts';
import { decide, findingsOf, readRequest } from '../testing/findings.ts';

// Marks and findings over real HTTP (ADR 029): the gateway in front of the reference service,
// whose documents are real PDFs (US Letter, 612 × 792 pt, two to four pages). A reviewer's
// rejection with marks becomes findings; wrong marks are refused before the service sees the
// decision, which stays pending.

let gateway: Harness;
let reviewer: Browser;
let admin: Browser;
let pending: QcRequest[];
let next = 0;
/** A pending request no test has decided yet. */
const fresh = () => {
  const request = pending[next++];
  if (!request) throw new Error('out of pending requests');
  return request;
};

const region = (page: number, over: Partial<Region> = {}): Region => ({
  page,
  x: 72,
  y: 100,
  width: 200,
  height: 40,
  ...over,
});

/** Sets `name`'s severity in its process, as a QC manager does. */
async function setSeverity(processName: string, severities: Record<string, string>) {
  const processes = await admin.request('GET', '/api/qc/v2/qc/processes?owner=acme&limit=100');
  const process = QcProcessListSchema.parse(processes.body).qcProcesses.find(
    (p) => p.displayName === processName,
  );
  const saved = await admin.request('PUT', `/team/settings/${process?.id}`, {
    json: { targetAgeHours: null, samplePercent: 0, responseDays: 3, severities },
  });
  expect(saved.status, saved.text).toBe(200);
}

it.beforeAll(async ({ gateway: started, signedIn }) => {
  gateway = started;
  reviewer = await signedIn('acme-reviewer');
  admin = await signedIn('acme-admin');
  pending = await pendingRequests(admin, 40);
});

describe('a rejection with marks', () => {
  it('makes a finding per failed item, with its regions, severity, responsible and due date', async () => {
    const request = fresh();
    const [first, second] = request.checklistItems;
    if (!first || !second) throw new Error('a request with two items');
    await setSeverity(request.processName, { [first.displayName]: 'minor' });
    const marks: DecisionMarks = {
      items: [
        // Raised above its process's minor; regions on two pages, one to the page's edge.
        {
          itemId: first.id,
          severity: 'critical',
          regions: [region(1), region(2, { x: 412, width: 200 })],
        },
        { itemId: second.id, regions: [] },
      ],
    };
    const decided = await decide(reviewer, request, { failing: 2, marks });
    expect(decided.status, decided.text).toBe(200);
    // The header went no further than the gateway.
    const patch = gateway.calls.findLast((c) => c.method === 'PATCH');
    expect(patch?.headers.has('attest-marks')).toBe(false);

    const findings = await findingsOf(admin, request.id);
    expect(findings).toHaveLength(2);
    const byItem = new Map(findings.map((f) => [f.itemId, f]));
    const one = byItem.get(first.id);
    const two = byItem.get(second.id);
    expect(one).toMatchObject({
      requestId: request.id,
      matterReference: request.document.matterReference,
      processName: request.processName,
      firmId: request.document.firmId,
      itemName: first.displayName,
      category: first.group,
      note: `${first.displayName}: p. 1`,
      severity: 'critical',
      regions: marks.items[0]?.regions,
      raisedBy: { name: 'Riley Reviewer' },
      state: 'open',
      upheld: false,
    });
    // Unmarked and unset in its process: major.
    expect(two).toMatchObject({ severity: 'major', regions: [] });
    // The actor of the item's role, else the request's notary.
    const notary = request.actors.find((a) => a.roleId === 'notary')?.userId;
    const inRole = (roleId: string) => request.actors.find((a) => a.roleId === roleId)?.userId;
    expect(one?.responsible?.id).toBe(inRole(first.roleId) ?? notary);
    expect(two?.responsible?.id).toBe(inRole(second.roleId) ?? notary);
    // Three business days (the process's target) after it was raised.
    expect(one?.dueOn).toBe(
      new Date(addBusinessDays(Date.parse(one?.raisedOn ?? ''), 3)).toISOString(),
    );
    expect(one?.steps).toEqual([{ kind: 'raised', by: one?.raisedBy, on: one?.raisedOn }]);

    // The history carries the marks with the decision, and the findings beside it.
    const history = RequestHistorySchema.parse(
      (await admin.request('GET', `/team/history/${request.id}`)).body,
    );
    expect(history.decisions[0]?.marks?.items[0]?.regions).toHaveLength(2);
    expect(history.decisions[0]?.items[0]).toMatchObject({
      group: first.group,
      roleId: first.roleId,
    });
    expect(history.findings?.map((f) => f.id).sort()).toEqual(findings.map((f) => f.id).sort());
  });

  it('makes findings of a rejection without marks too, and none of an approval', async () => {
    const rejected = fresh();
    expect((await decide(reviewer, rejected)).status).toBe(200);
    expect(await findingsOf(admin, rejected.id)).toHaveLength(1);

    const approved = fresh();
    const marks = {
      items: [{ itemId: approved.checklistItems[0]?.id ?? '', regions: [region(1)] }],
    };
    const answer = await decide(reviewer, approved, { status: 'approved', marks });
    expect(answer.status, answer.text).toBe(200);
    expect(await findingsOf(admin, approved.id)).toEqual([]);
  });
});

describe('marks that are wrong', () => {
  /** Sends `marks` with a rejection: 400 naming `message`, and the request stays pending. */
  async function refused(marks: DecisionMarks | string, message: RegExp, request = fresh()) {
    const calls = gateway.calls.filter((c) => c.method === 'PATCH').length;
    expectMessage(await decide(reviewer, request, { marks }), 400, message);
    expect(gateway.calls.filter((c) => c.method === 'PATCH').length).toBe(calls);
    expect((await readRequest(admin, request.id)).status).toBe('pending');
    const history = RequestHistorySchema.parse(
      (await admin.request('GET', `/team/history/${request.id}`)).body,
    );
    expect(history.decisions).toEqual([]);
    expect(history.findings).toEqual([]);
    return request;
  }
  const item = (request: QcRequest, n = 0) => request.checklistItems[n]?.id ?? '';

  it('refuses a header that is not base64url of JSON', async () => {
    await refused('not base64!', /base64url/);
    await refused(Buffer.from('{}').toString('base64'), /base64url/);
    await refused(Buffer.from('{"items": [').toString('base64url'), /JSON/);
    await refused(
      encodeMarksHeader({ items: [{ itemId: 'x', regions: 'all' }] } as never),
      /regions/,
    );
  });

  it('refuses a region outside its page, and a page past the document’s end', async () => {
    const outside = fresh();
    await refused(
      { items: [{ itemId: item(outside), regions: [region(1, { x: 500, width: 200 })] }] },
      /outside page 1 \(612 × 792 pt\)/,
      outside,
    );
    const below = fresh();
    await refused(
      { items: [{ itemId: item(below), regions: [region(1, { y: 780, height: 30 })] }] },
      /outside page 1/,
      below,
    );
    const past = fresh();
    await refused(
      { items: [{ itemId: item(past), regions: [region(99)] }] },
      /page 99, but the document has \d pages/,
      past,
    );
  });

  it('refuses an item not on the request, and a severity below the item’s', async () => {
    await refused({ items: [{ itemId: randomUUID(), regions: [] }] }, /not on this QC request/);
    const request = fresh();
    const first = request.checklistItems[0];
    await setSeverity(request.processName, { [first?.displayName ?? '']: 'critical' });
    await refused(
      { items: [{ itemId: first?.id ?? '', severity: 'minor', regions: [] }] },
      /is critical in its process: a mark may raise its severity, never lower it/,
      request,
    );
    await setSeverity(request.processName, {});
  });

  it('refuses more regions than a decision may mark, and a header too large', async () => {
    const many = Array.from({ length: 6 }, () => ({
      itemId: randomUUID(),
      regions: Array.from({ length: 17 }, () => region(1)),
    }));
    await refused({ items: many }, /at most 100 regions \(102\)/);
    await refused('A'.repeat(MARKS_HEADER_MAX + 1), new RegExp(`at most ${MARKS_HEADER_MAX}`));
  });
});
