import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  ProcessSettingsBodySchema,
  ESCALATION_DAYS_DEFAULT,
  RESPONSE_DAYS_DEFAULT,
  SAMPLE_STATES,
  SampleOutcomeBodySchema,
  SecondReviewBodySchema,
  type ProcessSettings,
  type ProcessSettingsList,
  type Sample,
  type SampleList,
  type SampleState,
} from '../../contract/qc-management.ts';
import type { z } from '../../contract/zod.ts';
import type { AppEnv, GatewayContext } from '../context.ts';
import { EXPORT_LIMIT } from '../reviews/decisions.ts';
import { errorResponse } from '../errors.ts';
import { limitBody, noStore } from '../http/answers.ts';
import { jsonBody } from '../http/json-body.ts';
import { secondReview, shown } from './sampling.ts';
import { teamStats, thisWeek } from './stats.ts';
import { decidedAt } from '../reviews/decided-at.ts';
import { findingFigures, trendStart } from '../findings/figures.ts';
import { isTimeZone, windowOf } from './time.ts';
import { findProcess } from './upstream.ts';
import { requireSession } from '../session/session-auth.ts';
import { parseRange } from '../reviews/decisions-csv.ts';
import { feedOf, isQcManager, memberOf, publishQueueChange } from '../reviews/reviews.ts';
import { requireQcReader } from '../reviews/reviews.routes.ts';

