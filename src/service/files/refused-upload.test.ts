import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import type { TestService } from '../testing/service.ts';
import {
  FORM_TYPE,
  formHead,
  issue,
  MB,
  openRequest,
  PDF_HEAD,
  PNG_HEAD,
  serveUploadTests,
  type Answer,
} from '../testing/uploads.ts';
import { blobRoutes, UPLOAD_LIMITS } from './blob.routes.ts';
import { presignPut, presignUpload } from './presign.ts';

// An upload refused before its body is read still tells its client why, while the client is
// still sending: the refusal is answered at once and the rest of the body is read and dropped
// (within bounds), rather than the connection closed under the client, whose kernel would then
// reset it and lose the answer (EPIPE). Each case runs several uploads at once, each sending
// megabytes in pieces, by two kinds of client: one that reads as it sends (curl, Node) and one
// that reads nothing before it has sent its whole body (a browser's XHR).

let service: TestService;
serveUploadTests((started) => (service = started));

/** Uploads at once per case and client: enough that an answer lost to a reset shows. */
const AT_ONCE = 6;
/** The file each sends after its head: several pieces, each after a pause. */
const FILE_BYTES = 4 * MB;
const PIECE = Buffer.alloc(64 * 1024);
const pause = () => new Promise((resolve) => setTimeout(resolve, 1));

let n = 0;
const scanKey = () => `scans/refused/${(n += 1)}.pdf`;

interface Upload {
  url: string;
  method?: 'POST' | 'PUT';
  /** What goes first: the form's fields and the file part's header, or a file's first bytes. */
  head: Buffer;
  /** The Content-Length said; the client sends `head` and FILE_BYTES more either way. */
  length?: number;
  type?: string;
}

/** A client that reads the answer as it sends, and stops sending once it has it. */
async function readingWhileSending(upload: Upload): Promise<Answer> {
  const open = openRequest(
    upload.url,
    {
      'content-type': upload.type ?? FORM_TYPE,
      'content-length': upload.length ?? upload.head.length + FILE_BYTES,
    },
    upload.method,
  );
  // Answered, or failed: a write to a connection reset under it fails the request.
  let settled = false;
  const over = open.answer.then(
    () => void (settled = true),
    () => void (settled = true),
  );
  try {
    open.req.write(upload.head);
    for (let sent = 0; sent < FILE_BYTES && !settled; sent += PIECE.length) {
      if (!open.req.write(PIECE)) {
        await Promise.race([new Promise((resolve) => open.req.once('drain', resolve)), over]);
      }
      await pause();
    }
    return await open.answer;
  } finally {
    open.req.destroy();
  }
}

/** A client that sends its whole body before it reads a byte of the answer, as a browser. */
function sendingFirst(upload: Upload): Promise<Answer> {
  const url = new URL(upload.url);
  const length = upload.length ?? upload.head.length + FILE_BYTES;
  const socket = connect(Number(url.port), url.hostname);
  return new Promise<Answer>((resolve, reject) => {
    socket.pause();
    socket.once('error', reject);
    socket.once('connect', () => {
      void (async () => {
        socket.write(
          `${upload.method ?? 'POST'} ${url.pathname}${url.search} HTTP/1.1\r\n` +
            `Host: ${url.host}\r\nContent-Type: ${upload.type ?? FORM_TYPE}\r\n` +
            `Content-Length: ${length}\r\n\r\n`,
        );
        socket.write(upload.head);
        for (let sent = 0; sent < FILE_BYTES; sent += PIECE.length) {
          if (!socket.write(PIECE)) await new Promise((done) => socket.once('drain', done));
          await pause();
        }
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.once('end', () => resolve(parseAnswer(Buffer.concat(chunks).toString())));
        socket.resume();
      })().catch(reject);
    });
  }).finally(() => socket.destroy());
}

function parseAnswer(text: string): Answer {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [status = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(status.split(' ')[1]), headers, json: JSON.parse(body) as unknown };
}

