import { crc32, deflateSync } from 'node:zlib';
import type { UserImageUpload } from '../../contract/users.ts';
import { demoSetup, serviceTest, type DemoSetup } from './fixtures.ts';
import type { TestService } from './service.ts';

// Shared by the users tests: real image bytes, uploads through the presigned URLs, and
// forged tokens.

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid PNG of width x 1 RGB pixels; `seed` varies the colour so two images differ. */
export function png(seed = 0, width = 1): Uint8Array<ArrayBuffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
  for (let x = 0; x < width; x += 1) row.set([seed & 0xff, 0x3a, 0x93], 1 + x * 3);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(row)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}

/**
 * A valid baseline JPEG: one grey 1x1 pixel. Each Huffman table holds one 1-bit code for
 * symbol 0, so the scan is "DC difference 0, end of block": bits 00, padded with ones.
 */
export const JPEG = new Uint8Array([
  ...[0xff, 0xd8], // SOI
  ...[0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00],
  ...[0x00, 0x01, 0x00, 0x01, 0x00, 0x00], // APP0 JFIF 1.1, 1:1, no thumbnail
  ...[0xff, 0xdb, 0x00, 0x43, 0x00, ...new Array<number>(64).fill(1)], // DQT 0, all ones
  ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00], // SOF0 1x1
  ...[0xff, 0xc4, 0x00, 0x14, 0x00, 1, ...new Array<number>(15).fill(0), 0x00], // DHT DC 0
  ...[0xff, 0xc4, 0x00, 0x14, 0x10, 1, ...new Array<number>(15).fill(0), 0x00], // DHT AC 0
  ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00], // SOS
  0x3f, // entropy-coded data
  ...[0xff, 0xd9], // EOI
]);

export const PDF = new TextEncoder().encode('%PDF-1.7\n% not an image\n%%EOF\n');

/** Posts bytes to an issued upload like a browser form: the uploadValues, then `file`. */
export async function uploadImage(
  issued: UserImageUpload,
  bytes: Uint8Array<ArrayBuffer>,
): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(issued.uploadValues)) form.append(name, value);
  form.append('file', new Blob([bytes]), 'image.bin');
  const response = await fetch(issued.uploadUrl, { method: 'POST', body: form });
  await response.arrayBuffer();
  return response.status;
}

/** Fetches a presigned download URL: status, content type and bytes. */
export async function download(url: string) {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/**
 * A real token with its claims changed and its signature kept: what a client that tries to
 * grant itself another user or permission would send.
 */
export function forge(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  const forged = Buffer.from(JSON.stringify({ ...claims, ...change })).toString('base64url');
  return `${header}.${forged}.${signature}`;
}

/** A demo user's id, by owner and display name. */
export function userId(service: TestService, owner: string, displayName: string): string {
  const row = service.ctx.db
    .prepare('SELECT id FROM users WHERE owner = ? AND display_name = ?')
    .get(owner, displayName) as { id: string } | undefined;
  if (!row) throw new Error(`no user ${displayName} of ${owner}`);
  return row.id;
}

/**
 * The users tests' demoSetup (fixtures.ts), with the ids of the seeded users they act on:
 * `demo.nora` and `demo.riley` of acme, `demo.gwen` of globex.
 */
export function usersSetup() {
  const demo = demoSetup() as DemoSetup & Record<'nora' | 'riley' | 'gwen', string>;
  serviceTest.beforeAll(() => {
    demo.nora = userId(demo.service, 'acme', 'Nora Notary');
    demo.riley = userId(demo.service, 'acme', 'Riley Reviewer');
    demo.gwen = userId(demo.service, 'globex', 'Gwen Globex');
  });
  return demo;
}

/** What a rejected request must leave alone: the user's image keys and its upload rows. */
export function userState(service: TestService, id: string) {
  const user = service.ctx.db
    .prepare('SELECT signature_image_key, notary_seal_image_key FROM users WHERE id = ?')
    .get(id);
  const uploads = service.ctx.db
    .prepare('SELECT key, uploaded_on FROM uploads WHERE subject_id = ? ORDER BY key')
    .all(id);
  return { user: { ...user }, uploads: uploads.map((row) => ({ ...row })) };
}
