import { describe, expect } from 'vitest';
import { demoSetup, serviceTest as it } from '../testing/fixtures.ts';
import { QcRequestListSchema, QcRequestSchema, type QcRequest } from '../../contract/qc.ts';
import {
  SignatureRequestSchema,
  UploadUrlResponseSchema,
  type SignatureRequest,
} from '../../contract/signatures.ts';
import { renderScanPdf } from '../seed/documents.ts';
import { expectError, storedValue } from '../testing/service.ts';

const demo = demoSetup();

const userOf = (client: string) =>
  storedValue(demo.service.ctx.db, 'SELECT user_id FROM clients WHERE id = ?', client);
const anyUser = (notaryFlag: number) =>
  storedValue(
    demo.service.ctx.db,
    "SELECT id FROM users WHERE owner = 'acme' AND is_notary = ? AND deactivated_on IS NULL ORDER BY id LIMIT 1",
    notaryFlag,
  );

async function awaiting(): Promise<SignatureRequest> {
  const file = demo.service.ctx.db
    .prepare("SELECT id FROM files WHERE owner = 'acme' ORDER BY id LIMIT 1")
    .get() as { id: string };
  const created = await demo.service.send('POST', '/signatures/v2/requests', {
    token: demo.notary,
    json: { fileId: file.id, wetInk: true },
  });
  return SignatureRequestSchema.parse(created.body);
}

const readRequest = async (id: string, token = demo.notary) =>
  SignatureRequestSchema.parse(
    (await demo.service.get(`/signatures/v2/requests/${id}`, token)).body,
  );

