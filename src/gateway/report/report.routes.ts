import { Hono, type MiddlewareHandler } from 'hono';
import {
  CorrectiveActionBodySchema,
  ReportQuerySchema,
  ReportRecipientsSchema,
} from '../../contract/report.ts';
import type { AppEnv, GatewayContext } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { limitBody, noStore } from '../http/answers.ts';
import { jsonBody } from '../http/json-body.ts';
import { feedOf, isQcManager, memberOf } from '../reviews/reviews.ts';
import { requireSession } from '../session/session-auth.ts';
import { upstreamGet } from '../upstream/upstream-get.ts';
import { UUID } from '../upstream/qc-request-upstream.ts';
import { buildReport } from './build.ts';
import { periodOf } from './period.ts';
import { reportCsv } from './report-csv.ts';
import { reportPdf } from './report-pdf.ts';

// The QC report and the corrective actions (ADR 041), for QC managers: the report as JSON,
// CSV or PDF, and the actions recorded against a month.

export function reportRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();
  const actions = ctx.correctiveActions;
  const manager: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!isQcManager(ctx, c.get('session'))) {
      return errorResponse(c, 403, 'the QC report and its corrective actions are for QC managers');
    }
    await next();
  };
  for (const path of [
    '/team/report',
    '/team/report-recipients',
    '/team/corrective-actions',
    '/team/corrective-actions/*',
  ]) {
    routes.use(path, requireSession(ctx), manager);
  }

  routes.get('/team/report', async (c) => {
    const query = ReportQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      const issue = query.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      return errorResponse(c, 400, `${where}${issue?.message ?? 'bad query'}`);
    }
    const session = c.get('session');
    const feed = feedOf(session);
    const report = await buildReport(
      ctx,
      feed,
      query.data.period,
      {
        process: query.data.process ?? null,
        firm: query.data.firm ?? null,
        notary: query.data.notary ?? null,
      },
      (path) => upstreamGet(ctx, session, path),
    );
    const period = periodOf(query.data.period);
    const name = `qc-report-${session.owner}-${period.period}`;
    if (query.data.format === 'csv') {
      return new Response(`\uFEFF${reportCsv(report)}`, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${name}.csv"`,
          'cache-control': 'no-store',
        },
      });
    }
    if (query.data.format === 'pdf') {
      const pdf = await reportPdf(report, session.owner);
      return new Response(pdf as Uint8Array<ArrayBuffer>, {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${name}.pdf"`,
          'cache-control': 'no-store',
        },
      });
    }
    return noStore(c, report);
  });

  routes.get('/team/report-recipients', async (c) => {
    return noStore(c, { recipients: await actions.recipients(feedOf(c.get('session'))) });
  });

  routes.put('/team/report-recipients', limitBody(16 * 1024), async (c) => {
    const body = await jsonBody(c, ReportRecipientsSchema);
    if (!body.ok) return body.response;
    const recipients = [...new Set(body.data.recipients.map((r) => r.toLowerCase()))];
    await actions.setRecipients(feedOf(c.get('session')), recipients);
    return noStore(c, { recipients });
  });

  routes.get('/team/corrective-actions', async (c) => {
    const month = c.req.query('month');
    if (!month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
      return errorResponse(c, 400, 'month: a month such as 2026-11');
    }
    const feed = feedOf(c.get('session'));
    const list = (await actions.upTo(feed, month)).filter(
      (a) => a.month === month || a.status !== 'done',
    );
    return noStore(c, { actions: list });
  });

  routes.post('/team/corrective-actions', limitBody(16 * 1024), async (c) => {
    const body = await jsonBody(c, CorrectiveActionBodySchema);
    if (!body.ok) return body.response;
    const session = c.get('session');
    return noStore(c, await actions.put(feedOf(session), body.data, memberOf(session)), 201);
  });

  routes.put('/team/corrective-actions/:id', limitBody(16 * 1024), async (c) => {
    const id = c.req.param('id');
    const feed = feedOf(c.get('session'));
    if (!UUID.test(id) || !(await actions.get(feed, id))) {
      return errorResponse(c, 404, `no corrective action ${id}`);
    }
    const body = await jsonBody(c, CorrectiveActionBodySchema);
    if (!body.ok) return body.response;
    return noStore(c, await actions.put(feed, body.data, memberOf(c.get('session')), id));
  });

  return routes;
}
