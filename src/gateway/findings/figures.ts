import { byText } from '../../shared/text-order.ts';
import type {
  CategoryCount,
  DefectRate,
  FindingFigures,
  WeekRate,
} from '../../contract/findings.ts';
import type { DecisionRecord } from '../../contract/team.ts';
import { addDays, dayIn, mondayOf } from '../qc-management/time.ts';
import { decidedAt } from '../reviews/decided-at.ts';
import type { FindingFact } from './store.ts';

// The team view's findings figures (ADR 029, `TeamStats.findings`), pure: the route reads
// the decisions and the findings' facts, this counts them. A decision has a defect when one
// of its findings was not withdrawn, a critical defect when one of those is critical; the
// defect rate is the share of decisions with a defect. Days and weeks (from Monday) are in
// the view's time zone, as the rest of the team's figures (ADR 021).

/** Weeks in the trend, the last one holding the range's last day. */
export const TREND_WEEKS = 13;

export interface FiguresInput {
  /** The range's days (YYYY-MM-DD, both included) and its time zone. */
  from: string;
  to: string;
  tz: string;
  /** Decisions of a window holding the range's and the trend's days (filtered here by day). */
  decisions: DecisionRecord[];
  /** The facts of the findings those decisions raised (more is fine: matched by decision). */
  findings: FindingFact[];
  /** Open findings past their due date, now. */
  overdue: number;
  /** The actor role whose user is the request's notary. */
  notaryRole: string;
}

/** The first day of the trend: the Monday twelve weeks before the one holding `to`. */
export const trendStart = (to: string) => addDays(mondayOf(to), -7 * (TREND_WEEKS - 1));

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

interface Judged {
  decision: DecisionRecord;
  day: string;
  /** The findings the decision raised that count. */
  own: FindingFact[];
  defect: boolean;
  critical: boolean;
}

function tally(judged: readonly Judged[]) {
  const decisions = judged.length;
  const withDefect = judged.filter((j) => j.defect).length;
  const withCritical = judged.filter((j) => j.critical).length;
  return {
    decisions,
    withDefect,
    withCritical,
    defectRate: rate(withDefect, decisions),
    criticalRate: rate(withCritical, decisions),
  };
}

/** One rate per key (a decision may have several keys, or none); most decisions first. */
function rates(judged: readonly Judged[], keysOf: (d: DecisionRecord) => string[]): DefectRate[] {
  const groups = new Map<string, Judged[]>();
  for (const j of judged) {
    for (const key of new Set(keysOf(j.decision))) {
      const group = groups.get(key);
      if (group) group.push(j);
      else groups.set(key, [j]);
    }
  }
  return [...groups]
    .map(([key, group]) => ({ key, ...tally(group) }))
    .sort((a, b) => b.decisions - a.decisions || byText(a.key, b.key));
}

export function findingFigures(input: FiguresInput): FindingFigures {
  const day = dayIn(input.tz);
  // A decision's findings by its request, then its instant: the decisions are the same
  // records on every load of the team view, their request ids strings already hashed.
  const byRequest = new Map<string, FindingFact[]>();
  for (const fact of input.findings) {
    if (fact.state === 'withdrawn') continue;
    const own = byRequest.get(fact.requestId);
    if (own) own.push(fact);
    else byRequest.set(fact.requestId, [fact]);
  }
  const first = trendStart(input.to);
  const judged: Judged[] = [];
  for (const decision of input.decisions) {
    const at = decidedAt(decision);
    const on = day(at);
    if (on > input.to || (on < input.from && on < first)) continue;
    const own = byRequest.get(decision.requestId)?.filter((f) => f.decidedAt === at) ?? [];
    judged.push({
      decision,
      day: on,
      own,
      defect: own.length > 0,
      critical: own.some((f) => f.severity === 'critical'),
    });
  }
  const range = judged.filter((j) => j.day >= input.from);

  // Each decision into its week of the trend in one pass (a week's days are its Monday's
  // first seven, and there are 91 of them at most).
  const weekStarts = Array.from({ length: TREND_WEEKS }, (_, n) => addDays(first, 7 * n));
  const weekOfDay = new Map<string, number>();
  weekStarts.forEach((start, n) => {
    for (let d = 0; d < 7; d++) weekOfDay.set(addDays(start, d), n);
  });
  const inWeek = weekStarts.map((): Judged[] => []);
  for (const j of judged) {
    const n = weekOfDay.get(j.day);
    if (n !== undefined) inWeek[n]!.push(j);
  }
  const trend: WeekRate[] = weekStarts.map((weekStart, n) => ({
    weekStart,
    ...tally(inWeek[n]!),
  }));

  const categories = new Map<string, CategoryCount>();
  for (const j of range) {
    for (const fact of j.own) {
      const row = categories.get(fact.category) ?? {
        category: fact.category,
        critical: 0,
        major: 0,
        minor: 0,
      };
      categories.set(fact.category, row);
      row[fact.severity] += 1;
    }
  }

  const notaries = (d: DecisionRecord) =>
    (d.actors ?? []).filter((a) => a.roleId === input.notaryRole).map((a) => a.userId);
  return {
    overall: { key: 'all', ...tally(range) },
    byProcess: rates(range, (d) => (d.processName ? [d.processName] : [])),
    byFirm: rates(range, (d) => (d.firmId ? [d.firmId] : [])),
    byNotary: rates(range, notaries),
    byReviewer: rates(range, (d) => [d.decidedBy.id]),
    trend,
    // Most critical first, then most findings.
    categories: [...categories.values()].sort(
      (a, b) =>
        b.critical - a.critical ||
        b.critical + b.major + b.minor - (a.critical + a.major + a.minor) ||
        byText(a.category, b.category),
    ),
    overdue: input.overdue,
  };
}