/** Upload URL, upload, confirm: the notary's whole send. Answers the new QC request. */
async function sendScan(request: SignatureRequest, text: string): Promise<QcRequest> {
  const link = await demo.service.get(
    `/signatures/v2/requests/${request.id}/uploadUrl`,
    demo.notary,
  );
  expect(link.status, link.text).toBe(200);
  const url = UploadUrlResponseSchema.parse(link.body);
  const form = new FormData();
  for (const [name, value] of Object.entries(url.uploadValues)) form.append(name, value);
  const pdf = await renderScanPdf({ matterReference: text, signerName: 'Test Signer' });
  form.append('file', new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  expect((await fetch(url.uploadUrl, { method: 'POST', body: form })).status).toBe(204);
  const confirmed = await demo.service.send('PATCH', `/signatures/v2/requests/${request.id}`, {
    token: demo.notary,
    json: { status: 'wetInkUploaded' },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  const queue = QcRequestListSchema.parse(
    (
      await demo.service.get(
        '/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=desc&limit=1',
        demo.reviewer,
      )
    ).body,
  );
  const qc = queue.qcRequests[0];
  if (!qc || qc.document.id !== request.file.id) throw new Error('the scan did not reach QC');
  return qc;
}

async function reject(qc: QcRequest, note: string, notes = 'Rescan every page at full size.') {
  const [failed, ...rest] = qc.checklistItems;
  const decided = await demo.service.send('PATCH', `/qc/v2/qc/requests/${qc.id}`, {
    token: demo.reviewer,
    json: {
      status: 'rejected',
      reviewedBy: userOf('acme-reviewer'),
      notes,
      checklistItems: [
        { id: failed?.id, status: 'rejected', reviewerNote: note },
        ...rest.map((item) => ({ id: item.id, status: 'approved' })),
      ],
    },
  });
  expect(decided.status, decided.text).toBe(200);
  return QcRequestSchema.parse(decided.body);
}

describe('the wet-ink rework loop', () => {
  it('returns a rejected scan to awaitingWetInk, keeping the scan and the review', async () => {
    const request = await awaiting();
    const first = await sendScan(request, 'first scan');
    expect((await readRequest(request.id)).status).toBe('wetInkUploaded');

    const decided = await reject(first, 'Signature on page 2 is missing.');
    const back = await readRequest(request.id);
    expect(back.status).toBe('awaitingWetInk');
    expect(back.scanReviews).toEqual([
      {
        qcRequestId: first.id,
        submittedOn: first.createdOn,
        status: 'rejected',
        shortId: decided.review?.shortId,
        reviewedBy: userOf('acme-reviewer'),
        reviewCompletedOn: decided.reviewCompletedOn,
        notes: 'Rescan every page at full size.',
        failedItems: [
          {
            id: first.checklistItems[0]?.id,
            displayName: first.checklistItems[0]?.displayName,
            reviewerNote: 'Signature on page 2 is missing.',
          },
        ],
      },
    ]);
    // The rejected scan and its review are still there to read.
    const kept = QcRequestSchema.parse(
      (await demo.service.get(`/qc/v2/qc/requests/${first.id}`, demo.reviewer)).body,
    );
    expect(kept.status).toBe('rejected');
    expect((await fetch(kept.fileUrl)).status).toBe(200);

    // A new upload URL is given, and the same scan cannot be confirmed a second time.
    expectError(
      await demo.service.send('PATCH', `/signatures/v2/requests/${request.id}`, {
        token: demo.notary,
        json: { status: 'wetInkUploaded' },
      }),
      400,
      /no scan has been uploaded/,
    );
    const second = await sendScan(request, 'second scan');
    expect(second.id).not.toBe(first.id);
    expect(second.earlierReviews?.map((r) => [r.qcRequestId, r.status])).toEqual([
      [first.id, 'rejected'],
    ]);
    expect(second.earlierReviews?.[0]?.failedItems[0]?.reviewerNote).toBe(
      'Signature on page 2 is missing.',
    );
    // Its own detail and the list agree; the first request has no earlier review.
    const detail = QcRequestSchema.parse(
      (await demo.service.get(`/qc/v2/qc/requests/${second.id}`, demo.reviewer)).body,
    );
    expect(detail.earlierReviews).toEqual(second.earlierReviews);
    expect(kept.earlierReviews).toBeUndefined();

    // A third round links both earlier reviews, oldest first.
    await reject(second, 'Still cut off.', 'The seal is cut off.');
    const third = await sendScan(request, 'third scan');
    expect(third.earlierReviews?.map((r) => r.qcRequestId)).toEqual([first.id, second.id]);
    expect((await readRequest(request.id)).scanReviews?.map((r) => r.notes)).toEqual([
      'Rescan every page at full size.',
      'The seal is cut off.',
    ]);
  });

  it('lets a returned request be deleted, and an approval keeps the request wetInkUploaded', async () => {
    const returned = await awaiting();
    await reject(await sendScan(returned, 'to return'), 'Blurred.');
    const deleted = await demo.service.send('DELETE', `/signatures/v2/requests/${returned.id}`, {
      token: demo.notary,
    });
    expect(deleted.status, deleted.text).toBe(204);

    const approved = await awaiting();
    const qc = await sendScan(approved, 'to approve');
    const decided = await demo.service.send('PATCH', `/qc/v2/qc/requests/${qc.id}`, {
      token: demo.reviewer,
      json: {
        status: 'approved',
        reviewedBy: userOf('acme-reviewer'),
        checklistItems: qc.checklistItems.map((item) => ({ id: item.id, status: 'approved' })),
      },
    });
    expect(decided.status, decided.text).toBe(200);
    const after = await readRequest(approved.id);
    expect(after.status).toBe('wetInkUploaded');
    expect(after.scanReviews?.map((r) => [r.status, r.failedItems])).toEqual([['approved', []]]);
  });

  it('names the signer, the notary and the uploader, and takes signedBy/signedOn from the signing', async () => {
    const request = await awaiting();
    const [signer, notaryUser] = [anyUser(0), anyUser(1)];
    const signedOn = '2026-01-05T10:00:00.000Z';
    demo.service.ctx.db
      .prepare(
        `INSERT INTO signature_transactions (id, owner, signer_id, notary_id, status, signature_requests, created_on, completed_on)
         VALUES (?, 'acme', ?, ?, 'completed', ?, ?, ?)`,
      )
      .run(
        crypto.randomUUID(),
        signer,
        notaryUser,
        JSON.stringify([request.id]),
        '2026-01-05T09:00:00.000Z',
        signedOn,
      );
    const qc = await sendScan(request, 'with a signing');
    expect(qc.actors).toEqual([
      { userId: signer, roleId: 'affiant' },
      { userId: notaryUser, roleId: 'notary' },
      { userId: userOf('acme-notary'), roleId: 'uploader' },
    ]);
    expect(qc.document).toMatchObject({ signedBy: signer, signedOn });
  });

  it('leaves signedBy and signedOn out when nothing records the signing, never the upload time', async () => {
    const request = await awaiting();
    const qc = await sendScan(request, 'no signing');
    expect(qc.document.signedBy).toBeUndefined();
    expect(qc.document.signedOn).toBeUndefined();
    expect(qc.actors).toEqual([{ userId: userOf('acme-notary'), roleId: 'uploader' }]);
  });

  it('shows the reviews to their owner only, and only for requests that were scanned', async () => {
    const request = await awaiting();
    await reject(await sendScan(request, 'owner only'), 'Wrong page.');
    expectError(
      await demo.service.get(`/signatures/v2/requests/${request.id}`, demo.globex),
      404,
      /not found/,
    );
    const list = await demo.service.get(
      '/signatures/v2/requests?owner=acme&status=awaitingWetInk&orderDirection=desc&limit=100',
      demo.notary,
    );
    expect(list.status).toBe(200);
    const listed = (list.body as { signatureRequests: SignatureRequest[] }).signatureRequests.find(
      (r) => r.id === request.id,
    );
    expect(listed?.scanReviews).toHaveLength(1);
    // Requests that were never scanned carry no reviews at all.
    expect((await readRequest((await awaiting()).id)).scanReviews).toBeUndefined();

    // A machine client (no user) may ask for the new upload link too.
    const link = await demo.service.get(
      `/signatures/v2/requests/${request.id}/uploadUrl`,
      demo.integration,
    );
    expect(link.status, link.text).toBe(200);
  });
});
