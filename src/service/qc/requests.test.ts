import { randomUUID } from 'node:crypto';
import { describe, expect, vi } from 'vitest';
import { demoSetup, serviceTest as it } from '../testing/fixtures.ts';
import { QcRequestListSchema, QcRequestSchema, type QcRequest } from '../../contract/qc.ts';
import { DocumentReadyPayloadSchema } from '../../contract/webhooks.ts';
import { renderDocumentPdf } from '../seed/documents.ts';
import { documentFacts } from '../testing/document-facts.ts';
import { expectSealedWhole, missing, signedParts } from '../testing/pdf-verifiers.ts';
import {
  expectError,
  expectGetErrors,
  expectJsonBodiesOnly,
  readOk,
  storedValue,
} from '../testing/service.ts';

const demo = demoSetup();
let riley: string;

it.beforeAll(async () => {
  riley = storedValue(
    demo.service.ctx.db,
    "SELECT id FROM users WHERE display_name = 'Riley Reviewer'",
  );
});

const list = (query: string, token = demo.reviewer) =>
  readOk(demo.service, `/qc/v2/qc/requests?owner=acme&${query}`, token, QcRequestListSchema);
const outboxCount = () =>
  Number(
    demo.service.ctx.db
      .prepare("SELECT COUNT(*) AS n FROM outbox WHERE event_type = 'DOCUMENT_READY'")
      .get()?.n,
  );
const stored = (id: string) =>
  demo.service.ctx.db
    .prepare('SELECT status, verdicts, notes, reviewed_by FROM qc_requests WHERE id = ?')
    .get(id);

/** Pending requests not yet used by another test. */
const taken = new Set<string>();
async function pending(): Promise<QcRequest> {
  const { qcRequests } = await list('status=pending&limit=50');
  const next = qcRequests.find((r) => !taken.has(r.id));
  if (!next) throw new Error('no pending request left');
  taken.add(next.id);
  return next;
}
const allApproved = (request: QcRequest) =>
  request.checklistItems.map((item) => ({ id: item.id, status: 'approved' as const }));
const patch = (id: string, json: unknown, token = demo.reviewer) =>
  demo.service.send('PATCH', `/qc/v2/qc/requests/${id}`, { token, json });

