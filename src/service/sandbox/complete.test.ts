import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompleteSignatureRequestResultSchema } from '../../contract/sandbox.ts';
import { SignatureRequestSchema } from '../../contract/signatures.ts';
import { DocumentReadyPayloadSchema } from '../../contract/webhooks.ts';
import { PDFDocument } from 'pdf-lib';
import { expectSealedWhole } from '../testing/pdf-verifiers.ts';
import { startServiceWithReceiver, type Receiver } from '../testing/receiver.ts';
import { expectError, readOk, type TestService } from '../testing/service.ts';

let receiver: Receiver;
let close: () => Promise<void>;
let service: TestService;
let admin: string;
let globex: string;

beforeAll(async () => {
  ({ receiver, service, close } = await startServiceWithReceiver('complete test secret'));
  [admin, globex] = await Promise.all([service.token('acme-admin'), service.token('globex-admin')]);
});
afterAll(() => close());

interface RequestRow {
  id: string;
  owner: string;
  status: string;
  file_id: string;
  scan_blob_key: string | null;
  completed_blob_key: string | null;
  signed_by: string | null;
  notarized_by: string | null;
  completed_on: string | null;
}

function requestRow(id: string): RequestRow {
  return service.ctx.db
    .prepare('SELECT * FROM signature_requests WHERE id = ?')
    .get(id) as unknown as RequestRow;
}

/** A request of the owner in a state, optionally one no transaction names. */
function pick(owner: string, status: string, inTransaction?: boolean): RequestRow {
  const named = `EXISTS (SELECT 1 FROM signature_transactions t, json_each(t.signature_requests) j
    WHERE t.owner = r.owner AND j.value = r.id)`;
  const condition = inTransaction === undefined ? '1' : inTransaction ? named : `NOT ${named}`;
  const row = service.ctx.db
    .prepare(
      `SELECT * FROM signature_requests r WHERE owner = ? AND status = ? AND ${condition}
       AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.payload LIKE '%' || r.file_id || '%')
       ORDER BY id LIMIT 1`,
    )
    .get(owner, status) as RequestRow | undefined;
  if (!row) throw new Error(`no ${status} request of ${owner} to test with`);
  return row;
}

const complete = (id: string, token: string | undefined = admin) =>
  service.send('POST', `/sandbox/v1/signature-requests/${id}/complete`, { token });

const outboxCount = () => service.ctx.db.prepare('SELECT COUNT(*) AS n FROM outbox').get()?.n;

/** Completing `row` is refused with `status` and `message`; the row and the outbox stay. */
async function expectRefusedUnchanged(row: RequestRow, status: number, message: RegExp) {
  const count = outboxCount();
  expectError(await complete(row.id), status, message);
  expect(requestRow(row.id)).toEqual(row);
  expect(outboxCount()).toBe(count);
}

function blobOf(key: string): Uint8Array {
  const bytes = service.ctx.blobs.get(key);
  if (!bytes) throw new Error(`no blob ${key}`);
  return bytes;
}

/** The CA the service serves, as an integrator fetches it. */
async function servedCa(): Promise<string> {
  const result = await service.get('/sandbox/v1/signing-ca', admin);
  expect(result.status, result.text).toBe(200);
  return result.text;
}

const pageCount = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount();

/** `sealedKey` holds `signedKey`'s document sealed at `completedOn`; `signedKey` is unchanged. */
async function expectSealedCopy(sealedKey: string, signedKey: string, completedOn: string) {
  expect(sealedKey).toMatch(/^sealed\/[0-9a-f-]{36}\.pdf$/);
  const sealed = blobOf(sealedKey);
  const signed = blobOf(signedKey);
  expect(Buffer.from(signed).includes('/ByteRange')).toBe(false);
  expect(await pageCount(sealed)).toBe(await pageCount(signed));
  const stamp = completedOn.replace(/[-:T]/g, '').slice(0, 14);
  expect(Buffer.from(sealed).toString('latin1')).toContain(`/M (D:${stamp}Z)`);
  expectSealedWhole(sealed, await servedCa());
}