/** Each case: a fresh upload (with the key it would store under), and the answer it gets. */
const cases: [string, () => { upload: Upload; key: string }, number, string][] = [
  [
    'an expired policy',
    () => {
      const key = scanKey();
      issue(service, 'scan', key);
      const { uploadUrl, uploadValues } = presignUpload(
        service.ctx,
        { key, kind: 'scan', owner: 'acme', maxBytes: 25 * MB },
        -60,
      );
      return {
        key,
        upload: { url: uploadUrl, head: Buffer.concat([formHead(uploadValues), PDF_HEAD]) },
      };
    },
    403,
    'this upload URL has expired',
  ],
  [
    'an altered policy',
    () => {
      const key = scanKey();
      const { uploadUrl, uploadValues } = issue(service, 'scan', key, 5 * MB);
      // The same policy, allowing 25 MB where 5 MB was signed.
      const policy = JSON.parse(Buffer.from(uploadValues.policy, 'base64url').toString()) as object;
      const altered = Buffer.from(JSON.stringify({ ...policy, maxBytes: 25 * MB })).toString(
        'base64url',
      );
      const head = Buffer.concat([formHead({ ...uploadValues, policy: altered }), PDF_HEAD]);
      return { key, upload: { url: uploadUrl, head } };
    },
    403,
    'upload policy signature does not match',
  ],
  [
    'a file part before the fields',
    () => {
      const key = scanKey();
      const { uploadUrl } = issue(service, 'scan', key);
      return { key, upload: { url: uploadUrl, head: Buffer.concat([formHead({}), PDF_HEAD]) } };
    },
    400,
    'the file must be the last field of the form, after the upload values',
  ],
  [
    'a declared size over the limit',
    () => {
      const key = `images/refused/${(n += 1)}.png`;
      issue(service, 'signature', key);
      const url = presignPut(service.ctx, { key, kind: 'signature', owner: 'acme', maxBytes: MB });
      return {
        key,
        upload: {
          url,
          method: 'PUT',
          head: PNG_HEAD,
          length: PNG_HEAD.length + FILE_BYTES,
          type: 'image/png',
        },
      };
    },
    413,
    'the file is larger than 1 MB',
  ],
];

describe.each([
  ['a client that reads as it sends', readingWhileSending],
  ['a client that sends its whole body first', sendingFirst],
])('%s', (_client, send) => {
  it.each(cases)('is told why of %s, every time', async (_case, make, status, message) => {
    const uploads = Array.from({ length: AT_ONCE }, make);
    const answers = await Promise.all(uploads.map(({ upload }) => send(upload)));
    for (const answer of answers) {
      expect(answer).toMatchObject({ status, headers: { connection: 'close' }, json: { message } });
    }
    for (const { key } of uploads) {
      expect(service.ctx.blobs.has(key)).toBe(false);
      const row = service.ctx.db.prepare('SELECT size FROM uploads WHERE key = ?').get(key);
      expect(row).toEqual({ size: null });
    }
  });
});

describe('what a refused upload may still send', () => {
  it('is read up to its bound, no further: past it the connection closes', async () => {
    // The blob routes over the same store, on a server of their own with a bound of 2 MB.
    const routes = blobRoutes(service.ctx, { ...UPLOAD_LIMITS, refusedBytes: 2 * MB });
    const server = serve({ fetch: routes.fetch, port: 0, hostname: '127.0.0.1' });
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    try {
      await once(socket, 'connect');
      const closed = new Promise((resolve) => socket.once('close', resolve));
      let open = true;
      void closed.then(() => (open = false));
      socket.on('error', () => {});
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      // Declares 64 MB and sends as fast as it can, reading as it goes.
      socket.write(
        `POST /uploads HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: ${FORM_TYPE}\r\n` +
          `Content-Length: ${64 * MB}\r\n\r\n`,
      );
      socket.write(formHead(issue(service, 'scan', scanKey()).uploadValues));
      while (open && socket.bytesWritten < 64 * MB) {
        if (!socket.write(PIECE)) {
          await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
        }
      }
      await closed;
      expect(parseAnswer(Buffer.concat(chunks).toString())).toMatchObject({
        status: 413,
        json: { message: 'the file is larger than 25 MB' },
      });
      // What got written before the server closed: the 2 MB it read, and what the two ends'
      // socket buffers took (some 5 MB here).
      expect(socket.bytesWritten).toBeLessThan(24 * MB);
    } finally {
      socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
