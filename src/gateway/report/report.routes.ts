import { Hono, type MiddlewareHandler } from 'hono';
import { FirmListSchema } from '../../contract/accounts.ts';
import {
  CorrectiveActionBodySchema,
  ReportQuerySchema,
  type QcReport,
} from '../../contract/report.ts';
import { UserListSchema } from '../../contract/users.ts';
import type { AppEnv, GatewayContext } from '../context.ts';
import { errorResponse } from '../errors.ts';
import { limitBody, noStore } from '../http/answers.ts';
import { jsonBody } from '../http/json-body.ts';
import { EXPORT_LIMIT } from '../reviews/decisions.ts';
import { feedOf, isQcManager, memberOf } from '../reviews/reviews.ts';
import { requireSession } from '../session/session-auth.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { upstreamGet } from '../upstream/upstream-get.ts';
import { UUID } from '../upstream/qc-request-upstream.ts';
import { qcReport } from './figures.ts';
import { addMonths, periodOf } from './period.ts';
import { reportCsv } from './report-csv.ts';
import { reportPdf } from './report-pdf.ts';

// The QC report and the corrective actions (ADR 041), for QC managers: the report as JSON,
// CSV or PDF, and the actions recorded against a month.

/** The owner's users' and firms' names, as the session may read them; ids where it may not. */
async function namesFor(ctx: GatewayContext, session: SessionRecord) {
  const names = new Map<string, string>();
  const owner = encodeURIComponent(session.owner);
  const read = async <T>(path: string, parse: (body: unknown) => T | undefined) => {
    const response = await upstreamGet(ctx, session, path).catch(() => undefined);
    if (!response?.ok) {
      await response?.body?.cancel().catch(() => {});
      return undefined;
    }
    return parse(await response.json().catch(() => undefined));
  };
  const users = await read(
    `/users/v1/users?owner=${owner}&limit=500`,
    (b) => UserListSchema.safeParse(b).data,
  );
  for (const user of users?.users ?? []) names.set(user.id, user.displayName);
  const firms = await read(
    `/accounts/v1/firms?owner=${owner}&limit=500`,
    (b) => FirmListSchema.safeParse(b).data,
  );
  for (const firm of firms?.firms ?? []) names.set(firm.firmId, firm.name);
  return names;
}

export function reportRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();
  const actions = ctx.correctiveActions;
  const manager: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!isQcManager(ctx, c.get('session'))) {
      return errorResponse(c, 403, 'the QC report and its corrective actions are for QC managers');
    }
    await next();
  };
  for (const path of ['/team/report', '/team/corrective-actions', '/team/corrective-actions/*']) {
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
    const period = periodOf(query.data.period);
    const start = Date.parse(`${addMonths(period.months[0] as string, -3)}-01T00:00:00Z`);
    const end = Date.parse(`${period.to}T00:00:00Z`) + 86_400_000;
    const decisions = await ctx.decisions.between(feed, start, end);
    const report: QcReport = {
      ...qcReport({
        owner: session.owner,
        period,
        scope: {
          process: query.data.process ?? null,
          firm: query.data.firm ?? null,
          notary: query.data.notary ?? null,
        },
        decisions,
        findings: await ctx.findings.withDecisionBetween(feed, start, end),
        actions: await actions.upTo(feed, period.months.at(-1) as string),
        names: await namesFor(ctx, session),
        notaryRole: ctx.notaryRole,
        now: ctx.now(),
        truncated: decisions.length >= EXPORT_LIMIT,
      }),
      generatedOn: new Date(ctx.now()).toISOString(),
    };
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
