import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { HoldBodySchema, type QcHoldList, type RequestHistory } from '../../contract/team.ts';
import { targetOf, type AppEnv, type GatewayContext } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { limitBody, noStore } from '../http/answers.ts';
import { upstreamRequest, UUID } from '../upstream/qc-request-upstream.ts';
import { requireSession } from '../session/session-auth.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { decisionsCsv, parseRange } from './decisions-csv.ts';
import { feedOf, isQcManager, isQcReader, memberOf, publishQueueChange } from './reviews.ts';

// The QC team's state over HTTP (ADR 020): holds on pending requests, a request's
// decision history (with its findings, ADR 029), and the history of a date range as CSV.
// The gateway's own: the upstream is asked only whether a request exists and is pending
// when it is first held.

/**
 * The reference service's sandbox records `reviewStartedOn` when told a review started; a
 * real service has no such route and learns it its own way (docs/interface-gaps.md).
 */
async function tellReviewStarted(ctx: GatewayContext, session: SessionRecord, id: string) {
  const target = targetOf(ctx.targets, session.environment);
  if (!(await target.upstream.sandboxState()).sandbox) return;
  const token = await ctx.tokens.token(session);
  const response = await ctx.fetch(`${target.base}/sandbox/v1/qc/requests/${id}/review-started`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  await response.body?.cancel().catch(() => {});
}

const badId = (c: Context) => errorResponse(c, 400, 'the QC request id must be a UUID');

/**
 * Every /team route (management.routes.ts's too) is for those who read QC requests
 * (`isQcReader`).
 */
export const requireQcReader =
  (ctx: GatewayContext): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!isQcReader(ctx, c.get('session'))) {
      return errorResponse(
        c,
        403,
        "the QC team's holds, history and figures are for QC reviewers and managers",
      );
    }
    await next();
  };

export function reviewRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();
  routes.use('/team/*', requireSession(ctx), requireQcReader(ctx));

  routes.get('/team/holds', async (c) => {
    const list: QcHoldList = { holds: await ctx.holds.list(feedOf(c.get('session'))) };
    return noStore(c, list);
  });

  routes.put('/team/holds/:id', limitBody(1024), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) return badId(c);
    const text = await c.req.text();
    let json: unknown = {};
    try {
      if (text.trim()) json = JSON.parse(text);
    } catch {
      return errorResponse(c, 400, 'send {"takeOver": true|false} as JSON, or no body');
    }
    const body = HoldBodySchema.safeParse(json);
    if (!body.success) return errorResponse(c, 400, body.error.issues[0]?.message ?? 'bad body');
    const session = c.get('session');
    const feed = feedOf(session);
    const member = memberOf(session);
    const requestId = id.toLowerCase();
    // A first hold asks the service: the request must be the owner's, and still pending.
    const renewal = (await ctx.holds.get(feed, requestId))?.holder.id === member.id;
    if (!renewal) {
      const found = await upstreamRequest(ctx, session, requestId);
      if (found.status === 404 || found.status === 403) {
        return errorResponse(c, 404, `QC request ${requestId} not found`);
      }
      if (!found.request) {
        return errorResponse(c, 502, 'the service did not answer for this QC request');
      }
      if (found.request.status !== 'pending') {
        return errorResponse(c, 409, `QC request ${requestId} is already ${found.request.status}`);
      }
    }
    const taken = await ctx.holds.take(feed, requestId, member, body.data.takeOver);
    if (taken.kind === 'held') {
      const message = `${taken.hold.holder.name} is reviewing this QC request`;
      return c.json({ message, hold: taken.hold }, 409);
    }
    if (taken.fresh || taken.takenFrom) {
      const { hold, takenFrom } = taken;
      publishQueueChange(ctx, feed, { kind: 'held', hold, ...(takenFrom && { takenFrom }) });
    }
    if (!renewal) {
      tellReviewStarted(ctx, session, requestId).catch((error: unknown) =>
        ctx.log(`could not tell the sandbox that review ${requestId} started`, error),
      );
    }
    return noStore(c, taken.hold, taken.fresh ? 201 : 200);
  });

  routes.delete('/team/holds/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) return badId(c);
    const session = c.get('session');
    const feed = feedOf(session);
    const member = memberOf(session);
    const requestId = id.toLowerCase();
    const result = await ctx.holds.release(feed, requestId, member, isQcManager(ctx, session));
    if (result === 'none') return errorResponse(c, 404, `no hold on QC request ${requestId}`);
    if (result === 'held-by-other') {
      return errorResponse(c, 403, 'only a QC manager may release another reviewer’s hold');
    }
    publishQueueChange(ctx, feed, { kind: 'released', requestId, by: member });
    return c.body(null, 204);
  });

  routes.get('/team/history/:id', async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) return badId(c);
    const feed = feedOf(c.get('session'));
    const requestId = id.toLowerCase();
    const history: RequestHistory = {
      decisions: await ctx.decisions.forRequest(feed, requestId),
      takeOvers: await ctx.holds.takeOvers(feed, requestId),
      findings: await ctx.findings.forRequest(feed, requestId),
    };
    return noStore(c, history);
  });

  routes.get('/team/decisions.csv', async (c) => {
    const session = c.get('session');
    if (!isQcManager(ctx, session)) {
      return errorResponse(c, 403, 'the decision history is for QC managers');
    }
    const range = parseRange(c.req.query('from'), c.req.query('to'));
    if ('error' in range) return errorResponse(c, 400, range.error);
    const feed = feedOf(session);
    const decisions = await ctx.decisions.between(feed, range.from, range.to);
    // A finding is raised at its decision's time (ADR 029): the range's findings are its
    // decisions' findings.
    const findings = await ctx.findings.raisedBetween(feed, range.from, range.to);
    const machine = await ctx.checks.results(feed, [...new Set(decisions.map((d) => d.requestId))]);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${range.name}"`);
    return c.body(decisionsCsv(decisions, findings, machine), 200);
  });

  return routes;
}

/** Signing out ends the member's holds, and every open queue hears of it. */
export async function releaseHoldsOf(ctx: GatewayContext, session: SessionRecord) {
  const feed = feedOf(session);
  const member = memberOf(session);
  for (const requestId of await ctx.holds.releaseAll(feed, member.id)) {
    publishQueueChange(ctx, feed, { kind: 'released', requestId, by: member });
  }
}
