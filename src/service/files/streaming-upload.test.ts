import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { serve } from '@hono/node-server';
import { describe, expect, it, vi } from 'vitest';
import type { TestService } from '../testing/service.ts';
import { UNTIL } from '../testing/fixtures.ts';
import { blobRoutes, UPLOAD_LIMITS, type UploadLimits } from './blob.routes.ts';
import { MAX_FORM_FIELDS } from './multipart-upload.ts';
import { presignPut } from './presign.ts';
import {
  BOUNDARY,
  FORM_TAIL,
  FORM_TYPE,
  formHead,
  formStream,
  incomingFiles,
  issue,
  MB,
  openRequest,
  PDF_HEAD,
  PNG_HEAD,
  post,
  serveUploadTests,
  tinyFields,
  type Answer,
  type OpenRequest,
} from '../testing/uploads.ts';

// Uploads are read as they stream, a few at once, so no body can hold the process or its
// memory, and a client that leaves mid-upload is an ordinary event (ADR 014). Only a
// signed upload takes one of the few slots, and every upload has a deadline (ADR 028).

let service: TestService;
serveUploadTests((started) => (service = started));

let n = 0;
const scanKey = () => `scans/stream/${(n += 1)}.pdf`;

/**
 * The most CPU time the event loop spent between two turns of a 2 ms timer. A loop held by
 * work burns CPU the whole time; one the OS merely did not schedule does not, so unlike the
 * wall-clock delay this stays meaningful on a loaded machine.
 */
function watchLoop() {
  const used = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let last = used();
  let most = 0;
  const timer = setInterval(() => {
    const now = used();
    most = Math.max(most, now - last);
    last = now;
  }, 2);
  return () => {
    clearInterval(timer);
    return most;
  };
}

/**
 * The most the process's RSS grows until the returned function is called. Every socket read
 * is a fresh 64 KB buffer, and V8 lets such garbage reach 64 MB before it collects; that is
 * most of the budget and no part of what the uploads hold. So whenever buffers pass 32 MB
 * over the start, this collects first: what remains is what is actually held.
 */
