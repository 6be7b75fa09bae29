import { MAX_PDF_BYTES } from '../first-visit/page-image-job.ts';
import type { DecisionMarks } from '../../contract/findings.ts';
import type { GatewayContext } from '../context.ts';
import { DocumentUnavailable, fetchDocument } from '../upstream/document-fetch.ts';
import { upstreamRequest } from '../upstream/qc-request-upstream.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { feedOf } from '../reviews/reviews.ts';
import { findingSettings, itemSeverity } from './creation.ts';
import { checkMarks, marksRegions, parseMarks, type PageBox } from './marks.ts';
import { documentTurns, NotAPdf, PageBoxesBusy, readPageBoxes } from './page-boxes.ts';

// The `Attest-Marks` header of a decision, checked before the service sees the decision
// (ADR 029): its shape, its items against the request the session reads, its severities
// against the process's, its regions against the document's pages. A refusal is the answer
// the browser gets, and nothing is decided. The document is read only when a region is
// marked, and its page boxes are kept a few minutes per request: a reviewer's retry, or the
// next decision on the same request, does not read it again.

const PDF_TIMEOUT_MS = 10_000;
const KEEP_MS = 5 * 60_000;
const KEPT = 64;

export type MarksOutcome = { ok: true; marks: DecisionMarks } | { ok: false; response: Response };

const refuse = (status: number, message: string, headers: Record<string, string> = {}) => ({
  ok: false as const,
  response: Response.json(
    { message },
    { status, headers: { 'Cache-Control': 'no-store', ...headers } },
  ),
});

/** Why the document's pages could not be had, as the decision's answer. */
function unreadable(error: unknown): ReturnType<typeof refuse> {
  if (error instanceof PageBoxesBusy) return refuse(429, error.message, { 'Retry-After': '2' });
  if (error instanceof NotAPdf) {
    return refuse(422, `${error.message}: send the decision without regions`);
  }
  if (!(error instanceof DocumentUnavailable)) throw error;
  if (error.kind === 'origin') {
    return refuse(422, `${error.message}: its regions cannot be checked`);
  }
  if (error.kind === 'too-large') {
    return refuse(422, 'the document is too large to check regions against');
  }
  return refuse(502, `${error.message} to check the regions against it`);
}

export function createMarksCheck(ctx: GatewayContext) {
  const turns = documentTurns();
  /** Page boxes by feed and request, newest use last (an LRU by Map order). */
  const kept = new Map<string, { at: number; pages: PageBox[] }>();

  const pagesOf = async (key: string, fileUrl: string): Promise<PageBox[]> => {
    const now = ctx.now();
    const hit = kept.get(key);
    kept.delete(key);
    if (hit && now - hit.at <= KEEP_MS) {
      kept.set(key, hit);
      return hit.pages;
    }
    const pages = await turns(async () =>
      readPageBoxes(
        await fetchDocument(ctx, fileUrl, { limit: MAX_PDF_BYTES, timeoutMs: PDF_TIMEOUT_MS }),
      ),
    );
    kept.set(key, { at: now, pages });
    while (kept.size > KEPT) kept.delete(kept.keys().next().value ?? '');
    return pages;
  };

  /** The marks of the header, checked, or the refusal to answer instead. */
  return async function checkMarksHeader(
    session: SessionRecord,
    requestId: string,
    header: string,
  ): Promise<MarksOutcome> {
    const parsed = parseMarks(header);
    if (!parsed.ok) return refuse(400, parsed.message);
    const marks = parsed.value;
    const found = await upstreamRequest(ctx, session, requestId);
    if (found.status === 404 || found.status === 403) {
      return refuse(404, `QC request ${requestId} not found`);
    }
    if (!found.request) return refuse(502, 'the service did not answer for this QC request');
    const { request } = found;
    const feed = feedOf(session);
    const settings = await findingSettings(ctx, feed, request.processName);
    let pages: PageBox[] | undefined;
    if (marksRegions(marks)) {
      try {
        pages = await pagesOf(`${feed.environment}\n${feed.owner}\n${requestId}`, request.fileUrl);
      } catch (error) {
        return unreadable(error);
      }
    }
    const items = request.checklistItems.map((item) => ({
      id: item.id,
      displayName: item.displayName,
      severity: itemSeverity(settings, item.displayName),
    }));
    const wrong = checkMarks(marks, { items, ...(pages && { pages }) });
    if (wrong) return refuse(400, wrong);
    // Kept under the request's own spelling of each item id, as the decision names them.
    const ids = new Map(items.map((item) => [item.id.toLowerCase(), item.id]));
    return {
      ok: true,
      marks: {
        items: marks.items.map((mark) => ({
          ...mark,
          itemId: ids.get(mark.itemId.toLowerCase()) ?? mark.itemId,
        })),
      },
    };
  };
}