describe('POST /sandbox/v1/signature-requests/{id}/complete', () => {
  it('completes the request and fires DOCUMENT_READY with the signed document', async () => {
    const before = pick('acme', 'pending', true);
    const result = await complete(before.id);
    expect(result.status, result.text).toBe(200);
    const body = CompleteSignatureRequestResultSchema.parse(result.body);
    expect(body.id).toBe(before.id);

    const after = requestRow(before.id);
    const file = service.ctx.db
      .prepare('SELECT blob_key FROM files WHERE id = ?')
      .get(before.file_id) as { blob_key: string };
    expect(after).toMatchObject({ status: 'completed', completed_on: body.completedOn });
    // The completed file is the signed document sealed, stored beside it.
    const sealedKey = after.completed_blob_key ?? '';
    await expectSealedCopy(sealedKey, file.blob_key, body.completedOn);
    // Signer and notary come from the transaction that names the request.
    const tx = service.ctx.db
      .prepare(
        `SELECT signer_id, notary_id FROM signature_transactions t, json_each(t.signature_requests) j
         WHERE j.value = ? ORDER BY t.created_on DESC, t.id LIMIT 1`,
      )
      .get(before.id) as { signer_id: string; notary_id: string };
    expect(after.signed_by).toBe(tx.signer_id);
    expect(after.notarized_by).toBe(tx.notary_id);

    // Stored with the change, and delivered: hook-id is the message id, the URL gets the PDF.
    const message = service.ctx.db
      .prepare('SELECT owner, event_type FROM outbox WHERE id = ?')
      .get(body.messageId);
    expect(message).toEqual({ owner: 'acme', event_type: 'DOCUMENT_READY' });
    const requests = await receiver.waitFor(1);
    const delivery = requests.find((r) => r.headers['hook-id'] === body.messageId);
    if (!delivery) throw new Error('DOCUMENT_READY was not delivered');
    const payload = DocumentReadyPayloadSchema.parse(JSON.parse(delivery.body));
    expect(payload.fileUUID).toBe(before.file_id);
    const pdf = await fetch(payload.downloadUrl);
    expect(pdf.status).toBe(200);
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(blobOf(sealedKey));
    // And so is the request's completed file, as the signatures API shows it.
    const shown = await readOk(
      service,
      `/signatures/v2/requests/${before.id}`,
      admin,
      SignatureRequestSchema,
    );
    const completed = await fetch(shown.completedFileUrl ?? '');
    expect(new Uint8Array(await completed.arrayBuffer())).toEqual(blobOf(sealedKey));
  });

  it('uses the uploaded wet-ink scan as the signed document', async () => {
    const before = pick('acme', 'wetInkUploaded');
    expect(before.scan_blob_key).toBeTruthy();
    const body = CompleteSignatureRequestResultSchema.parse((await complete(before.id)).body);
    const sealedKey = requestRow(before.id).completed_blob_key ?? '';
    await expectSealedCopy(sealedKey, before.scan_blob_key ?? '', body.completedOn);
    const row = service.ctx.db
      .prepare('SELECT payload, download_blob_key FROM outbox WHERE id = ?')
      .get(body.messageId) as { payload: string; download_blob_key: string };
    expect(row.download_blob_key).toBe(sealedKey);
    const payload = DocumentReadyPayloadSchema.parse(JSON.parse(row.payload));
    const pdf = await fetch(payload.downloadUrl);
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(blobOf(sealedKey));
  });

  it('falls back to a notary of the owner when no one is known to have signed', async () => {
    const before = pick('acme', 'awaitingWetInk', false);
    expect((await complete(before.id)).status).toBe(200);
    const after = requestRow(before.id);
    const user = service.ctx.db
      .prepare('SELECT owner, is_notary FROM users WHERE id = ?')
      .get(after.notarized_by);
    expect(user).toEqual({ owner: 'acme', is_notary: 1 });
    expect(after.signed_by).toBe(after.notarized_by);
  });

  it('refuses a document that does not open as a PDF with 400 and changes nothing', async () => {
    const before = pick('acme', 'pending', true);
    const file = service.ctx.db
      .prepare('SELECT blob_key FROM files WHERE id = ?')
      .get(before.file_id) as { blob_key: string };
    const original = blobOf(file.blob_key);
    service.ctx.blobs.put(file.blob_key, new TextEncoder().encode('%PDF-1.7\nnot really\n'));
    try {
      await expectRefusedUnchanged(before, 400, /cannot be sealed/);
    } finally {
      service.ctx.blobs.put(file.blob_key, original);
    }
  });

  it('refuses a completed request with 400 and changes nothing', async () => {
    await expectRefusedUnchanged(pick('acme', 'completed'), 400, /already completed/);
  });

  it('lets exactly one of two simultaneous completions through', async () => {
    const before = pick('acme', 'pending');
    const results = await Promise.all([complete(before.id), complete(before.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const count = service.ctx.db
      .prepare("SELECT COUNT(*) AS n FROM outbox WHERE payload LIKE '%' || ? || '%'")
      .get(before.file_id);
    expect(count?.n).toBe(1);
  });

  it.each([
    ['an unknown', '00000000-0000-4000-8000-000000000000', 404, /not found/],
    ['a malformed', 'not-a-uuid', 400, /must be a UUID/],
  ])('answers %s id with %i', async (_, id, status, message) => {
    const count = outboxCount();
    expectError(await complete(id), status, message);
    expect(outboxCount()).toBe(count);
  });

  it("answers 404 for another owner's request, which stays as it was", async () => {
    const theirs = pick('globex', 'pending');
    await expectRefusedUnchanged(theirs, 404, /not found/);
    // Its own owner may complete it.
    expect((await complete(theirs.id, globex)).status).toBe(200);
  });

  it('ignores a request body', async () => {
    const before = pick('acme', 'pending');
    const result = await service.send(
      'POST',
      `/sandbox/v1/signature-requests/${before.id}/complete`,
      { token: admin, json: { status: 'rejected', signedBy: 'someone' } },
    );
    expect(result.status).toBe(200);
    expect(requestRow(before.id).status).toBe('completed');
    expect(requestRow(before.id).signed_by).not.toBe('someone');
  });
});
