import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

/**
 * Below this an answer goes as it is: it fits the first flight of a new connection (TCP's
 * initial window, ten segments), so packing it saves no round trip, and each packed answer
 * costs a zlib stream of its own. A team's day measured it: with every answer packed, a
 * gateway's decide and open took twice as long at the median on a busy machine.
 */
export const COMPRESS_FROM_BYTES = 14 * 1024;

const PACKABLE = /^(application\/(json|problem\+json)|text\/(html|csv|plain))\b/;

/**
 * JSON and HTML from `COMPRESS_FROM_BYTES` up gzipped on the way out (a queue page of 100
 * rows: 330 kB to about 30 kB). Hono's filter leaves alone what must stream as it comes
 * (text/event-stream), what is compressed already (PDFs, images, the precompressed assets,
 * which carry Content-Encoding) and bodies under the threshold; but it can only tell a
 * body's size by its Content-Length, which a Response made from a string does not carry. So
 * such an answer is measured first (it is in memory already).
 */
export function compression(): MiddlewareHandler[] {
  const sized: MiddlewareHandler = async (c, next) => {
    await next();
    const { res } = c;
    const type = res.headers.get('content-type') ?? '';
    if (!res.body || res.headers.has('content-length') || res.headers.has('content-encoding'))
      return;
    if (!PACKABLE.test(type)) return;
    const bytes = await res.arrayBuffer();
    const headers = new Headers(res.headers);
    headers.set('content-length', String(bytes.byteLength));
    c.res = undefined;
    c.res = new Response(bytes, { status: res.status, statusText: res.statusText, headers });
  };
  return [compress({ threshold: COMPRESS_FROM_BYTES }), sized];
}
