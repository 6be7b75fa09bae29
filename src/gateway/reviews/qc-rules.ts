import { MARKS_HEADER, type DecisionMarks } from '../../contract/findings.ts';
import type { GatewayContext } from '../context.ts';
import { createDocumentKeeper } from '../findings/documents.ts';
import { createMarksCheck } from '../findings/marks-check.ts';
import { createDecisionRecorder } from './decision-retry.ts';
import type { ProxyRules } from '../upstream/proxy.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { heldByAnother, decidedRequestId } from './reviews.ts';

// The QC team's rules on the proxied API (ADR 020), given to the general proxy as its
// one hook: a decision on a request another reviewer has open waits for a take-over (409);
// a decision's marks (the Attest-Marks header, ADR 029) are checked before the service sees
// it (400, and nothing is decided) and never reach it; and a decision the service accepted
// goes into the team's history with its marks (reviews.ts, decision-retry.ts) before its answer
// is passed on as it came; its findings' document is copied after (findings/documents.ts). A
// retry the service answers 409 because an earlier try of the same reviewer got there (its
// answer lost, perhaps with the process that sent it) is recorded then, unless it was.

const json = (value: string) => {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
};

export function qcProxyRules(ctx: GatewayContext): ProxyRules {
  const decisions = createDecisionRecorder(ctx);
  const checkMarks = createMarksCheck(ctx);
  const documents = createDocumentKeeper(ctx);
  /** A decision's checked marks, from its look before to its look after. */
  const marksOf = new WeakMap<Request, DecisionMarks>();
  return {
    ownHeaders: [MARKS_HEADER],

    async before(session: SessionRecord, request: Request) {
      const deciding = decidedRequestId(request.method, new URL(request.url).pathname);
      if (!deciding) return undefined;
      const holder = await heldByAnother(ctx, session, deciding);
      if (holder) {
        return Response.json(
          {
            message: `${holder.name} has this request open: take it over from the review to decide it`,
          },
          { status: 409, headers: { 'Cache-Control': 'no-store' } },
        );
      }
      const header = request.headers.get(MARKS_HEADER);
      if (header === null) return undefined;
      const checked = await checkMarks(session, deciding, header);
      if (!checked.ok) return checked.response;
      marksOf.set(request, checked.marks);
      return undefined;
    },

    /**
     * A decision the service accepted: its answer (one QC request, small) is read whole so
     * the gateway can record it before passing it on as it came.
     */
    async after(session, request, sent, response) {
      const decided =
        response.ok || response.status === 409
          ? decidedRequestId(request.method, new URL(request.url).pathname)
          : undefined;
      if (!decided) return response;
      const sentText = sent instanceof ArrayBuffer ? new TextDecoder().decode(sent) : '';
      if (response.status === 409) {
        // A retry whose first try the service took: the history may never have heard of it.
        const ours = await decisions.recoverLost(
          session,
          decided,
          json(sentText),
          marksOf.get(request),
        );
        if (ours) documents.keepLater(session, decided);
        return response;
      }
      const text = await response.text();
      // Never throws: with the database down, the decision waits in memory to be recorded.
      await decisions.record(session, decided, json(sentText), json(text), marksOf.get(request));
      // Its findings' document, copied once this answer is on its way (ADR 029).
      documents.keepLater(session, decided);
      return new Response(text, { status: response.status, headers: response.headers });
    },
  };
}