function watchMemory() {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const start = process.memoryUsage();
  let peak = start.rss;
  const timer = setInterval(() => {
    if (process.memoryUsage().arrayBuffers - start.arrayBuffers > 32 * MB) gc();
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  return () => {
    clearInterval(timer);
    return peak - start.rss;
  };
}

/** Starts an upload: its fields, then the first `sent` bytes of its file; the body stays open. */
function hold(presigned: ReturnType<typeof issue>, head = PDF_HEAD, sent = 64 * 1024) {
  const open = openRequest(presigned.uploadUrl, { 'content-type': FORM_TYPE });
  open.req.write(formHead(presigned.uploadValues));
  open.req.write(Buffer.concat([head, Buffer.alloc(sent - head.length)]));
  return open;
}

/** Sends the rest of a held upload's file, closes its form, and waits for the answer. */
function finish(open: OpenRequest, rest = 1024) {
  open.req.end(Buffer.concat([Buffer.alloc(rest), FORM_TAIL]));
  return open.answer;
}

describe('uploads read as they stream', () => {
  it('refuses 420,000 tiny fields at the first ones, without holding the event loop', async () => {
    // The first body through the parser compiles it; that is not what is measured.
    expect((await post(`${service.url}/uploads`, tinyFields(2000))).status).toBe(400);
    const stop = watchLoop();
    const answer = await post(`${service.url}/uploads`, tinyFields(420_000));
    // ...and while the server drains what the client had already sent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Parsing the whole body with formData() held the loop for 1.5 to 3.2 s.
    expect(stop()).toBeLessThan(50);
    expect(answer).toMatchObject({
      status: 400,
      json: { message: `the form has more than ${MAX_FORM_FIELDS} fields` },
    });
  });

  it('keeps memory flat under 8 parallel 25 MB uploads, stored or turned away', async () => {
    const stop = watchMemory();
    const keys = Array.from({ length: 8 }, scanKey);
    let answers: Answer[];
    try {
      answers = await Promise.all(
        keys.map((key) => {
          const { uploadUrl, uploadValues } = issue(service, 'scan', key);
          return post(uploadUrl, formStream(uploadValues, 25 * MB, PDF_HEAD));
        }),
      );
    } finally {
      // Buffering each body, as formData() did, grew the process by about 400 MB.
      expect(stop() / MB).toBeLessThan(100);
    }

    const stored = keys.filter((_, i) => answers[i]?.status === 204);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(stored.length + busy.length).toBe(8);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) {
      const row = service.ctx.db.prepare('SELECT size FROM uploads WHERE key = ?').get(key);
      expect(row?.size ?? null).toBe(stored.includes(key) ? 25 * MB : null);
      expect(service.ctx.blobs.has(key)).toBe(stored.includes(key));
    }
  });

  it('answers 413 as soon as the file passes its limit, while the client is still sending', async () => {
    const key = 'images/stream/too-large.png';
    const open = hold(issue(service, 'signature', key), PNG_HEAD, 6 * MB);
    // The body never ends: the answer can only come from a server that stopped reading.
    expect(await open.answer).toMatchObject({
      status: 413,
      json: { message: 'the file is larger than 5 MB' },
    });
    expect(service.ctx.blobs.has(key)).toBe(false);
    // ...and the server, having drained what it could, closes the connection itself.
    await open.closed;
  });

  it('refuses a file that comes before the signed fields without reading it', async () => {
    const key = scanKey();
    const presigned = issue(service, 'scan', key);
    const open = openRequest(presigned.uploadUrl, { 'content-type': FORM_TYPE });
    open.req.write(formHead({}));
    open.req.write(Buffer.concat([PDF_HEAD, Buffer.alloc(MB)]));
    const answer = await open.answer;
    open.req.destroy();
    expect(answer).toMatchObject({
      status: 400,
      json: { message: 'the file must be the last field of the form, after the upload values' },
    });
    expect(service.ctx.blobs.has(key)).toBe(false);
  });

  it('stores nothing from a body that ends inside the file (400)', async () => {
    const key = scanKey();
    const presigned = issue(service, 'scan', key);
    const open = openRequest(presigned.uploadUrl, { 'content-type': FORM_TYPE });
    open.req.end(Buffer.concat([formHead(presigned.uploadValues), PDF_HEAD, Buffer.alloc(1024)]));
    expect(await open.answer).toMatchObject({
      status: 400,
      json: { message: 'the multipart body could not be read' },
    });
    expect(service.ctx.blobs.has(key)).toBe(false);
  });

  it('takes a few uploads at once (503 beyond), and forgets those whose client left', async () => {
    const keys = Array.from({ length: UPLOAD_LIMITS.inFlight }, scanKey);
    const held = keys.map((key) => hold(issue(service, 'scan', key)));
    await vi.waitFor(() => expect(incomingFiles(service)).toHaveLength(keys.length), UNTIL);

    const turnedAway = await post(
      `${service.url}/uploads`,
      formStream(issue(service, 'scan', scanKey()).uploadValues, 1024, PDF_HEAD),
    );
    expect(turnedAway).toMatchObject({
      status: 503,
      headers: { 'retry-after': '5' },
      json: { message: 'too many uploads at once; try again in a few seconds' },
    });

    const [kept, left] = [held.slice(0, 2), held.slice(2)];
    for (const open of left) open.req.destroy();
    expect((await Promise.all(kept.map((open) => finish(open)))).map((a) => a.status)).toEqual([
      204, 204,
    ]);
    await Promise.all(left.map((open) => open.closed));
    await vi.waitFor(() => expect(incomingFiles(service)).toEqual([]), UNTIL);
    expect(keys.map((key) => service.ctx.blobs.has(key))).toEqual([true, true, false, false]);
    expect(service.ctx.blobs.get(keys[0] ?? '')?.byteLength).toBe(64 * 1024 + 1024);

    // Every slot came back, those of the clients that left included.
    const again = keys.map(scanKey).map((key) => issue(service, 'scan', key));
    const answers = await Promise.all(
      again.map(({ uploadUrl, uploadValues }) =>
        post(uploadUrl, formStream(uploadValues, 1024, PDF_HEAD)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(keys.map(() => 204));
  });

  it('stores the first of two uploads racing to one key, and refuses the other', async () => {
    const key = scanKey();
    const presigned = issue(service, 'scan', key);
    const slow = hold(presigned);
    await vi.waitFor(() => expect(incomingFiles(service)).toHaveLength(1), UNTIL);
    const fast = await post(presigned.uploadUrl, formStream(presigned.uploadValues, 10, PDF_HEAD));
    expect(fast.status).toBe(204);
    expect(await finish(slow)).toMatchObject({
      status: 403,
      json: { message: 'a file was already uploaded with this key' },
    });
    expect(service.ctx.blobs.get(key)?.byteLength).toBe(10);
  });

  it('refuses a PUT whose declared length is over its limit before reading it', async () => {
    const key = 'images/stream/put.png';
    issue(service, 'signature', key);
    const url = presignPut(service.ctx, { key, kind: 'signature', owner: 'acme', maxBytes: MB });
    const open = openRequest(url, { 'content-length': 2 * MB }, 'PUT');
    open.req.write(PNG_HEAD);
    const answer = await open.answer;
    open.req.destroy();
    expect(answer).toMatchObject({
      status: 413,
      json: { message: 'the file is larger than 1 MB' },
    });
  });
});

/**
 * The same routes over the same store on a server of their own, with limits of their own;
 * `reached` counts the requests that got to the routes.
 */
async function ownServer(limits: Partial<UploadLimits>) {
  const routes = blobRoutes(service.ctx, { ...UPLOAD_LIMITS, ...limits });
  let reached = 0;
  const server = serve({
    fetch: (request, env) => {
      reached += 1;
      return routes.fetch(request, env);
    },
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    reached: () => reached,
    on: (presigned: ReturnType<typeof issue>) => ({
      ...presigned,
      uploadUrl: presigned.uploadUrl.replace(service.url, origin),
    }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A request that sends `head`, then a byte every 20 ms until it is answered or stopped. */
function trickle(url: string, head: Buffer) {
  const open = openRequest(url, { 'content-type': FORM_TYPE });
  open.req.write(head);
  const timer = setInterval(() => open.req.write('x'), 20);
  const stop = () => {
    clearInterval(timer);
    open.req.destroy();
  };
  void open.answer.finally(() => clearInterval(timer)).catch(() => {});
  return { ...open, stop };
}

/** The start of a form whose first field never ends: no signature ever comes. */
const UNSIGNED_HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="key"\r\n\r\n`,
);

describe('slots for signed uploads only', () => {
  it('keeps every slot for signed uploads while strangers trickle unsigned and forged ones', async () => {
    const own = await ownServer({ fieldsMs: 60_000 });
    const strangers: ReturnType<typeof trickle>[] = [];
    try {
      // Eight that never finish their first field, and four whose signature is made up.
      for (let i = 0; i < 8; i += 1)
        strangers.push(trickle(`${own.origin}/uploads`, UNSIGNED_HEAD));
      const forged = Array.from({ length: UPLOAD_LIMITS.inFlight }, () => {
        const { uploadUrl, uploadValues } = own.on(issue(service, 'scan', scanKey()));
        const fields = { ...uploadValues, signature: 'forged' };
        return trickle(uploadUrl, Buffer.concat([formHead(fields), PDF_HEAD]));
      });
      strangers.push(...forged);
      await vi.waitFor(() => expect(own.reached()).toBe(strangers.length), UNTIL);
      for (const answer of await Promise.all(forged.map((open) => open.answer))) {
        expect(answer).toMatchObject({
          status: 403,
          json: { message: 'upload policy signature does not match' },
        });
      }

      // Before, each of them took a slot as it arrived, and a notary's upload got 503.
      const keys = Array.from({ length: UPLOAD_LIMITS.inFlight }, scanKey);
      const held = keys.map((key) => hold(own.on(issue(service, 'scan', key))));
      await vi.waitFor(() => expect(incomingFiles(service)).toHaveLength(keys.length), UNTIL);
      const answers = await Promise.all(held.map((open) => finish(open)));
      expect(answers.map((answer) => answer.status)).toEqual(keys.map(() => 204));
      for (const key of keys) {
        expect(service.ctx.blobs.get(key)?.byteLength).toBe(64 * 1024 + 1024);
      }
    } finally {
      for (const open of strangers) open.stop();
      await own.close();
    }
  });

  it('cuts a form whose signed fields do not come in time (408)', async () => {
    const own = await ownServer({ fieldsMs: 300 });
    const open = trickle(`${own.origin}/uploads`, UNSIGNED_HEAD);
    try {
      expect(await open.answer).toMatchObject({
        status: 408,
        json: { message: "the upload's signed fields did not come within 0.3 s" },
      });
    } finally {
      open.stop();
      await own.close();
    }
  });

  it('cuts an upload that trickles past its deadline, and stores nothing of it (408)', async () => {
    // Never idle (a byte every 20 ms against 10 s), but slower than the whole upload may take.
    const own = await ownServer({ inFlight: 1, idleMs: 10_000, deadlineMs: 500 });
    const key = scanKey();
    const { uploadUrl, uploadValues } = own.on(issue(service, 'scan', key));
    const open = trickle(uploadUrl, Buffer.concat([formHead(uploadValues), PDF_HEAD]));
    try {
      expect(await open.answer).toMatchObject({
        status: 408,
        json: { message: 'the upload took longer than 0.5 s' },
      });
      open.stop();
      await vi.waitFor(() => expect(incomingFiles(service)).toEqual([]), UNTIL);
      expect(service.ctx.blobs.has(key)).toBe(false);
      const row = service.ctx.db.prepare('SELECT size, uploaded_on FROM uploads WHERE key = ?');
      expect(row.get(key)).toEqual({ size: null, uploaded_on: null });
      // Its slot came back.
      const next = own.on(issue(service, 'scan', scanKey()));
      expect((await post(next.uploadUrl, formStream(next.uploadValues, 10, PDF_HEAD))).status).toBe(
        204,
      );
    } finally {
      open.stop();
      await own.close();
    }
  });
});

describe('a stalled upload', () => {
  it('gives its slot back after the idle time (408)', async () => {
    // The same routes over the same store, with one slot and a short idle time.
    const { on, close } = await ownServer({ inFlight: 1, idleMs: 300 });
    try {
      const stalled = hold(on(issue(service, 'scan', scanKey())));
      const answer = await stalled.answer;
      stalled.req.destroy();
      expect(answer).toMatchObject({ status: 408, json: { message: /sent nothing for 0.3 s/ } });
      const next = on(issue(service, 'scan', scanKey()));
      expect((await post(next.uploadUrl, formStream(next.uploadValues, 10, PDF_HEAD))).status).toBe(
        204,
      );
    } finally {
      await close();
    }
  });
});
