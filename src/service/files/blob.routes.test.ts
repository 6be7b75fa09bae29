import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { ErrorBodySchema } from '../../contract/common.ts';
import { type TestService } from '../testing/service.ts';
import { issue as issueUpload } from '../testing/uploads.ts';
import { presignDownload, presignPut, presignUpload } from './presign.ts';

let service: TestService;
it.beforeAll(async ({ service: started }) => {
  service = started;
});

const PDF = new TextEncoder().encode('%PDF-1.7\n% a tiny test file\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** Issues an upload key like an endpoint would, and returns its presigned POST. */
const issue = (kind: 'scan' | 'signature', key: string, maxBytes?: number) =>
  issueUpload(service, kind, key, maxBytes);

async function upload(
  presigned: ReturnType<typeof issue>,
  bytes: Uint8Array,
  change: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...presigned.uploadValues, ...change }))
    form.append(name, value);
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), 'upload.bin');
  const response = await fetch(presigned.uploadUrl, { method: 'POST', body: form });
  return {
    status: response.status,
    body: response.status === 204 ? null : ErrorBodySchema.parse(await response.json()),
  };
}

let n = 0;
const key = (prefix = 'scans') => `${prefix}/test/${(n += 1)}.pdf`;

describe('presigned uploads', () => {
  it('stores a PDF posted with the upload values, and marks the key uploaded', async () => {
    const k = key();
    expect(await upload(issue('scan', k), PDF)).toEqual({ status: 204, body: null });
    expect(service.ctx.blobs.get(k)).toEqual(PDF);
    const row = service.ctx.db
      .prepare('SELECT content_type, size, uploaded_on FROM uploads WHERE key = ?')
      .get(k);
    expect(row).toMatchObject({ content_type: 'application/pdf', size: PDF.byteLength });
  });

  it('accepts one upload per key: a second one is refused and the first bytes stay', async () => {
    const k = key();
    const presigned = issue('scan', k);
    expect((await upload(presigned, PDF)).status).toBe(204);
    const other = new TextEncoder().encode('%PDF-1.7\n% different bytes\n');
    expect(await upload(presigned, other)).toEqual({
      status: 403,
      body: { message: 'a file was already uploaded with this key' },
    });
    expect(service.ctx.blobs.get(k)).toEqual(PDF);
  });

  it('refuses a file that is not a PDF by content with 415, whatever its name', async () => {
    const k = key();
    const result = await upload(
      issue('scan', k),
      new TextEncoder().encode('<html>not a pdf</html>'),
    );
    expect(result.status).toBe(415);
    expect(service.ctx.blobs.has(k)).toBe(false);
  });

  it('refuses a file over the policy size with 413', async () => {
    const k = key();
    const result = await upload(issue('scan', k, 16), PDF);
    expect(result.status).toBe(413);
    expect(service.ctx.blobs.has(k)).toBe(false);
  });

  it('refuses a body over 25 MB with 413 before reading it', async () => {
    const big = new Uint8Array(26 * 1024 * 1024 + 10);
    big.set(PDF);
    expect((await upload(issue('scan', key()), big)).status).toBe(413);
  });

  it.each([
    ['a changed key', { key: 'scans/test/other.pdf' }],
    ['a changed policy', { policy: 'eyJrZXkiOiJ4In0' }],
    ['a changed signature', { signature: 'AAAA' }],
  ])('refuses %s with 403', async (_, change) => {
    const k = key();
    const result = await upload(issue('scan', k), PDF, change);
    expect(result.status).toBe(403);
    expect(service.ctx.blobs.has(k)).toBe(false);
  });

  it('refuses a form whose file comes before the upload values (400)', async () => {
    const k = key();
    const presigned = issue('scan', k);
    const form = new FormData();
    form.append('file', new Blob([PDF as Uint8Array<ArrayBuffer>]), 'scan.pdf');
    for (const [name, value] of Object.entries(presigned.uploadValues)) form.append(name, value);
    const response = await fetch(presigned.uploadUrl, { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect(ErrorBodySchema.parse(await response.json()).message).toMatch(
      /file must be the last field/,
    );
    expect(service.ctx.blobs.has(k)).toBe(false);
  });

  it('refuses an expired upload URL with 403', async () => {
    const k = key();
    const presigned = issue('scan', k);
    service.ctx.clock.advance(16 * 60 * 1000);
    const result = await upload(presigned, PDF);
    expect(result).toMatchObject({ status: 403, body: { message: 'this upload URL has expired' } });
  });

  it('refuses a policy for a key that was never issued', async () => {
    const presigned = presignUpload(service.ctx, {
      key: 'scans/test/never.pdf',
      kind: 'scan',
      owner: 'acme',
      maxBytes: 1000,
    });
    expect((await upload(presigned, PDF)).status).toBe(403);
  });

  it('accepts images for image kinds and refuses a PDF there', async () => {
    expect((await upload(issue('signature', key('images')), PNG)).status).toBe(204);
    expect((await upload(issue('signature', key('images')), PDF)).status).toBe(415);
  });

  it('accepts the deprecated PUT form', async () => {
    const k = key('images');
    issue('signature', k);
    const url = presignPut(service.ctx, {
      key: k,
      kind: 'signature',
      owner: 'acme',
      maxBytes: 5 * 1024 * 1024,
    });
    expect((await fetch(url, { method: 'PUT', body: PNG })).status).toBe(204);
    expect(
      (await fetch(url.replace('signature=', 'signature=x'), { method: 'PUT', body: PNG })).status,
    ).toBe(403);
  });

  it('answers CORS preflights like a bucket', async () => {
    const response = await fetch(`${service.url}/uploads`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:8080', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    // ...and only the bucket: the API answers no cross-origin reader.
    const api = await fetch(`${service.url}/healthz`, {
      headers: { origin: 'http://evil.example' },
    });
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('presigned downloads', () => {
  it('serves a stored blob with its sniffed type, until the URL expires', async () => {
    const blobKey = (
      service.ctx.db.prepare('SELECT blob_key FROM files LIMIT 1').get() as { blob_key: string }
    ).blob_key;
    const url = presignDownload(service.ctx, blobKey);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Change the signature's first character to a different one (never a no-op).
    const tampered = url.replace(
      /signature=(.)/,
      (_, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`,
    );
    expect(tampered).not.toBe(url);
    expect((await fetch(tampered)).status).toBe(403);
    expect((await fetch(url.replace(/expires=\d+/, 'expires=9999999999'))).status).toBe(403);
    expect((await fetch(`${service.url}/blobs/${blobKey}`)).status).toBe(403);
    service.ctx.clock.advance(61 * 60 * 1000);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(ErrorBodySchema.parse(await expired.json()).message).toBe('this URL has expired');
  });
});
