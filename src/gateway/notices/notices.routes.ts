import { Hono, type MiddlewareHandler } from 'hono';
import {
  NOTICE_PAGE_DEFAULT,
  NOTICE_PAGE_MAX,
  NoticeIdSchema,
  NoticeQuerySchema,
  type NoticeList,
} from '../../contract/notices.ts';
import type { AppEnv, GatewayContext } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { noStore } from '../http/answers.ts';
import { requireSession } from '../session/session-auth.ts';
import { feedOf, isQcManager } from '../reviews/reviews.ts';

// The notices the gateway sent for the session's feed (ADR 030), for QC managers: the list
// with every attempt, and a redelivery. The outbox itself is notices.ts.

export function noticeRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();
  const session = requireSession(ctx);
  // reviews.routes.ts loads the session for every /team/* path already when mounted first;
  // this keeps these routes safe on their own without loading it twice.
  const signedIn: MiddlewareHandler<AppEnv> = (c, next) =>
    c.get('session') ? next() : session(c, next);
  const manager: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!isQcManager(ctx, c.get('session'))) {
      return errorResponse(c, 403, 'the notices sent for findings are for QC managers');
    }
    await next();
  };
  routes.use('/team/notices', signedIn, manager);
  routes.use('/team/notices/*', signedIn, manager);

  routes.get('/team/notices', async (c) => {
    const query = NoticeQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      const issue = query.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return errorResponse(c, 400, `${where}${issue?.message ?? 'bad query'}`);
    }
    const limit = query.data.limit === undefined ? NOTICE_PAGE_DEFAULT : Number(query.data.limit);
    if (limit < 1 || limit > NOTICE_PAGE_MAX) {
      return errorResponse(c, 400, `limit must be 1 to ${NOTICE_PAGE_MAX}`);
    }
    const cursor = query.data.cursor === undefined ? undefined : Number(query.data.cursor);
    const page = await ctx.notices.list(feedOf(c.get('session')), { limit, cursor });
    const list: NoticeList = {
      configured: ctx.notices.configured,
      endpoint: ctx.notices.endpoint,
      ...page,
    };
    return noStore(c, list);
  });

  routes.post('/team/notices/:id/redeliver', async (c) => {
    const id = c.req.param('id');
    const unknown = () => errorResponse(c, 404, `no notice ${id}`);
    if (!NoticeIdSchema.safeParse(id).success) return unknown();
    const feed = feedOf(c.get('session'));
    if (!ctx.notices.configured) {
      // Kept from a start that had a URL: there is nowhere to send it now.
      if (!(await ctx.notices.byId(feed, id))) return unknown();
      return errorResponse(c, 409, 'ATTEST_NOTICE_URL is not set: there is nowhere to send it');
    }
    const result = await ctx.notices.redeliver(feed, id);
    if (result.kind === 'unknown') return unknown();
    if (result.kind === 'sending') {
      return errorResponse(c, 409, 'this notice is being sent right now: look again shortly');
    }
    return noStore(c, result.notice, 202);
  });

  return routes;
}