// QC management over HTTP (ADR 021): per-process settings, second-review samples and the
// team's figures. The gateway's own state; the upstream is asked only whether a process is
// the owner's when its settings are saved.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function managementRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();
  const session = requireSession(ctx);
  // reviews.routes.ts loads the session for every /team/* path already when mounted first;
  // this keeps these routes safe on their own without loading it twice.
  const signedIn: MiddlewareHandler<AppEnv> = (c, next) =>
    c.get('session') ? next() : session(c, next);
  const reader = requireQcReader(ctx);
  const manager: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!isQcManager(ctx, c.get('session')))
      return errorResponse(c, 403, 'this is for QC managers');
    await next();
  };
  for (const path of ['/team/settings', '/team/samples', '/team/stats']) {
    routes.use(path, signedIn, reader);
    routes.use(`${path}/*`, signedIn, reader);
  }
  const sampleId = (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    return UUID.test(id) ? id.toLowerCase() : undefined;
  };
  const badId = (c: Context) => errorResponse(c, 400, 'the QC request id must be a UUID');
  const unknown = (c: Context, id: string) =>
    errorResponse(c, 404, `no sample of QC request ${id}`);

  /** A change to the path's sample: the sample and the body, or the answer refusing them. */
  const sampleChange = async <S extends z.ZodMiniType>(
    c: Context<AppEnv>,
    schema: S,
  ): Promise<
    { ok: true; sample: Sample; data: z.output<S> } | { ok: false; response: Response }
  > => {
    const id = sampleId(c);
    if (!id) return { ok: false, response: badId(c) };
    const body = await jsonBody(c, schema);
    if (!body.ok) return body;
    const sample = await ctx.management.getSample(feedOf(c.get('session')), id);
    if (!sample) return { ok: false, response: unknown(c, id) };
    return { ok: true, sample, data: body.data };
  };

  routes.get('/team/settings', async (c) => {
    const processes = await ctx.management.listSettings(feedOf(c.get('session')));
    const list: ProcessSettingsList = { processes };
    return noStore(c, list);
  });

  // Room for 200 items' severities under names of the longest allowed (about 100 kB).
  routes.put('/team/settings/:processId', manager, limitBody(128 * 1024), async (c) => {
    const processId = c.req.param('processId');
    if (!UUID.test(processId)) return errorResponse(c, 400, 'the process id must be a UUID');
    const body = await jsonBody(c, ProcessSettingsBodySchema);
    if (!body.ok) return body.response;
    const s = c.get('session');
    const found = await findProcess(ctx, s, processId.toLowerCase());
    if (found.status === 404) return errorResponse(c, 404, `QC process ${processId} not found`);
    if (found.status === 502) {
      ctx.log(`could not look up QC process ${processId}: ${found.reason}`);
      return errorResponse(c, 502, 'the service did not answer for this QC process');
    }
    const processKey = found.process.id.toLowerCase();
    // Findings' settings left out keep what was saved (ADR 029): a form without them
    // changes neither.
    const saved = await ctx.management.getSettings(feedOf(s), processKey);
    // The binding likewise; null removes it, so the suggested checks hold again.
    const checks = body.data.checks === null ? undefined : (body.data.checks ?? saved?.checks);
    const settings: ProcessSettings = {
      processId: processKey,
      processName: found.process.displayName,
      targetAgeHours: body.data.targetAgeHours,
      samplePercent: body.data.samplePercent,
      responseDays: body.data.responseDays ?? saved?.responseDays ?? RESPONSE_DAYS_DEFAULT,
      escalationDays: body.data.escalationDays ?? saved?.escalationDays ?? ESCALATION_DAYS_DEFAULT,
      severities: body.data.severities ?? saved?.severities ?? {},
      ...(checks && { checks }),
      updatedBy: memberOf(s),
      updatedOn: new Date(ctx.now()).toISOString(),
    };
    await ctx.management.putSettings(feedOf(s), settings);
    return noStore(c, settings);
  });

  routes.get('/team/samples', async (c) => {
    const state = c.req.query('state') ?? 'open';
    if (state !== 'all' && !(SAMPLE_STATES as readonly string[]).includes(state)) {
      return errorResponse(c, 400, `state must be one of ${SAMPLE_STATES.join(', ')}, all`);
    }
    const s = c.get('session');
    const samples = await ctx.management.listSamples(
      feedOf(s),
      state as SampleState | 'all',
      memberOf(s).id,
    );
    const list: SampleList = { samples: samples.map(shown) };
    return noStore(c, list);
  });

  routes.get('/team/samples/:id', async (c) => {
    const id = sampleId(c);
    if (!id) return badId(c);
    const sample = await ctx.management.getSample(feedOf(c.get('session')), id);
    return sample ? noStore(c, shown(sample)) : unknown(c, id);
  });

  /** Saves `next` if the sample is still `from`, tells the team, and answers it. */
  const move = async (c: Context<AppEnv>, from: SampleState, next: Sample) => {
    const feed = feedOf(c.get('session'));
    if (!(await ctx.management.moveSample(feed, from, next))) {
      return errorResponse(c, 409, 'someone else settled this sample first');
    }
    publishQueueChange(ctx, feed, {
      kind: 'sampled',
      requestId: next.requestId,
      state: next.state,
    });
    return noStore(c, shown(next));
  };

  routes.put('/team/samples/:id/review', limitBody(512 * 1024), async (c) => {
    const change = await sampleChange(c, SecondReviewBodySchema);
    if (!change.ok) return change.response;
    const on = new Date(ctx.now()).toISOString();
    const result = secondReview(change.sample, change.data, memberOf(c.get('session')), on);
    if (!result.ok) return errorResponse(c, result.status, result.message);
    return move(c, 'open', result.sample);
  });

  routes.put('/team/samples/:id/outcome', manager, limitBody(16 * 1024), async (c) => {
    const change = await sampleChange(c, SampleOutcomeBodySchema);
    if (!change.ok) return change.response;
    const { sample, data } = change;
    if (sample.state !== 'flagged') {
      return errorResponse(
        c,
        409,
        `only a flagged sample takes an outcome; this one is ${sample.state}`,
      );
    }
    const outcome = {
      by: memberOf(c.get('session')),
      on: new Date(ctx.now()).toISOString(),
      action: data.action,
      note: data.note.trim(),
    };
    return move(c, 'flagged', { ...sample, state: 'resolved', outcome });
  });

  routes.get('/team/stats', manager, async (c) => {
    const from = c.req.query('from');
    const to = c.req.query('to');
    const range = parseRange(from, to);
    if ('error' in range || !from || !to) {
      return errorResponse(c, 400, 'error' in range ? range.error : 'from and to are required');
    }
    const tz = c.req.query('tz') ?? 'UTC';
    if (!isTimeZone(tz))
      return errorResponse(c, 400, 'tz must be a time zone such as Europe/Paris');
    const feed = feedOf(c.get('session'));
    const now = ctx.now();
    const window = windowOf(from, to);
    // The range's days and the findings' 13-week trend, which may reach further back.
    const wide = windowOf(trendStart(to) < from ? trendStart(to) : from, to);
    // The reads are independent: asked at once, the view waits for the slowest, not the sum.
    const [rangeDecisions, samples, openFlags, findingFacts, overdue] = await Promise.all([
      ctx.decisions.between(feed, wide.start, wide.end),
      ctx.management.samplesBetween(feed, window.start, window.end),
      ctx.management.countSamples(feed, 'flagged'),
      ctx.findings.factsBetween(feed, wide.start, wide.end),
      ctx.findings.countOverdue(feed, now),
    ]);
    const truncated = rangeDecisions.length >= EXPORT_LIMIT;
    const week = thisWeek(tz, now);
    const weekWindow = windowOf(week.from, week.to);
    // This week's, from the range's when it holds all of them: each is read and checked
    // against its schema, and a busy team's week is thousands (the team view, every few
    // seconds, for each manager).
    const inRange = !truncated && weekWindow.start >= wide.start && weekWindow.end <= wide.end;
    const recentDecisions = inRange
      ? rangeDecisions.filter((d) => {
          const at = decidedAt(d);
          return at >= weekWindow.start && at < weekWindow.end;
        })
      : await ctx.decisions.between(feed, weekWindow.start, weekWindow.end);
    const stats = teamStats({
      from,
      to,
      tz,
      now,
      rangeDecisions,
      recentDecisions,
      samples,
      openFlags,
      truncated,
      notaryRole: ctx.notaryRole,
    });
    const findings = findingFigures({
      from,
      to,
      tz,
      decisions: rangeDecisions,
      findings: findingFacts,
      overdue,
      notaryRole: ctx.notaryRole,
    });
    return noStore(c, { ...stats, findings });
  });

  return routes;
}
