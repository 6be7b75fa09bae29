import { describe, expect } from 'vitest';
import { demoSetup, serviceTest as it } from '../testing/fixtures.ts';
import { QcRequestListSchema } from '../../contract/qc.ts';
import {
  SignatureRequestListSchema,
  SignatureRequestSchema,
  TransactionListSchema,
  UploadUrlResponseSchema,
  type SignatureRequest,
} from '../../contract/signatures.ts';
import { renderScanPdf } from '../seed/documents.ts';
import { expectError, expectGetErrors, readOk } from '../testing/service.ts';

const demo = demoSetup();

const list = (query = '', token = demo.notary) =>
  readOk(
    demo.service,
    `/signatures/v2/requests?owner=acme${query}`,
    token,
    SignatureRequestListSchema,
  );
const count = (table: string) =>
  Number(demo.service.ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n);
const anyFile = (owner: string) =>
  (
    demo.service.ctx.db.prepare('SELECT id FROM files WHERE owner = ? LIMIT 1').get(owner) as {
      id: string;
    }
  ).id;

describe('signature requests', () => {
  it('lists with a status filter; document mirrors file', async () => {
    const all = await list('&limit=100');
    expect(all.pagination.totalCount).toBe(60);
    const awaiting = await list('&status=awaitingWetInk');
    expect(awaiting.signatureRequests.length).toBeGreaterThanOrEqual(10);
    expect(awaiting.signatureRequests.every((r) => r.status === 'awaitingWetInk' && r.wetInk)).toBe(
      true,
    );
    for (const r of all.signatureRequests) expect(r.document).toEqual(r.file);
    const completed = (await list('&status=completed')).signatureRequests[0] as SignatureRequest;
    expect(completed).toMatchObject({
      signedBy: expect.any(String),
      notarizedBy: expect.any(String),
      completedOn: expect.any(String),
    });
    expect((await fetch(completed.completedFileUrl as string)).status).toBe(200);
    await expectGetErrors(demo.service, [
      ['/signatures/v2/requests?owner=acme&status=done', demo.notary, 400, /status/],
      ['/signatures/v2/requests?owner=globex', demo.notary, 401, /owner globex/],
      ['/signatures/v2/requests?owner=acme', demo.reviewer, 401, /signatures\.write/],
    ]);
  });

  it('creates from fileId or documentId (201) and deletes (204, then 404)', async () => {
    const fileId = anyFile('acme');
    const created = await demo.service.send('POST', '/signatures/v2/requests', {
      token: demo.notary,
      json: { fileId },
    });
    expect(created.status).toBe(201);
    const request = SignatureRequestSchema.parse(created.body);
    expect(request).toMatchObject({ status: 'pending', wetInk: false, file: { id: fileId } });
    expect(request.document).toEqual(request.file);
    const viaDocument = SignatureRequestSchema.parse(
      (
        await demo.service.send('POST', '/signatures/v2/requests', {
          token: demo.notary,
          json: { documentId: fileId, wetInk: true },
        })
      ).body,
    );
    expect(viaDocument).toMatchObject({ status: 'awaitingWetInk', wetInk: true });

    expect(
      (
        await demo.service.send('DELETE', `/signatures/v2/requests/${request.id}`, {
          token: demo.notary,
        })
      ).status,
    ).toBe(204);
    expectError(
      await demo.service.get(`/signatures/v2/requests/${request.id}`, demo.notary),
      404,
      /not found/,
    );
    expectError(
      await demo.service.send('DELETE', `/signatures/v2/requests/${request.id}`, {
        token: demo.notary,
      }),
      404,
      /not found/,
    );
  });

  it.each([
    ['no file', {}, /fileId is required/],
    [
      'different fileId and documentId',
      {
        fileId: '00000000-0000-4000-8000-000000000001',
        documentId: '00000000-0000-4000-8000-000000000002',
      },
      /must be equal/,
    ],
    [
      'an unknown file',
      { fileId: '00000000-0000-4000-8000-000000000001' },
      /not a file of this owner/,
    ],
    ["another owner's file", { fileId: 'GLOBEX' }, /not a file of this owner/],
    [
      'an unknown field',
      { fileId: '00000000-0000-4000-8000-000000000001', priority: 'high' },
      /invalid request body/,
    ],
  ])('refuses to create with %s (400), writing nothing', async (_, body, message) => {
    const json =
      'fileId' in body && body.fileId === 'GLOBEX' ? { fileId: anyFile('globex') } : body;
    const before = count('signature_requests');
    expectError(
      await demo.service.send('POST', '/signatures/v2/requests', { token: demo.notary, json }),
      400,
      message,
    );
    expect(count('signature_requests')).toBe(before);
  });

  it('refuses to delete a completed or scanned request, and unlinks a deleted one from transactions', async () => {
    const completed = (await list('&status=completed')).signatureRequests[0] as SignatureRequest;
    expectError(
      await demo.service.send('DELETE', `/signatures/v2/requests/${completed.id}`, {
        token: demo.notary,
      }),
      400,
      /completed signature request cannot be deleted/,
    );
    expect(
      (await demo.service.get(`/signatures/v2/requests/${completed.id}`, demo.notary)).status,
    ).toBe(200);

    const linked = demo.service.ctx.db
      .prepare(
        "SELECT s.id FROM signature_requests s WHERE s.owner = 'acme' AND s.status = 'pending' AND EXISTS (SELECT 1 FROM signature_transactions t, json_each(t.signature_requests) j WHERE j.value = s.id) LIMIT 1",
      )
      .get() as { id: string };
    expect(
      (
        await demo.service.send('DELETE', `/signatures/v2/requests/${linked.id}`, {
          token: demo.notary,
        })
      ).status,
    ).toBe(204);
    const still = demo.service.ctx.db
      .prepare(
        'SELECT COUNT(*) AS n FROM signature_transactions t, json_each(t.signature_requests) j WHERE j.value = ?',
      )
      .get(linked.id);
    expect(still).toEqual({ n: 0 });
  });

  it('keeps owners and roles apart, and needs a token', async () => {
    const id = (await list('&limit=1')).signatureRequests[0]?.id as string;
    const before = count('signature_requests');
    expectError(
      await demo.service.get(`/signatures/v2/requests/${id}`, demo.globex),
      404,
      /not found/,
    );
    expectError(
      await demo.service.send('DELETE', `/signatures/v2/requests/${id}`, { token: demo.globex }),
      404,
      /not found/,
    );
    expectError(
      await demo.service.send('DELETE', `/signatures/v2/requests/${id}`, { token: demo.reviewer }),
      401,
      /signatures\.write/,
    );
    expectError(
      await demo.service.send('DELETE', `/signatures/v2/requests/${id}`),
      401,
      /Authorization/,
    );
    expectError(
      await demo.service.send('POST', '/signatures/v2/requests', {
        token: 'forged',
        json: { fileId: anyFile('acme') },
      }),
      401,
      /invalid/,
    );
    expectError(await demo.service.get('/signatures/v2/requests/nope', demo.notary), 400, /UUID/);
    expect(count('signature_requests')).toBe(before);
  });
});

