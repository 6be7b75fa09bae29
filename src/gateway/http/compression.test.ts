import { rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect } from 'vitest';
import { serviceTest as it } from '../../service/testing/fixtures.ts';
import { QcRequestListSchema } from '../../contract/qc.ts';
import { UserListSchema } from '../../contract/users.ts';
import { COMPRESS_FROM_BYTES } from './compression.ts';
import type { TestService } from '../../service/testing/service.ts';
import { makeDist, startHarness, type Browser, type Harness } from '../testing/harness.ts';

// ADR 017: compressed bytes on the wire. The build's precompressed copies are served by
// Accept-Encoding; the API's JSON is gzipped on the way out; streams are left as they come.

let service: TestService;
let gateway: Harness;
let admin: Browser;
let dist: string;
/** A script big enough to be worth compressing, as the build would leave it. */
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i, name: `row ${i}` })))};`;

it.beforeAll(async ({ service: started }) => {
  dist = makeDist();
  const file = join(dist, 'assets', 'rows-0a1b2c.js');
  writeFileSync(file, SCRIPT);
  writeFileSync(`${file}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${file}.gz`, gzipSync(SCRIPT));
  service = started;
  gateway = await startHarness({ upstream: service.url, distDir: dist });
  admin = gateway.browser();
  expect((await admin.signIn('acme-admin')).status).toBe(200);
});
afterAll(async () => {
  await gateway.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The raw answer, bytes as sent: fetch would decode them. */
function raw(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      const request = httpRequest(`${gateway.url}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      });
      request.on('error', reject);
      request.end();
    },
  );
}

describe('the precompressed build', () => {
  const path = '/assets/rows-0a1b2c.js';

  it('sends brotli to a browser that takes it, gzip to one that takes only gzip', async () => {
    const br = await raw(path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.byteLength).toBeLessThan(SCRIPT.length / 3);
    const gz = await raw(path, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT);
    for (const answer of [br, gz]) {
      expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    }
  });

  it('sends the file as it is to a client that takes no encoding, still varying by it', async () => {
    const plain = await raw(path, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the API through the gateway', () => {
  const REQUESTS = '/api/qc/v2/qc/requests?owner=acme&limit=100';
  const USERS = '/api/users/v1/users?owner=acme&limit=100';

  it('gzips a large JSON answer for a browser that takes it; the body reads back the same', async () => {
    const cookie = admin.cookie ?? '';
    const packed = await raw(REQUESTS, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(packed.status).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    const plain = await raw(REQUESTS, { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.byteLength).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(packed.body.byteLength).toBeLessThan(plain.body.byteLength / 2);
    // Each read signs its document links anew, and two reads may fall in two seconds: the
    // links' expiry and signature are the only part that may differ.
    const unsigned = (body: Buffer) =>
      JSON.parse(body.toString().replace(/expires=\d+&signature=[\w-]+/g, 'expires=&signature='));
    const unpacked = QcRequestListSchema.parse(unsigned(gunzipSync(packed.body)));
    expect(unpacked).toEqual(QcRequestListSchema.parse(unsigned(plain.body)));
    expect(unpacked.qcRequests.length).toBeGreaterThan(0);
  });

  it('sends a small answer as it is, with its length: packing it would save no round trip', async () => {
    const cookie = admin.cookie ?? '';
    for (const path of [USERS, '/session']) {
      const answer = await raw(path, { cookie, 'accept-encoding': 'gzip, deflate, br' });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
      expect(answer.body.byteLength).toBeLessThan(COMPRESS_FROM_BYTES);
    }
    const users = UserListSchema.parse(
      JSON.parse((await raw(USERS, { cookie, 'accept-encoding': 'gzip' })).body.toString()),
    );
    expect(users.users.length).toBeGreaterThan(0);
  });

  it('leaves the event stream uncompressed, so each event arrives as it is sent', async () => {
    const stream = await admin.events();
    try {
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get('content-encoding')).toBeNull();
    } finally {
      stream.close();
    }
  });
});
