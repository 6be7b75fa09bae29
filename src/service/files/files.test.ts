import { describe, expect } from 'vitest';
import { demoSetup, serviceTest as it } from '../testing/fixtures.ts';
import {
  FileListSchema,
  FileRequestListSchema,
  FileSchema,
  FileUploadSchema,
} from '../../contract/files.ts';
import { renderScanPdf } from '../seed/documents.ts';
import { transaction } from '../store/transaction.ts';
import { expectError, storedValue } from '../testing/service.ts';

const demo = demoSetup();

const firm = (owner: string) =>
  storedValue(demo.service.ctx.db, 'SELECT id FROM firms WHERE owner = ? LIMIT 1', owner);
const fileCount = () =>
  Number(demo.service.ctx.db.prepare('SELECT COUNT(*) AS n FROM files').get()?.n);

async function uploaded(token = demo.admin) {
  const slot = FileUploadSchema.parse(
    (await demo.service.send('POST', '/files/v1/files/uploads', { token })).body,
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(slot.uploadValues)) form.append(name, value);
  const pdf = await renderScanPdf({ matterReference: 'MR-TEST-1', signerName: 'Pat Doe' });
  form.append('file', new Blob([pdf as Uint8Array<ArrayBuffer>]), 'a.pdf');
  expect((await fetch(slot.uploadUrl, { method: 'POST', body: form })).status).toBe(204);
  return { key: slot.key, pdf };
}
const create = (json: unknown, token = demo.admin) =>
  demo.service.send('POST', '/files/v1/files', { token, json });
const body = (key: string, extra: Record<string, unknown> = {}) => ({
  key,
  filename: 'affidavit.pdf',
  matterReference: 'MR-TEST-1',
  preparedBy: 'Pat Preparer',
  firmId: firm('acme'),
  templates: [
    {
      filename: 'affidavit.pdf',
      displayName: 'Affidavit',
      signatureRequired: true,
      notaryRequired: true,
    },
  ],
  ...extra,
});

describe('files', () => {
  it('lists files with a download URL and countExceedsLimit', async () => {
    const result = await demo.service.get('/files/v1/files?owner=acme&limit=5', demo.reviewer);
    const { files, pagination } = FileListSchema.parse(result.body);
    expect(files).toHaveLength(5);
    expect(pagination.countExceedsLimit).toBe(false);
    expect(pagination.totalCount).toBeGreaterThan(250);
    expect((await fetch(files[0]?.downloadUrl as string)).headers.get('content-type')).toBe(
      'application/pdf',
    );
  });

  it('creates a file from an uploaded PDF, with a file request', async () => {
    const { key, pdf } = await uploaded();
    const result = await create(body(key));
    expect(result.status, result.text).toBe(201);
    const file = FileSchema.parse(result.body);
    expect(file).toMatchObject({
      matterReference: 'MR-TEST-1',
      size: pdf.byteLength,
      contentType: 'application/pdf',
    });
    expect(file.templates[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    const bytes = new Uint8Array(await (await fetch(file.downloadUrl as string)).arrayBuffer());
    expect(Buffer.from(bytes).equals(Buffer.from(pdf))).toBe(true);
    expect(
      FileSchema.parse((await demo.service.get(`/files/v1/files/${file.id}`, demo.admin)).body).id,
    ).toBe(file.id);
    const requests = FileRequestListSchema.parse(
      (
        await demo.service.get(
          '/files/v1/fileRequests?owner=acme&orderDirection=desc&limit=1',
          demo.admin,
        )
      ).body,
    );
    expect(requests.fileRequests[0]?.fileId).toBe(file.id);
    expectError(await create(body(key)), 400, /already created from this key/);
  });

  it.each([
    ['a key never issued', () => Promise.resolve('files/never.pdf'), {}, /no uploaded PDF/],
    [
      'a key issued but not uploaded',
      async () =>
        FileUploadSchema.parse(
          (await demo.service.send('POST', '/files/v1/files/uploads', { token: demo.admin })).body,
        ).key,
      {},
      /no uploaded PDF/,
    ],
    [
      "another owner's firm",
      async () => (await uploaded()).key,
      { firmId: 'GLOBEX' },
      /not a firm of this owner/,
    ],
    [
      'an unknown account',
      async () => (await uploaded()).key,
      { accountId: '00000000-0000-4000-8000-000000000000' },
      /not an account of this owner/,
    ],
    [
      'a blank matter reference',
      async () => (await uploaded()).key,
      { matterReference: ' ' },
      /matterReference/,
    ],
    [
      'an unknown field',
      async () => (await uploaded()).key,
      { owner: 'globex' },
      /invalid request body/,
    ],
  ])('refuses %s (400), writing nothing', async (_, key, extra, message) => {
    const json = body(await key(), extra);
    if (json.firmId === 'GLOBEX') json.firmId = firm('globex');
    const before = fileCount();
    expectError(await create(json), 400, message);
    expect(fileCount()).toBe(before);
  });

  it("refuses another owner's upload key", async () => {
    const { key } = await uploaded(demo.globex);
    expectError(await create(body(key)), 400, /no uploaded PDF/);
  });

  it('keeps owners and roles apart, and needs a token', async () => {
    const { files } = FileListSchema.parse(
      (await demo.service.get('/files/v1/files?owner=acme&limit=1', demo.admin)).body,
    );
    const id = files[0]?.id as string;
    expectError(await demo.service.get(`/files/v1/files/${id}`, demo.globex), 404, /not found/);
    expectError(
      await demo.service.get('/files/v1/files/00000000-0000-4000-8000-000000000000', demo.admin),
      404,
      /not found/,
    );
    expectError(await demo.service.get('/files/v1/files/x', demo.admin), 400, /UUID/);
    expectError(
      await demo.service.send('POST', '/files/v1/files/uploads', { token: demo.reviewer }),
      401,
      /files\.write/,
    );
    expectError(await create(body('files/x.pdf'), demo.reviewer), 401, /files\.write/);
    expectError(await demo.service.get('/files/v1/files?owner=acme'), 401, /Authorization/);
    expectError(await demo.service.get('/files/v1/files?owner=acme', 'forged'), 401, /invalid/);
    expectError(
      await demo.service.get('/files/v1/files?owner=globex', demo.admin),
      401,
      /owner globex/,
    );
  });

  it('caps totalCount at 10,000 and says so', async () => {
    const insert = demo.service.ctx.db.prepare(
      "INSERT INTO files (id, owner, filename, size, blob_key, matter_reference, prepared_by, prepared_on, firm_id, created_on) VALUES (?, 'globex', 'x.pdf', 1, 'files/x.pdf', ?, 'x', ?, 'f', ?)",
    );
    transaction(demo.service.ctx.db, () => {
      for (let i = 0; i < 10_001; i += 1) {
        const at = new Date(Date.UTC(2020, 0, 1) + i * 1000).toISOString();
        insert.run(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, `BULK-${i}`, at, at);
      }
    });
    const { pagination } = FileListSchema.parse(
      (await demo.service.get('/files/v1/files?owner=globex&limit=1', demo.globex)).body,
    );
    expect(pagination).toMatchObject({ totalCount: 10_000, countExceedsLimit: true });
  });
});
