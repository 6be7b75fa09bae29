import type { GatewayContext } from '../context.ts';
import { createDecisionRecorder } from './decision-retry.ts';
import type { ProxyRules } from '../upstream/proxy.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { heldByAnother, decidedRequestId } from './team.ts';

// The QC team's rules on the proxied API (ADR 020), given to the general proxy as its
// one hook: a decision on a request another reviewer has open waits for a take-over (409),
// and a decision the service accepted goes into the team's history (team.ts,
// decision-retry.ts) before its answer is passed on as it came.

const json = (value: string) => {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
};

export function qcProxyRules(ctx: GatewayContext): ProxyRules {
  const decisions = createDecisionRecorder(ctx);
  return {
    async before(session: SessionRecord, request: Request) {
      const deciding = decidedRequestId(request.method, new URL(request.url).pathname);
      const holder = deciding && (await heldByAnother(ctx, session, deciding));
      if (!holder) return undefined;
      return Response.json(
        {
          message: `${holder.name} has this request open: take it over from the review to decide it`,
        },
        { status: 409, headers: { 'Cache-Control': 'no-store' } },
      );
    },

    /**
     * A decision the service accepted: its answer (one QC request, small) is read whole so
     * the gateway can record it before passing it on as it came.
     */
    async after(session, request, sent, response) {
      const decided = response.ok
        ? decidedRequestId(request.method, new URL(request.url).pathname)
        : undefined;
      if (!decided) return response;
      const text = await response.text();
      const sentText = sent instanceof ArrayBuffer ? new TextDecoder().decode(sent) : '';
      // Never throws: with the database down, the decision waits in memory to be recorded.
      await decisions.record(session, decided, json(sentText), json(text));
      return new Response(text, { status: response.status, headers: response.headers });
    },
  };
}