describe('GET /qc/v2/qc/requests', () => {
  it('lists requests with documents, checklists and presigned files, oldest first', async () => {
    const { qcRequests, pagination } = await list('limit=20');
    expect(qcRequests).toHaveLength(20);
    expect(pagination.totalCount).toBe(320);
    const created = qcRequests.map((r) => r.createdOn);
    expect(created).toEqual([...created].sort());
    const first = qcRequests[0] as QcRequest;
    expect(first.document.matterReference).toMatch(/^MR-2026-/);
    expect(first.checklistItems.length).toBeGreaterThan(3);
    expect(first.processName).not.toBe('');
    expect(first.checklistVersion).toMatch(/^\d+\.\d+$/);
    const pdf = await fetch(first.fileUrl);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('filters by status, and the three states add up', async () => {
    const counts = await Promise.all(
      ['pending', 'approved', 'rejected'].map(
        async (s) => (await list(`status=${s}&limit=1`)).pagination.totalCount,
      ),
    );
    expect(counts.reduce((a, b) => a + b)).toBe(320);
    const { qcRequests } = await list('status=rejected');
    expect(
      qcRequests.every(
        (r) => r.status === 'rejected' && r.notes && r.reviewedBy && r.review?.shortId,
      ),
    ).toBe(true);
  });

  it('filters by process, checklist and firm', async () => {
    const sample = (await list('limit=1')).qcRequests[0] as QcRequest;
    const byFirm = await list(`firmId=${sample.document.firmId}`);
    expect(byFirm.qcRequests.every((r) => r.document.firmId === sample.document.firmId)).toBe(true);
    expect(byFirm.pagination.totalCount).toBeLessThan(320);
    const byProcess = await list(
      `processId=${(demo.service.ctx.db.prepare('SELECT process_id FROM qc_requests WHERE id = ?').get(sample.id) as { process_id: string }).process_id}`,
    );
    expect(byProcess.qcRequests.every((r) => r.processName === sample.processName)).toBe(true);
    const checklistId = (
      demo.service.ctx.db
        .prepare("SELECT id FROM checklists WHERE owner = 'acme' AND display_name = ?")
        .get(sample.checklistName) as { id: string }
    ).id;
    const byChecklist = await list(`checklistId=${checklistId}`);
    expect(byChecklist.qcRequests.every((r) => r.checklistName === sample.checklistName)).toBe(
      true,
    );
  });

  it('orders newest first on request', async () => {
    const created = (await list('orderDirection=desc&limit=30')).qcRequests.map((r) => r.createdOn);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('binds cursors to the filters', async () => {
    const page = await list('status=pending&limit=5');
    const result = await demo.service.get(
      `/qc/v2/qc/requests?owner=acme&status=approved&limit=5&cursor=${page.pagination.nextCursor}`,
      demo.reviewer,
    );
    expectError(result, 400, /invalid cursor/);
  });

  it('refuses bad filters, other owners, other roles and missing tokens', async () => {
    const LIST = '/qc/v2/qc/requests';
    await expectGetErrors(demo.service, [
      [`${LIST}?owner=acme&status=done`, demo.reviewer, 400, /status/],
      [`${LIST}?owner=acme&processId=nope`, demo.reviewer, 400, /processId/],
      [LIST, demo.reviewer, 400, /owner/],
      [`${LIST}?owner=globex`, demo.reviewer, 401, /owner globex/],
      [`${LIST}?owner=acme`, demo.notary, 401, /qc\.review or qc\.manage/],
      [`${LIST}?owner=acme`, undefined, 401, /Authorization/],
      [`${LIST}?owner=acme`, 'forged.token.x', 401, /invalid/],
    ]);
  });
});

describe('GET /qc/v2/qc/requests/{qcrID}', () => {
  it("returns one request; 404 for unknown and other owners' ids; 400 for a malformed id", async () => {
    const sample = (await list('limit=1')).qcRequests[0] as QcRequest;
    const one = await demo.service.get(`/qc/v2/qc/requests/${sample.id}`, demo.reviewer);
    expect(one.status).toBe(200);
    expect(QcRequestSchema.parse(one.body).id).toBe(sample.id);
    await expectGetErrors(demo.service, [
      [`/qc/v2/qc/requests/${sample.id}`, demo.globex, 404, /not found/],
      ['/qc/v2/qc/requests/00000000-0000-4000-8000-000000000000', demo.reviewer, 404, /not found/],
      ['/qc/v2/qc/requests/123', demo.reviewer, 400, /UUID/],
    ]);
  });
});

describe('PATCH /qc/v2/qc/requests/{qcrID}', () => {
  it('approves when every item is approved or not applicable, and publishes DOCUMENT_READY', async () => {
    const request = await pending();
    const items = request.checklistItems.map((item) => ({
      id: item.id,
      status: item.allowNA ? ('notApplicable' as const) : ('approved' as const),
    }));
    const before = outboxCount();
    const result = await patch(request.id, {
      status: 'approved',
      reviewedBy: riley,
      checklistItems: items,
    });
    expect(result.status, result.text).toBe(200);
    const decided = QcRequestSchema.parse(result.body);
    expect(decided).toMatchObject({ status: 'approved', reviewedBy: riley });
    expect(decided.review?.shortId).toMatch(/^R-\d{5}$/);
    expect(decided.reviewCompletedOn).toBeDefined();
    expect(
      decided.checklistItems.every(
        (i) =>
          i.completedBy === riley &&
          (i.status === 'approved' || (i.allowNA && i.status === 'notApplicable')),
      ),
    ).toBe(true);
    expect(outboxCount()).toBe(before + 1);
    const message = demo.service.ctx.db
      .prepare(
        "SELECT payload FROM outbox WHERE event_type = 'DOCUMENT_READY' ORDER BY created_on DESC, rowid DESC LIMIT 1",
      )
      .get() as { payload: string };
    const payload = DocumentReadyPayloadSchema.parse(JSON.parse(message.payload));
    expect(payload.fileUUID).toBe(request.document.id);
    expect(Object.keys(JSON.parse(message.payload)).sort()).toEqual([
      'crid',
      'downloadUrl',
      'fileRequestUUID',
      'fileUUID',
      'matterUUID',
    ]);

    // A second decision conflicts, says by whom and when, and changes nothing.
    const again = await patch(
      request.id,
      { status: 'rejected', reviewedBy: riley, notes: 'late' },
      demo.admin,
    );
    expectError(
      again,
      409,
      new RegExp(`already approved by ${riley} on ${decided.reviewCompletedOn}`),
    );
    expect(stored(request.id)).toMatchObject({ status: 'approved', notes: null });
  });

  it('hands out the approved document sealed; one that carries a seal already, as it is', async ({
    skip,
  }) => {
    const db = demo.service.ctx.db;
    const blobs = demo.service.ctx.blobs;
    const lastDownload = () =>
      (
        db
          .prepare(
            "SELECT download_blob_key AS key FROM outbox WHERE event_type = 'DOCUMENT_READY' ORDER BY created_on DESC, rowid DESC LIMIT 1",
          )
          .get() as { key: string }
      ).key;
    const approve = async (request: QcRequest) => {
      const result = await patch(request.id, {
        status: 'approved',
        reviewedBy: riley,
        checklistItems: allApproved(request),
      });
      expect(result.status, result.text).toBe(200);
      return blobs.get(lastDownload()) ?? new Uint8Array();
    };

    // A document that carries no seal (the demo's e-signed ones were sealed as completed).
    const plain = await pending();
    const original = await renderDocumentPdf(documentFacts());
    const unsealedKey = `files/${randomUUID()}.pdf`;
    blobs.put(unsealedKey, original);
    db.prepare('UPDATE qc_requests SET blob_key = ? WHERE id = ?').run(unsealedKey, plain.id);
    const sealed = await approve(plain);
    expect(lastDownload()).toMatch(/^sealed\//);
    // The reviewed document, with the seal appended over all of it but the signature itself.
    expect(Buffer.from(sealed).toString('latin1')).toContain(`QC request ${plain.id} approved`);
    expect(signedParts(sealed).signed.byteLength).toBeGreaterThan(original.byteLength);

    // A completed document put into QC keeps its own seal (and any change made after it).
    const completed = storedValue(
      db,
      "SELECT completed_blob_key FROM signature_requests WHERE owner = 'acme' AND status = 'completed' ORDER BY completed_on DESC LIMIT 1",
    );
    const carried = await pending();
    db.prepare('UPDATE qc_requests SET blob_key = ? WHERE id = ?').run(completed, carried.id);
    expect(await approve(carried)).toEqual(blobs.get(completed));
    expect(lastDownload()).toBe(completed);

    const why = missing('pdfsig', 'certutil', 'openssl');
    if (why) return skip(why);
    expectSealedWhole(sealed, demo.service.ctx.keys.sealing.caPem);
  });

  it('refuses an approval before sealing anything: a refusal writes no blob', async () => {
    const request = await pending();
    const put = vi.spyOn(demo.service.ctx.blobs, 'put');
    try {
      const refused = await patch(request.id, {
        status: 'approved',
        reviewedBy: randomUUID(),
        checklistItems: allApproved(request),
      });
      expectError(refused, 400, /reviewedBy is not a user of this owner/);
      expect(put).not.toHaveBeenCalled();
    } finally {
      put.mockRestore();
    }
    expect(stored(request.id)).toMatchObject({ status: 'pending' });
  });

  it('rejects with notes alone, or with a rejected item and its note', async () => {
    const a = await pending();
    const withNotes = await patch(a.id, {
      status: 'rejected',
      reviewedBy: riley,
      notes: 'Rescan page 2.',
    });
    expect(QcRequestSchema.parse(withNotes.body)).toMatchObject({
      status: 'rejected',
      notes: 'Rescan page 2.',
    });
    const b = await pending();
    const item = b.checklistItems[0]?.id as string;
    const withItem = await patch(b.id, {
      status: 'rejected',
      reviewedBy: riley,
      checklistItems: [{ id: item, status: 'rejected', reviewerNote: 'Seal cut off' }],
    });
    const decided = QcRequestSchema.parse(withItem.body);
    expect(decided.checklistItems.find((i) => i.id === item)).toMatchObject({
      status: 'rejected',
      reviewerNote: 'Seal cut off',
    });
  });

  it('lets exactly one of two simultaneous reviews win', async () => {
    const request = await pending();
    const body = { status: 'approved', reviewedBy: riley, checklistItems: allApproved(request) };
    const results = await Promise.all([
      patch(request.id, body),
      // A machine client may record a review for a named reviewer.
      patch(request.id, { ...body, status: 'rejected', notes: 'no' }, demo.integration),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it.each([
    [
      'approval with an open item',
      (r: QcRequest) => ({
        status: 'approved',
        reviewedBy: riley,
        checklistItems: allApproved(r).slice(1),
      }),
      /open: /,
    ],
    [
      'notApplicable on an item that does not allow it',
      (r: QcRequest) => ({
        status: 'approved',
        reviewedBy: riley,
        checklistItems: r.checklistItems.map((i) => ({
          id: i.id,
          status: i.allowNA ? 'approved' : 'notApplicable',
        })),
      }),
      /cannot be not applicable/,
    ],
    [
      'an item of another checklist',
      () => ({
        status: 'rejected',
        reviewedBy: riley,
        checklistItems: [{ id: '00000000-0000-4000-8000-000000000001', status: 'rejected' }],
      }),
      /not on this request's checklist/,
    ],
    [
      'a reviewer who is not a user of the owner',
      () => ({
        status: 'rejected',
        reviewedBy: '00000000-0000-4000-8000-000000000002',
        notes: 'x',
      }),
      /not a user of this owner/,
    ],
    [
      'a rejection with neither notes nor a rejected item',
      (r: QcRequest) => ({ status: 'rejected', reviewedBy: riley, checklistItems: allApproved(r) }),
      /rejected checklist item or rework notes/,
    ],
    [
      'an unknown status',
      () => ({ status: 'maybe', reviewedBy: riley }),
      /status must be approved or rejected/,
    ],
    [
      'an unknown field',
      () => ({ status: 'rejected', reviewedBy: riley, notes: 'x', extra: 1 }),
      /invalid request body/,
    ],
  ])('refuses %s with 400 and writes nothing', async (_, body, message) => {
    const request = await pending();
    const before = [stored(request.id), outboxCount()];
    expectError(await patch(request.id, body(request)), 400, message);
    expect([stored(request.id), outboxCount()]).toEqual(before);
  });

  it('refuses a deactivated reviewer named by a machine client', async () => {
    const request = await pending();
    const gone = (
      demo.service.ctx.db
        .prepare("SELECT id FROM users WHERE owner = 'acme' AND deactivated_on IS NOT NULL")
        .get() as { id: string }
    ).id;
    expectError(
      await patch(
        request.id,
        { status: 'rejected', reviewedBy: gone, notes: 'x' },
        demo.integration,
      ),
      400,
      /deactivated/,
    );
  });

  it("records a person's review under their own name only", async () => {
    const request = await pending();
    const alex = storedValue(
      demo.service.ctx.db,
      "SELECT id FROM users WHERE display_name = 'Alex Admin'",
    );
    const before = stored(request.id);
    expectError(
      await patch(request.id, { status: 'rejected', reviewedBy: alex, notes: 'x' }),
      400,
      /reviewedBy must be the signed-in reviewer/,
    );
    expect(stored(request.id)).toEqual(before);
    const byMachine = await patch(
      request.id,
      { status: 'rejected', reviewedBy: alex, notes: 'x' },
      demo.integration,
    );
    expect(QcRequestSchema.parse(byMachine.body).reviewedBy).toBe(alex);
  });

  it('refuses a reviewer note on an item without a verdict', async () => {
    const request = await pending();
    const item = request.checklistItems[0]?.id as string;
    const body = {
      status: 'rejected',
      reviewedBy: riley,
      notes: 'x',
      checklistItems: [{ id: item, reviewerNote: 'lost?' }],
    };
    expectError(await patch(request.id, body), 400, /a reviewerNote needs the item's status/);
    expect(stored(request.id)).toMatchObject({ status: 'pending' });
  });

  it('refuses malformed JSON (400) and a non-JSON body (415)', async () => {
    const request = await pending();
    const path = `/qc/v2/qc/requests/${request.id}`;
    const body = '{"status":"approved"}';
    const state = () => stored(request.id);
    await expectJsonBodiesOnly(demo.service, 'PATCH', path, demo.reviewer, body, state);
    expect(stored(request.id)).toMatchObject({ status: 'pending' });
  });

  it('refuses other roles, other owners, unknown ids and missing or forged tokens', async () => {
    const request = await pending();
    const body = { status: 'rejected', reviewedBy: riley, notes: 'x' };
    expectError(await patch(request.id, body, demo.notary), 401, /qc\.review/);
    expectError(await patch(request.id, body, demo.globex), 404, /not found/);
    expectError(await patch('00000000-0000-4000-8000-000000000000', body), 404, /not found/);
    expectError(
      await demo.service.send('PATCH', `/qc/v2/qc/requests/${request.id}`, { json: body }),
      401,
      /Authorization/,
    );
    expectError(await patch(request.id, body, `${demo.reviewer.slice(0, -3)}abc`), 401, /invalid/);
    expect(stored(request.id)).toMatchObject({ status: 'pending', notes: null });
  });
});
