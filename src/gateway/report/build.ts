import { FirmListSchema } from '../../contract/accounts.ts';
import type { QcReport } from '../../contract/report.ts';
import { UserListSchema } from '../../contract/users.ts';
import type { GatewayContext } from '../context.ts';
import type { Feed } from '../events/event-log.ts';
import { EXPORT_LIMIT } from '../reviews/decisions.ts';
import { qcReport, type ReportInput } from './figures.ts';
import { addMonths, periodOf } from './period.ts';

// A QC report read from the gateway's store (ADR 041), for the route (asked as a manager's
// session) and for the monthly e-mail (asked with the owner's mail client).

/** `GET {service}{path}` as whoever asks: a session, or the owner's mail client. */
export type ServiceGet = (path: string) => Promise<Response | undefined>;

/** The owner's users' and firms' names, as the asker may read them; ids where it may not. */
async function namesFor(owner: string, get: ServiceGet): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const read = async <T>(path: string, parse: (body: unknown) => T | undefined) => {
    const response = await get(path).catch(() => undefined);
    if (!response?.ok) {
      await response?.body?.cancel().catch(() => {});
      return undefined;
    }
    return parse(await response.json().catch(() => undefined));
  };
  const query = `owner=${encodeURIComponent(owner)}&limit=500`;
  const users = await read(`/users/v1/users?${query}`, (b) => UserListSchema.safeParse(b).data);
  for (const user of users?.users ?? []) names.set(user.id, user.displayName);
  const firms = await read(`/accounts/v1/firms?${query}`, (b) => FirmListSchema.safeParse(b).data);
  for (const firm of firms?.firms ?? []) names.set(firm.firmId, firm.name);
  return names;
}

export async function buildReport(
  ctx: Pick<GatewayContext, 'decisions' | 'findings' | 'correctiveActions' | 'notaryRole' | 'now'> &
    Partial<Pick<GatewayContext, 'checks'>>,
  feed: Feed,
  periodText: string,
  scope: ReportInput['scope'],
  get: ServiceGet,
): Promise<QcReport> {
  const period = periodOf(periodText);
  const start = Date.parse(`${addMonths(period.months[0] as string, -3)}-01T00:00:00Z`);
  const end = Date.parse(`${period.to}T00:00:00Z`) + 86_400_000;
  const decisions = await ctx.decisions.between(feed, start, end);
  return {
    ...qcReport({
      owner: feed.owner,
      period,
      scope,
      decisions,
      findings: await ctx.findings.withDecisionBetween(feed, start, end),
      actions: await ctx.correctiveActions.upTo(feed, period.months.at(-1) as string),
      names: await namesFor(feed.owner, get),
      notaryRole: ctx.notaryRole,
      now: ctx.now(),
      truncated: decisions.length >= EXPORT_LIMIT,
      machine: await ctx.checks?.results(feed, [...new Set(decisions.map((d) => d.requestId))]),
    }),
    generatedOn: new Date(ctx.now()).toISOString(),
  };
}
