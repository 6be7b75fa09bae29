import type { GatewayContext } from '../context.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { feedOf } from '../reviews/reviews.ts';
import { DocumentUnavailable, fetchDocument } from '../upstream/document-fetch.ts';
import { upstreamRequest } from '../upstream/qc-request-upstream.ts';
import { documentTurns, PageBoxesBusy } from './page-boxes.ts';

// The document of a request with findings, kept by the gateway (ADR 029) for the party
// responsible: the service shows a QC request's file to QC readers only, so a notary would
// otherwise never see the page their finding is on. The copy is made once the decision's
// answer is on its way, with the deciding reviewer's own token (the request read afresh for
// its presigned `fileUrl`), never holding up or failing the decision. One per request, at
// most DOCUMENT_MAX_BYTES; a copy that fails is not tried again by itself: the finding's
// page shows its sketch instead.

/** The largest document kept: past it, no copy (the finding's page shows the sketch). */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 30_000;
/** Copies made at once in a process, and waiting; past those a copy is given up, logged. */
const COPYING = 2;
const WAITING = 16;

export function createDocumentKeeper(ctx: GatewayContext) {
  const turns = documentTurns(COPYING, WAITING);

  /** Copies `requestId`'s document if it has findings and no copy yet. Never throws. */
  async function keep(session: SessionRecord, requestId: string): Promise<void> {
    const feed = feedOf(session);
    try {
      const findings = await ctx.findings.forRequest(feed, requestId);
      if (findings.length === 0 || (await ctx.findings.hasDocument(feed, requestId))) return;
      await turns(async () => {
        const found = await upstreamRequest(ctx, session, requestId);
        if (!found.request) {
          ctx.log(
            `no copy of QC request ${requestId}'s document: the service answered ${found.status}`,
          );
          return;
        }
        const content = await fetchDocument(ctx, found.request.fileUrl, {
          limit: DOCUMENT_MAX_BYTES,
          timeoutMs: FETCH_TIMEOUT_MS,
        });
        await ctx.findings.keepDocument(feed, requestId, content, ctx.now());
      });
    } catch (error) {
      const why =
        error instanceof DocumentUnavailable || error instanceof PageBoxesBusy
          ? error.message
          : error;
      ctx.log(`no copy of QC request ${requestId}'s document for its findings`, why);
    }
  }

  return {
    /**
     * Starts the copy once the caller has handed its answer back (the next turn of the event
     * loop), and does not wait for it.
     */
    keepLater(session: SessionRecord, requestId: string): void {
      setImmediate(() => void keep(session, requestId));
    },
  };
}

export type DocumentKeeper = ReturnType<typeof createDocumentKeeper>;
