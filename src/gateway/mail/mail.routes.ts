import { Hono, type MiddlewareHandler } from 'hono';
import { MailIdSchema, MailPreferenceBodySchema, type MailList } from '../../contract/mail.ts';
import type { AppEnv, GatewayContext } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { limitBody, noStore } from '../http/answers.ts';
import { jsonBody } from '../http/json-body.ts';
import { requireSession } from '../session/session-auth.ts';
import { feedOf, isQcManager, memberOf } from '../reviews/reviews.ts';

// Findings by e-mail (ADR 040): each person's choice of how often (anyone signed in as a
// person: a notary too, so mounted before the reviews' /team/* rules), and the e-mails sent
// for the session's feed, with a resend, for QC managers beside the notices.

const PAGE = 100;

export function mailRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();
  const manager: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!isQcManager(ctx, c.get('session'))) {
      return errorResponse(c, 403, 'the e-mails sent for findings are for QC managers');
    }
    await next();
  };
  for (const path of ['/team/mail-preference', '/team/mails', '/team/mails/*']) {
    routes.use(path, requireSession(ctx));
  }
  routes.use('/team/mails', manager);
  routes.use('/team/mails/*', manager);

  routes.get('/team/mail-preference', async (c) => {
    const session = c.get('session');
    if (!session.user) return errorResponse(c, 403, 'a client without a user gets no e-mail');
    return noStore(c, await ctx.mail.preference(feedOf(session), memberOf(session)));
  });

  routes.put('/team/mail-preference', limitBody(4 * 1024), async (c) => {
    const session = c.get('session');
    if (!session.user) return errorResponse(c, 403, 'a client without a user gets no e-mail');
    const body = await jsonBody(c, MailPreferenceBodySchema);
    if (!body.ok) return body.response;
    const feed = feedOf(session);
    await ctx.mail.choose(feed, memberOf(session), body.data.choice);
    return noStore(c, await ctx.mail.preference(feed, memberOf(session)));
  });

  routes.get('/team/mails', async (c) => {
    const extra = Object.keys(c.req.query()).filter((key) => key !== 'limit');
    if (extra.length > 0) return errorResponse(c, 400, `unknown query: ${extra.join(', ')}`);
    const raw = c.req.query('limit');
    const limit = raw === undefined ? PAGE : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > PAGE) {
      return errorResponse(c, 400, `limit must be 1 to ${PAGE}`);
    }
    const list: MailList = {
      configured: ctx.mail.configured,
      mails: await ctx.mail.list(feedOf(c.get('session')), limit),
    };
    return noStore(c, list);
  });

  routes.post('/team/mails/:id/resend', async (c) => {
    const id = c.req.param('id');
    const unknown = () => errorResponse(c, 404, `no e-mail ${id}`);
    if (!MailIdSchema.safeParse(id).success) return unknown();
    const feed = feedOf(c.get('session'));
    if (!ctx.mail.configured) {
      return errorResponse(c, 409, 'ATTEST_SMTP_URL is not set: there is nowhere to send it');
    }
    const result = await ctx.mail.resend(feed, id);
    if (result === 'unknown') return unknown();
    if (result === 'waiting') {
      return errorResponse(c, 409, 'this e-mail is still waiting to be sent: it goes by itself');
    }
    const [mail] = (await ctx.mail.list(feed, PAGE)).filter((one) => one.id === id);
    return noStore(c, mail, 202);
  });

  return routes;
}
