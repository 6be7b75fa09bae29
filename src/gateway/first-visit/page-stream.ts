import { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

// A page that goes in two parts (ADR 025): its head at once, its body once the
// gateway has rendered the first screen. Hono's compress middleware would hold the head back
// in its compressor until the body came, so the page is compressed here and the compressor
// flushed after the head.

export type PageEncoding = 'br' | 'gzip' | undefined;

/** Brotli, else gzip, else none, as the request's Accept-Encoding allows. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='))?.slice(2);
    if (name) weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  const allowed = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  return allowed('gzip') ? 'gzip' : undefined;
}

/**
 * The page's bytes: `head` flushed at once, then `body` when it settles. `body` must not
 * reject; if it does, the page ends after its head, which the browser closes itself.
 */
export function pageStream(
  head: string,
  body: Promise<string>,
  encoding: PageEncoding,
): ReadableStream<Uint8Array> {
  if (encoding === undefined) {
    const encoder = new TextEncoder();
    return new ReadableStream({
      async start(controller) {
        controller.enqueue(encoder.encode(head));
        controller.enqueue(encoder.encode(await body.catch(() => '')));
        controller.close();
      },
    });
  }
  // Quality 5: a page is compressed for each request, in about a millisecond.
  const zip =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : createGzip();
  // A browser that goes away destroys the stream; the body may still come after.
  zip.on('error', () => {});
  zip.write(head);
  zip.flush(encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH);
  void body
    .catch(() => '')
    .then((rest) => {
      if (!zip.destroyed) zip.end(rest);
    });
  return Readable.toWeb(zip) as ReadableStream<Uint8Array>;
}