describe('wet-ink scans', () => {
  async function awaiting(): Promise<SignatureRequest> {
    const created = await demo.service.send('POST', '/signatures/v2/requests', {
      token: demo.notary,
      json: { fileId: anyFile('acme'), wetInk: true },
    });
    return SignatureRequestSchema.parse(created.body);
  }
  async function uploadUrl(id: string, token = demo.notary) {
    return demo.service.get(`/signatures/v2/requests/${id}/uploadUrl`, token);
  }
  async function post(
    url: { uploadUrl: string; uploadValues: Record<string, string> },
    bytes: Uint8Array,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(url.uploadValues)) form.append(name, value);
    form.append(
      'file',
      new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
      'scan.pdf',
    );
    return (await fetch(url.uploadUrl, { method: 'POST', body: form })).status;
  }
  const confirm = (id: string, json: unknown = { status: 'wetInkUploaded' }, token = demo.notary) =>
    demo.service.send('PATCH', `/signatures/v2/requests/${id}`, { token, json });

  it('goes from upload URL to upload to confirmation, and the scan reaches the QC queue', async () => {
    const request = await awaiting();
    const scan = await renderScanPdf({
      matterReference: request.file.matterReference,
      signerName: 'Test Signer',
    });
    const url = UploadUrlResponseSchema.parse((await uploadUrl(request.id)).body);
    expect(await post(url, scan)).toBe(204);

    const confirmed = await confirm(request.id);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(SignatureRequestSchema.parse(confirmed.body).status).toBe('wetInkUploaded');

    const queue = QcRequestListSchema.parse(
      (
        await demo.service.get(
          '/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=desc&limit=5',
          demo.reviewer,
        )
      ).body,
    );
    const review = queue.qcRequests.find(
      (q) => q.document.id === request.file.id && q.processName === 'Wet-ink scan review',
    );
    expect(review).toBeDefined();
    const bytes = new Uint8Array(await (await fetch(review?.fileUrl as string)).arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(scan))).toBe(true);

    // Done: no second upload URL, no second confirmation.
    expectError(
      await uploadUrl(request.id),
      400,
      /not awaiting a wet-ink scan \(it is wetInkUploaded\)/,
    );
    expectError(await confirm(request.id), 400, /not awaiting/);
  });

  it('reuses the waiting upload key when the upload URL is asked for again', async () => {
    const request = await awaiting();
    const first = UploadUrlResponseSchema.parse((await uploadUrl(request.id)).body);
    const second = UploadUrlResponseSchema.parse((await uploadUrl(request.id)).body);
    expect(second.uploadValues.key).toBe(first.uploadValues.key);
    const rows = demo.service.ctx.db
      .prepare('SELECT COUNT(*) AS n FROM uploads WHERE subject_id = ?')
      .get(request.id);
    expect(rows).toEqual({ n: 1 });
  });

  it('refuses to confirm before the scan is uploaded, writing nothing', async () => {
    const request = await awaiting();
    UploadUrlResponseSchema.parse((await uploadUrl(request.id)).body);
    const before = count('qc_requests');
    expectError(await confirm(request.id), 400, /no scan has been uploaded/);
    expect(count('qc_requests')).toBe(before);
    expect(
      SignatureRequestSchema.parse(
        (await demo.service.get(`/signatures/v2/requests/${request.id}`, demo.notary)).body,
      ).status,
    ).toBe('awaitingWetInk');
  });

  it('refuses a non-PDF (415) and an oversized file (413) at the issued URL', async () => {
    const request = await awaiting();
    const url = UploadUrlResponseSchema.parse((await uploadUrl(request.id)).body);
    expect(await post(url, new TextEncoder().encode('PK\u0003\u0004 a zip, not a PDF'))).toBe(415);
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode('%PDF-1.7'));
    expect(await post(url, big)).toBe(413);
    expectError(await confirm(request.id), 400, /no scan has been uploaded/);
  });

  it('gives 400 for a request that is not wet-ink, already completed, or when no workflow takes scans', async () => {
    const plain = SignatureRequestSchema.parse(
      (
        await demo.service.send('POST', '/signatures/v2/requests', {
          token: demo.notary,
          json: { fileId: anyFile('acme') },
        })
      ).body,
    );
    expectError(await uploadUrl(plain.id), 400, /not marked for wet-ink/);
    const completed =
      (await list('&status=completed')).signatureRequests.find((r) => r.wetInk) ??
      (await list('&status=completed')).signatureRequests[0];
    expectError(await uploadUrl(completed?.id as string), 400, /not|wet-ink/);

    // Only when no process at all is active: archiving the scans' own process falls back to
    // another one (ADR 018, below).
    const request = await awaiting();
    const active = demo.service.ctx.db
      .prepare("SELECT id FROM qc_processes WHERE owner = 'acme' AND archived_on IS NULL")
      .all() as { id: string }[];
    const setArchived = (value: string | null) => {
      const update = demo.service.ctx.db.prepare(
        'UPDATE qc_processes SET archived_on = ? WHERE id = ?',
      );
      for (const { id } of active) update.run(value, id);
    };
    setArchived('2026-11-01T00:00:00.000Z');
    try {
      expectError(await uploadUrl(request.id), 400, /workflow does not support uploads/);
    } finally {
      setArchived(null);
    }
  });

  it('sends scans to another active process while the scans process is archived (ADR 018)', async () => {
    const request = await awaiting();
    const scanProcess = demo.service.ctx.db
      .prepare(
        "SELECT id, display_name FROM qc_processes WHERE owner = 'acme' AND stage = 'postSigning'",
      )
      .get() as { id: string; display_name: string };
    demo.service.ctx.db
      .prepare("UPDATE qc_processes SET archived_on = '2026-11-01T00:00:00.000Z' WHERE id = ?")
      .run(scanProcess.id);
    try {
      const url = UploadUrlResponseSchema.parse((await uploadUrl(request.id)).body);
      const scan = await renderScanPdf({ matterReference: 'fallback', signerName: 'Signer' });
      expect(await post(url, scan)).toBe(204);
      expect((await confirm(request.id)).status).toBe(200);
      const row = demo.service.ctx.db
        .prepare(
          `SELECT p.display_name, p.archived_on FROM qc_requests q JOIN qc_processes p ON p.id = q.process_id
           WHERE q.signature_request_id = ?`,
        )
        .get(request.id) as { display_name: string; archived_on: string | null };
      expect(row.archived_on).toBeNull();
      expect(row.display_name).not.toBe(scanProcess.display_name);
    } finally {
      demo.service.ctx.db
        .prepare('UPDATE qc_processes SET archived_on = NULL WHERE id = ?')
        .run(scanProcess.id);
    }
  });

  it('refuses bad bodies, other owners, other roles and missing tokens', async () => {
    const request = await awaiting();
    expectError(await confirm(request.id, { status: 'completed' }), 400, /wetInkUploaded/);
    expectError(
      await confirm(request.id, { status: 'wetInkUploaded', extra: true }),
      400,
      /invalid request body/,
    );
    expectError(await uploadUrl(request.id, demo.globex), 404, /not found/);
    expectError(await confirm(request.id, undefined, demo.globex), 404, /not found/);
    expectError(await uploadUrl(request.id, demo.reviewer), 401, /signatures\.write/);
    expectError(await uploadUrl(request.id, 'forged'), 401, /invalid/);
    expectError(
      await demo.service.get('/signatures/v2/requests/not-a-uuid/uploadUrl', demo.notary),
      400,
      /UUID/,
    );
    expectError(
      await demo.service.get(
        '/signatures/v2/requests/00000000-0000-4000-8000-000000000000/uploadUrl',
        demo.notary,
      ),
      404,
      /not found/,
    );
    expect(
      SignatureRequestSchema.parse(
        (await demo.service.get(`/signatures/v2/requests/${request.id}`, demo.notary)).body,
      ).status,
    ).toBe('awaitingWetInk');
  });
});

