import { Hono, type Context } from 'hono';
import type { AppEnv, GatewayContext } from '../context.ts';
import { errorResponse } from '../errors.ts';
import {
  PageImagesBusy,
  pageImages,
  type PageImage,
  type PageImageFormat,
  type PageImageSlot,
  type PageImagesOptions,
  MAX_PDF_BYTES,
} from './page-image.ts';
import { upstreamRequest, UUID } from '../upstream/qc-request-upstream.ts';
import { DocumentUnavailable, fetchDocument } from '../upstream/document-fetch.ts';
import { requireSession } from '../session/session-auth.ts';
import type { SessionRecord } from '../session/sessions.ts';

// `GET /preview/qc/{id}/first-page`: a QC request's document's first page as an image
// (ADR 025), for a review opened cold, which shows it until pdf.js (hundreds of
// kilobytes away on a slow link) has drawn the page itself. The request is read as the
// session's own (another owner's is the service's 404), its document fetched from where the
// service says it is (an origin the CSP allows, nowhere else), and drawn in a worker thread.
//
// Bounded per session and in all (ADR 028): an id is one request however it is spelled;
// a place in the drawer is taken before the document is fetched, so a refused drawing costs
// no download and at most a few documents are held at once; one session holds two at most.
// A page rendered with its first screen, and the app on a slow link, ask first whether the
// drawing has a place (`Prefer: respond-async`): 202 when it has (drawn and kept for the
// image's own ask), 204 when it has not. The image is asked for only after a 202: a page
// never asks for an image it would be refused, which its browser would log (ADR 034).

/** The largest document drawn: a signed PDF, scanned pages and all. */
const PDF_LIMIT = MAX_PDF_BYTES;
const PDF_TIMEOUT_MS = 10_000;
/** Drawings one session may have under way at once; its others are refused (429). */
export const DRAWINGS_PER_SESSION = 2;
/** A session's drawn pages are kept this long: the page's own render asks first (warming). */
const KEEP_MS = 60_000;
const KEPT = 32;
/** `Prefer: respond-async` (RFC 7240): 202 once the drawing has its place, 204 if it has none. */
const RESPOND_ASYNC = /(^|[,\s])respond-async\b/i;

class NotDrawable extends Error {
  readonly status: 401 | 403 | 404 | 413 | 422 | 502;
  constructor(status: NotDrawable['status'], message: string) {
    super(message);
    this.status = status;
  }
}

export function pageImageRoutes(ctx: GatewayContext, drawer: PageImagesOptions = {}) {
  const routes = new Hono<AppEnv>();
  const images = pageImages({ perOwner: DRAWINGS_PER_SESSION, ...drawer });
  const kept = new Map<string, { at: number; image: Promise<PageImage> }>();

  /** The drawing of `id` for this session, in a place taken now: PageImagesBusy if none. */
  const draw = (c: Context<AppEnv>, id: string, format: PageImageFormat): Promise<PageImage> => {
    const session = c.get('session');
    // Before anything is asked or fetched: a refusal costs nothing but itself.
    const slot = images.reserve(session.idHash);
    return fetchAndDraw(session, id, format, slot).finally(() => slot.release());
  };

  const fetchAndDraw = async (
    session: SessionRecord,
    id: string,
    format: PageImageFormat,
    slot: PageImageSlot,
  ): Promise<PageImage> => {
    const found = await upstreamRequest(ctx, session, id);
    if (found.status !== 200 || !found.request) {
      const { status } = found;
      if (status === 401 || status === 403) throw new NotDrawable(status, 'not allowed');
      if (status >= 500) throw new NotDrawable(502, 'the service could not be asked');
      throw new NotDrawable(404, 'no such QC request');
    }
    const pdf = await fetchDocument(ctx, found.request.fileUrl, {
      limit: PDF_LIMIT,
      timeoutMs: PDF_TIMEOUT_MS,
    }).catch((error: unknown) => {
      if (!(error instanceof DocumentUnavailable)) throw error;
      if (error.kind === 'origin') throw new NotDrawable(422, error.message);
      if (error.kind === 'too-large') {
        throw new NotDrawable(413, 'the document is too large to preview');
      }
      throw new NotDrawable(502, error.message);
    });
    return slot.draw(pdf, format).catch((error: unknown) => {
      // The answer says only that it could not be drawn; the operator's log says why (a
      // document pdf.js refuses, or a drawing worker past its bounds: ADR 028).
      ctx.log(`the first page of QC request ${id} could not be drawn`, error);
      throw new NotDrawable(422, "the document's first page could not be drawn");
    });
  };

  routes.get('/preview/qc/:id/first-page', requireSession(ctx), async (c) => {
    if (!UUID.test(c.req.param('id'))) return errorResponse(c, 404, 'no such QC request');
    // One request however its id is spelled (the service's ids are lower case): one drawing.
    const id = c.req.param('id').toLowerCase();
    // AVIF where the browser takes it (every current one does), WebP where not.
    const format = c.req.header('accept')?.includes('image/avif') ? 'avif' : 'webp';
    const key = `${c.get('session').idHash}\n${id}\n${format}`;
    const now = Date.now();
    for (const [k, v] of kept) if (now - v.at > KEEP_MS) kept.delete(k);
    let entry = kept.get(key);
    if (!entry) {
      try {
        entry = { at: now, image: draw(c, id, format) };
      } catch (error) {
        if (!(error instanceof PageImagesBusy)) throw error;
        // Asked first (a page rendered, or the app on a slow link): "no image for you now" is
        // an answer, not an error a browser would log. Asked outright: refused.
        if (RESPOND_ASYNC.test(c.req.header('prefer') ?? '')) return c.body(null, 204);
        c.header('Retry-After', '2');
        return errorResponse(c, 429, 'previews are being drawn for others: try again shortly');
      }
      // A failure is not kept: the next ask tries again.
      entry.image.catch(() => kept.delete(key));
      kept.set(key, entry);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value ?? '');
    }
    // The gateway's own ask for a page it is rendering (prerender.ts): the drawing has its
    // place and is kept for the page's own ask, which is all the page needs to know.
    if (RESPOND_ASYNC.test(c.req.header('prefer') ?? '')) return c.body(null, 202);
    try {
      const { image } = await entry.image;
      return c.body(image as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': `image/${format}`,
        Vary: 'Accept, Cookie',
        // One person's view of one document: their browser keeps it a while, nothing else.
        'Cache-Control': 'private, max-age=300',
      });
    } catch (error) {
      if (error instanceof NotDrawable) return errorResponse(c, error.status, error.message);
      throw error;
    }
  });
  return routes;
}
