import type { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { ServiceContext } from '../context.ts';
import { declaredLength } from '../http/body-limit.ts';
import { errorResponse } from '../http/errors.ts';
import { receiveMultipart } from './multipart-upload.ts';
import { checkDownload, checkUploadFields } from './presign.ts';
import { requestBody, watchBody } from './request-body.ts';
import { uploadGate } from './upload-gate.ts';
import { ClientGone, tooLarge, UploadRefusal, uploadsBusy } from './upload-refusal.ts';
import { answerWhileDraining } from './refused-body.ts';
import { openUpload } from './upload-target.ts';
import { sniff } from '../../shared/sniff.ts';

// The service's "storage bucket": presigned downloads and uploads, checked by signature and
// expiry instead of a bearer token, with CORS open as a bucket's would be. Uploads are read
// as they arrive, never whole: one body must not hold the process or its memory.

/** Largest body the upload routes read at all; each kind's own limit is checked as it flows. */
export const UPLOAD_BODY_LIMIT = 26 * 1024 * 1024;
const BODY_TOO_LARGE = 'the file is larger than 25 MB';

export interface UploadLimits {
  /**
   * Uploads received at once; each holds a connection, a parser and a file being written.
   * Only an upload whose signed policy checked out takes one (ADR 028).
   */
  inFlight: number;
  /** How long an upload may send nothing before it is given up (408). */
  idleMs: number;
  /** How long a POST's signed fields (a few hundred bytes) may take to come (408). */
  fieldsMs: number;
  /** How long a whole upload may take, however steadily it trickles (408). */
  deadlineMs: number;
  /**
   * The most of a refused upload's body that is still read, and dropped, while its answer
   * goes out (refused-body.ts): a browser reads the answer only once it has sent it all.
   */
  refusedBytes: number;
}
/**
 * 25 MB within the deadline is about 140 KB/s: a slow phone link, not a trickle. A refused
 * body is read up to 64 MB, as @hono/node-server reads one a handler left unread: every
 * upload the console sends (25 MB at most) and one declared a little over the limit, which is
 * what a person does; past that the client meets a closed connection.
 */
export const UPLOAD_LIMITS: UploadLimits = {
  inFlight: 4,
  idleMs: 30_000,
  fieldsMs: 10_000,
  deadlineMs: 3 * 60_000,
  refusedBytes: 64 * 1024 * 1024,
};

export function blobRoutes(ctx: ServiceContext, limits: UploadLimits = UPLOAD_LIMITS) {
  const routes = new Hono();
  // CORS like a bucket's, on the bucket's routes only (the API itself is not cross-origin).
  const bucketCors = cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT'],
    maxAge: 600,
  });
  for (const path of ['/blobs/*', '/uploads', '/uploads/*']) routes.use(path, bucketCors);
  const gate = uploadGate(limits.inFlight);

  /**
   * The refusal as `{message}`. A body still coming is read and dropped while the answer goes
   * out (refused-body.ts), so that the client reads why rather than a reset connection: up to
   * `refusedBytes` in all (`read` were read already), with the idle time and the deadline of
   * an accepted upload (counted from `start`).
   */
  function refuse(
    c: Context,
    refusal: UploadRefusal,
    body: Readable,
    { start = Date.now(), read = 0 } = {},
  ) {
    if (refusal.status === 503) c.header('Retry-After', '5');
    if (body.readableEnded || body.destroyed)
      return errorResponse(c, refusal.status, refusal.message);
    // Cut for being too slow: the connection closes after the answer, with nothing more read.
    if (refusal.status === 408) {
      c.header('Connection', 'close');
      return errorResponse(c, refusal.status, refusal.message);
    }
    const answer = errorResponse(c, refusal.status, refusal.message);
    return answerWhileDraining(answer, body, {
      maxBytes: limits.refusedBytes - read,
      idleMs: limits.idleMs,
      deadlineMs: limits.deadlineMs - (Date.now() - start),
    });
  }

  /**
   * Receives one upload and answers 204, or the refusal as `{message}`. `receive` calls
   * `enter` once the upload's signature and policy are verified, before it reads the file:
   * only then does the upload take a slot of the gate (503 when they are all taken), so that
   * bodies nobody signed, however slowly they come, never keep a signed one out. Until then
   * it has `fieldsMs` to show its signature; every upload has the idle time and the deadline.
   */
  async function admit(
    c: Context,
    receive: (body: Readable, signal: AbortSignal, enter: () => void) => Promise<void>,
  ) {
    const start = Date.now();
    const body = requestBody(c);
    let read = 0;
    const count = (chunk: Buffer) => (read += chunk.length);
    body.on('data', count);
    const controller = new AbortController();
    const bodyLimits = {
      maxBytes: UPLOAD_BODY_LIMIT,
      tooLarge: BODY_TOO_LARGE,
      idleMs: limits.idleMs,
      deadlineMs: limits.deadlineMs,
    };
    const unwatch = watchBody(body, bodyLimits, controller);
    const unsigned = setTimeout(
      () =>
        controller.abort(
          new UploadRefusal(
            408,
            `the upload's signed fields did not come within ${limits.fieldsMs / 1000} s`,
          ),
        ),
      limits.fieldsMs,
    );
    const slot: { leave: (() => void) | null } = { leave: null };
    const enter = () => {
      clearTimeout(unsigned);
      slot.leave = gate.enter();
      if (!slot.leave) throw uploadsBusy();
    };
    try {
      await receive(body, controller.signal, enter);
      return c.body(null, 204);
    } catch (error) {
      if (error instanceof UploadRefusal) return refuse(c, error, body, { start, read });
      // Nobody is left to read an answer; a client that leaves is no error of the service's.
      if (error instanceof ClientGone) return c.body(null, 400);
      throw error;
    } finally {
      clearTimeout(unsigned);
      unwatch();
      body.off('data', count);
      slot.leave?.();
    }
  }

  routes.get('/blobs/*', (c) => {
    const key = c.req.path.slice('/blobs/'.length);
    const check = checkDownload(ctx, key, c.req.query('expires'), c.req.query('signature'));
    if (!check.ok) return errorResponse(c, check.status, check.message);
    const bytes = ctx.blobs.get(key);
    if (!bytes) return errorResponse(c, 404, 'no such file');
    c.header('Content-Type', sniff(bytes) ?? 'application/octet-stream');
    c.header('Cache-Control', 'private, max-age=300');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200);
  });

  // The presigned POST: uploadValues as form fields, then the file as `file`.
  routes.post('/uploads', (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data\b/i.test(type)) {
      return refuse(
        c,
        new UploadRefusal(400, 'send the upload as multipart/form-data'),
        requestBody(c),
      );
    }
    if (declaredLength(c) > UPLOAD_BODY_LIMIT) {
      return refuse(c, new UploadRefusal(413, BODY_TOO_LARGE), requestBody(c));
    }
    return admit(c, (body, signal, enter) => receiveMultipart(ctx, body, type, signal, enter));
  });

  // The deprecated PUT URLs (`uploadImageUrls` of users): the raw bytes as the body.
  routes.put('/uploads/*', (c) => {
    const key = c.req.path.slice('/uploads/'.length);
    const check = checkUploadFields(ctx, {
      key,
      policy: c.req.query('policy'),
      signature: c.req.query('signature'),
    });
    if (!check.ok) return refuse(c, new UploadRefusal(check.status, check.message), requestBody(c));
    if (declaredLength(c) > UPLOAD_BODY_LIMIT) {
      return refuse(c, new UploadRefusal(413, BODY_TOO_LARGE), requestBody(c));
    }
    // Signed in its URL: checked above, before a byte of the body is read.
    return admit(c, async (body, signal, enter) => {
      const target = openUpload(ctx, check.policy);
      try {
        enter();
        if (declaredLength(c) > target.maxBytes) throw tooLarge(target.maxBytes);
        target.commit(await target.receive(body, signal));
      } catch (error) {
        target.discard();
        throw error;
      }
    });
  });

  return routes;
}