describe('signature transactions', () => {
  const transactions = async (query = '', token = demo.notary) => {
    const result = await demo.service.get(`/signatures/v2/transactions${query}`, token);
    expect(result.status, result.text).toBe(200);
    expect(result.body).not.toHaveProperty('pagination');
    return TransactionListSchema.parse(result.body).transactions;
  };
  const nora = () =>
    (
      demo.service.ctx.db
        .prepare("SELECT id FROM users WHERE display_name = 'Nora Notary'")
        .get() as {
        id: string;
      }
    ).id;

  it('lists only transactions the caller is signer or notary of', async () => {
    const mine = await transactions();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((t) => t.signerId === nora() || t.notaryId === nora())).toBe(true);
    expect(mine.length).toBeLessThan(30);
    expect(await transactions('', demo.integration)).toEqual([]);
  });

  it('filters by status values and client group', async () => {
    const mine = await transactions();
    const some = await transactions('?filter=status:pending,failed');
    expect(some.every((t) => t.status === 'pending' || t.status === 'failed')).toBe(true);
    expect(some.length).toBe(
      mine.filter((t) => t.status === 'pending' || t.status === 'failed').length,
    );
    expect(some.length).toBeLessThan(mine.length);

    // Pick a group that leaves some of the caller's transactions out, so an ignored
    // filter would show.
    const groupOf = (id: string) =>
      (
        demo.service.ctx.db
          .prepare('SELECT client_group FROM signature_transactions WHERE id = ?')
          .get(id) as { client_group: string }
      ).client_group;
    const groups = new Map<string, string[]>();
    for (const t of mine) groups.set(groupOf(t.id), [...(groups.get(groupOf(t.id)) ?? []), t.id]);
    expect(groups.size).toBeGreaterThan(1);
    const [group, ids] = [...groups.entries()][0] as [string, string[]];
    const grouped = await transactions(`?clientGroup=${group}`);
    expect(grouped.map((t) => t.id).sort()).toEqual([...ids].sort());
  });

  it('refuses bad filters, other roles and missing tokens', async () => {
    expectError(
      await demo.service.get('/signatures/v2/transactions?filter=status', demo.notary),
      400,
      /field:value/,
    );
    expectError(
      await demo.service.get('/signatures/v2/transactions?filter=ssn:1', demo.notary),
      400,
      /filter field must be one of/,
    );
    expectError(
      await demo.service.get('/signatures/v2/transactions', demo.reviewer),
      401,
      /signatures\.write/,
    );
    expectError(await demo.service.get('/signatures/v2/transactions'), 401, /Authorization/);
  });
});
