import type { Context, MiddlewareHandler } from 'hono';
import { bodyTooLarge, errorResponse } from './errors.ts';

/**
 * What a refused body may still send, read and thrown away, before its 413 is written. A
 * server that answers while the client is still sending and then closes makes the client's
 * kernel reset the connection, and the reset can overtake the answer: the client (or the
 * gateway streaming a browser's body) sees "connection reset" instead of 413. Read to its end,
 * the body leaves the connection clean and reusable. Past these bounds the answer goes out at
 * once with `Connection: close`: a body that large or that slow is not worth the wait.
 */
export const DISCARD_BYTES = 16 * 1024 * 1024;
export const DISCARD_MS = 2_000;

/**
 * The JSON body limit. hono's own `bodyLimit` stops reading at the limit and leaves the rest
 * unread; with @hono/node-server's web stream over the request paused by backpressure, the
 * rest is never drained and the socket is dropped under the answer (see DISCARD_BYTES).
 */
export function jsonBodyLimit(
  maxBytes: number,
  message: string,
  discardMs = DISCARD_MS,
): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = declaredLength(c);
    if (declared > maxBytes + DISCARD_BYTES) return bodyTooLarge(c, message);

    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) {
        const drained = await discardRest(reader, DISCARD_BYTES - (size - maxBytes), discardMs);
        return drained ? errorResponse(c, 413, message) : bodyTooLarge(c, message);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks, size) });
    return next();
  };
}

/** Reads and drops the rest of a body; false when it is longer or slower than allowed. */
async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  budget: number,
  discardMs: number,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), discardMs);
  });
  try {
    for (let left = budget; left >= 0;) {
      const next = await Promise.race([reader.read(), timedOut]);
      if (next === 'timeout') return false;
      if (next.done) return true;
      left -= next.value.length;
    }
    return false;
  } catch {
    // The client went away while sending: nobody reads the answer either way.
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** The body's announced length; 0 when it is chunked or says nothing readable. */
export function declaredLength(c: Context): number {
  if (c.req.header('transfer-encoding')) return 0;
  const value = Number(c.req.header('content-length') ?? 0);
  return Number.isFinite(value) ? value : 0;
}
