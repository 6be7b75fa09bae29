import { readdirSync } from 'node:fs';
import { request, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { UploadKind } from '../files/presign.ts';
import { presignUpload } from '../files/presign.ts';
import { UNTIL } from './fixtures.ts';
import { startTestService, type TestService } from './service.ts';

// Shared by the upload tests: multipart bodies made as they are sent (so a test never holds
// the megabytes it posts) and requests whose body the test writes at its own pace.

// Short, so 420,000 tiny fields make a body under the 26 MB limit, as in ADR 014.
export const BOUNDARY = 'attest7MA4';
export const FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
export const PDF_HEAD = Buffer.from('%PDF-1.7\n');
export const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const MB = 1024 * 1024;

/** Issues an upload key like an endpoint would, and returns its presigned POST. */
export function issue(service: TestService, kind: UploadKind, key: string, maxBytes = 25 * MB) {
  const now = service.ctx.clock.now().toISOString();
  service.ctx.db
    .prepare(
      'INSERT INTO uploads (key, owner, kind, subject_id, created_on, expires_on) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(key, 'acme', kind, 'subject', now, now);
  return presignUpload(service.ctx, { key, kind, owner: 'acme', maxBytes });
}

/** The field parts of a form, then the header of its file part. */
export function formHead(fields: Record<string, string>): Buffer {
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="upload.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return Buffer.from(parts.join(''));
}

export const FORM_TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

const CHUNK = 64 * 1024;
const ZEROS = Buffer.alloc(CHUNK);

/** `size` bytes that start with `head`, made as they are read. */
export function fileBytes(size: number, head: Buffer): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const length = Math.min(CHUNK, size - sent);
      const chunk = sent === 0 ? Buffer.concat([head, ZEROS]).subarray(0, length) : ZEROS;
      sent += length;
      this.push(chunk.subarray(0, length));
    },
  });
}

/** A whole form, fields then a generated file, as a stream with its length. */
export function formStream(fields: Record<string, string>, fileSize: number, head: Buffer) {
  const start = formHead(fields);
  const file = fileBytes(fileSize, head);
  async function* parts() {
    yield start;
    yield* file;
    yield FORM_TAIL;
  }
  return {
    stream: Readable.from(parts(), { objectMode: false }),
    length: start.length + fileSize + FORM_TAIL.length,
  };
}

/** `count` tiny fields and no file: the body that used to hold the process (ADR 014). */
export function tinyFields(count: number) {
  const one = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n`;
  const perChunk = 1000;
  const chunk = Buffer.from(one.repeat(perChunk));
  const end = Buffer.from(`--${BOUNDARY}--\r\n`);
  async function* parts() {
    for (let i = 0; i < count / perChunk; i += 1) yield chunk;
    yield end;
  }
  return {
    stream: Readable.from(parts(), { objectMode: false }),
    length: chunk.length * Math.ceil(count / perChunk) + end.length,
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  json: unknown;
}

export interface OpenRequest {
  req: ClientRequest;
  /** The whole response. The server may hang up after it: later errors are not the test's. */
  answer: Promise<Answer>;
  /** Resolves once the connection is gone or the exchange is over, either way. */
  closed: Promise<void>;
}

/** A request on its own connection whose body the test writes as it likes. */
export function openRequest(
  url: string,
  headers: Record<string, string | number>,
  method = 'POST',
): OpenRequest {
  const req = request(url, { method, headers, agent: false });
  const closed = new Promise<void>((resolve) => req.once('close', resolve));
  const answer = new Promise<Answer>((resolve, reject) => {
    // After the answer, an error is the server closing the rest of an unread body: ignored.
    req.on('error', reject);
    req.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, json: parse(text) });
      });
      response.once('error', reject);
    });
  });
  // A test that aborts on purpose never awaits the answer.
  answer.catch(() => {});
  return { req, answer, closed };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Posts a stream of `length` bytes and waits for the answer; the connection is closed after. */
export async function post(url: string, body: { stream: Readable; length: number }) {
  const open = openRequest(url, { 'content-type': FORM_TYPE, 'content-length': body.length });
  body.stream.pipe(open.req);
  try {
    return await open.answer;
  } finally {
    body.stream.unpipe(open.req);
    body.stream.destroy();
    open.req.destroy();
  }
}

/** Files the blob store is receiving right now (its `.incoming` folder). */
export function incomingFiles(service: TestService): string[] {
  const dir = join(dirname(service.ctx.db.location() ?? ''), 'blobs', '.incoming');
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * A test service for a file of upload tests, handed to `use` before its tests and closed after
 * them. After each test, whatever it did, nothing half-written stays behind and nothing was
 * logged.
 */
export function serveUploadTests(use: (service: TestService) => void): void {
  let service: TestService;
  const logged: unknown[][] = [];
  beforeAll(async () => {
    service = await startTestService({ log: (...entry) => logged.push(entry) });
    use(service);
  });
  afterAll(() => service.close());
  afterEach(async () => {
    await vi.waitFor(() => expect(incomingFiles(service)).toEqual([]), UNTIL);
    expect(logged).toEqual([]);
  });
}
