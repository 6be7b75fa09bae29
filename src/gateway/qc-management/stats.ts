import { byText } from '../../shared/text-order.ts';
import type {
  DefectGroup,
  DefectRow,
  ReviewerThroughput,
  Sample,
  TeamStats,
} from '../../contract/qc-management.ts';
import type { DecisionRecord, TeamMember } from '../../contract/team.ts';
import { decidedAt } from '../reviews/decided-at.ts';
import { dayIn, daysFrom, mondayOf } from './time.ts';

// The team's figures (ADR 021, GET /team/stats) from the decision history and the samples.
// Pure: the route reads the records, this counts them. Days are in the view's time zone.

export interface StatsInput {
  /** The range's days (YYYY-MM-DD, both included) and its time zone. */
  from: string;
  to: string;
  tz: string;
  now: number;
  /** Decisions of a window holding the range's days (more is fine: filtered by day here). */
  rangeDecisions: DecisionRecord[];
  /** Decisions of a window holding this week's days, Monday to today. */
  recentDecisions: DecisionRecord[];
  /** Samples of a window holding the range's days. */
  samples: Sample[];
  openFlags: number;
  truncated: boolean;
  /** The actor role whose user is the request's notary. */
  notaryRole: string;
}

/** The most request ids a defect row lists. */
export const DEFECT_REQUEST_IDS = 100;
export const TEAM: TeamMember = { id: 'team', name: 'Team' };

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const minutes = (ms: number) => Math.round(ms / 6_000) / 10;

/** The middle value; the mean of the two middle ones for an even count. */
export function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 ? upper : ((sorted[mid - 1] ?? 0) + upper) / 2;
}

/**
 * The 90th percentile by nearest rank: the smallest value with at least 90% of the values at
 * or below it (no interpolation, so it is always a time someone actually took).
 */
export function p90(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.ceil(0.9 * sorted.length) - 1] ?? null;
}

/** Opened to decided, in ms; undefined when not known. */
type TimeTaken = (d: DecisionRecord) => number | undefined;

function throughput(
  member: TeamMember,
  inRange: DecisionRecord[],
  today: number,
  week: number,
  took: TimeTaken,
): ReviewerThroughput {
  const approved = inRange.filter((d) => d.status === 'approved').length;
  const rejected = inRange.length - approved;
  const times: number[] = [];
  for (const d of inRange) {
    const ms = took(d);
    if (ms !== undefined && ms >= 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const mid = median(times);
  const high = p90(times);
  return {
    member,
    today,
    week,
    decisions: inRange.length,
    approved,
    rejected,
    approvalRate: rate(approved, inRange.length),
    rejectionRate: rate(rejected, inRange.length),
    medianMinutes: mid === null ? null : minutes(mid),
    p90Minutes: high === null ? null : minutes(high),
  };
}

/**
 * Each item's failures among the decisions that checked it (approved or rejected; an item
 * found not applicable was not checked). Worst rate first, then most failures. `newestFirst`
 * orders the request ids.
 */
export function defectRows(newestFirst: DecisionRecord[]): DefectRow[] {
  const rows = new Map<string, { failed: number; reviewed: number; ids: Set<string> }>();
  for (const decision of newestFirst) {
    for (const item of decision.items) {
      if (item.status !== 'approved' && item.status !== 'rejected') continue;
      let row = rows.get(item.displayName);
      if (!row) rows.set(item.displayName, (row = { failed: 0, reviewed: 0, ids: new Set() }));
      row.reviewed += 1;
      if (item.status !== 'rejected') continue;
      row.failed += 1;
      if (row.ids.size < DEFECT_REQUEST_IDS) row.ids.add(decision.requestId);
    }
  }
  return [...rows]
    .map(([displayName, row]) => ({
      displayName,
      failed: row.failed,
      reviewed: row.reviewed,
      rate: rate(row.failed, row.reviewed),
      requestIds: [...row.ids],
    }))
    .sort(
      (a, b) =>
        (b.rate ?? 0) - (a.rate ?? 0) ||
        b.failed - a.failed ||
        byText(a.displayName, b.displayName),
    );
}

/** Defects per key (a decision may have several keys, or none); most decisions first. */
function defectGroups(
  newestFirst: DecisionRecord[],
  keysOf: (d: DecisionRecord) => string[],
): DefectGroup[] {
  const groups = new Map<string, DecisionRecord[]>();
  for (const decision of newestFirst) {
    for (const key of new Set(keysOf(decision))) {
      const group = groups.get(key);
      if (group) group.push(decision);
      else groups.set(key, [decision]);
    }
  }
  return [...groups]
    .map(([key, decisions]) => ({ key, decisions: decisions.length, rows: defectRows(decisions) }))
    .sort((a, b) => b.decisions - a.decisions || byText(a.key, b.key));
}

function byMember(decisions: DecisionRecord[]): Map<string, DecisionRecord[]> {
  const members = new Map<string, DecisionRecord[]>();
  for (const d of decisions) {
    const mine = members.get(d.decidedBy.id);
    if (mine) mine.push(d);
    else members.set(d.decidedBy.id, [d]);
  }
  return members;
}

function calibration(samples: Sample[]): TeamStats['calibration'] {
  const reviewers = new Map<
    string,
    { member: TeamMember; sampled: number; reviewed: number; compared: number; agreed: number }
  >();
  const items = new Map<string, { compared: number; agreed: number }>();
  for (const sample of samples) {
    const member = sample.firstReview?.decidedBy;
    if (!member) continue;
    const row = reviewers.get(member.id) ?? {
      member,
      sampled: 0,
      reviewed: 0,
      compared: 0,
      agreed: 0,
    };
    reviewers.set(member.id, row);
    row.sampled += 1;
    if (!sample.comparison) continue;
    row.reviewed += 1;
    for (const c of sample.comparison) {
      row.compared += 1;
      row.agreed += c.agree ? 1 : 0;
      const item = items.get(c.displayName) ?? { compared: 0, agreed: 0 };
      items.set(c.displayName, item);
      item.compared += 1;
      item.agreed += c.agree ? 1 : 0;
    }
  }
  return {
    reviewers: [...reviewers.values()]
      .map((r) => ({
        member: r.member,
        sampled: r.sampled,
        secondReviewed: r.reviewed,
        itemsCompared: r.compared,
        itemsAgreed: r.agreed,
        rate: rate(r.agreed, r.compared),
      }))
      .sort((a, b) => byText(a.member.name, b.member.name) || byText(a.member.id, b.member.id)),
    // Least agreement first: the checks the team reads differently.
    items: [...items]
      .map(([displayName, i]) => ({ displayName, ...i, rate: rate(i.agreed, i.compared) }))
      .sort(
        (a, b) =>
          (a.rate ?? 1) - (b.rate ?? 1) ||
          b.compared - a.compared ||
          byText(a.displayName, b.displayName),
      ),
  };
}

export function teamStats(input: StatsInput): TeamStats {
  const day = dayIn(input.tz);
  // By each decision's instant, parsed once per record (decided-at.ts): the team view places
  // thousands per load, every few seconds for each manager, and parsing each one's time again
  // for each figure was most of the work.
  const dayOfDecision = (d: DecisionRecord) => day(decidedAt(d));
  const range = input.rangeDecisions.filter((d) => {
    const on = dayOfDecision(d);
    return on >= input.from && on <= input.to;
  });
  const taken = new Map<DecisionRecord, number>();
  for (const d of range) if (d.openedOn) taken.set(d, decidedAt(d) - Date.parse(d.openedOn));
  const took: TimeTaken = (d) => taken.get(d);
  const newestFirst = range
    .map((d) => ({ d, at: decidedAt(d) }))
    .sort((a, b) => b.at - a.at)
    .map(({ d }) => d);

  const today = day(input.now);
  const monday = mondayOf(today);
  const week = input.recentDecisions.filter((d) => {
    const on = dayOfDecision(d);
    return on >= monday && on <= today;
  });
  const weekBy = byMember(week);
  const rangeBy = byMember(range);
  const names = new Map<string, TeamMember>();
  for (const d of [...week, ...range]) names.set(d.decidedBy.id, d.decidedBy);
  const countToday = (ds: DecisionRecord[] = []) =>
    ds.filter((d) => dayOfDecision(d) === today).length;
  const reviewers = [...names.values()]
    .map((member) =>
      throughput(
        member,
        rangeBy.get(member.id) ?? [],
        countToday(weekBy.get(member.id)),
        weekBy.get(member.id)?.length ?? 0,
        took,
      ),
    )
    .sort(
      (a, b) =>
        b.decisions - a.decisions || b.week - a.week || byText(a.member.name, b.member.name),
    );

  const daily = daysFrom(input.from, input.to).map((date) => ({ date, approved: 0, rejected: 0 }));
  const dayIndex = new Map(daily.map((row, i) => [row.date, i]));
  for (const d of range) {
    const row = daily[dayIndex.get(dayOfDecision(d)) ?? -1];
    if (row) row[d.status] += 1;
  }

  const inRange = (instant: string) => {
    const on = day(instant);
    return on >= input.from && on <= input.to;
  };
  const notaries = (d: DecisionRecord) =>
    (d.actors ?? []).filter((a) => a.roleId === input.notaryRole).map((a) => a.userId);
  return {
    from: input.from,
    to: input.to,
    tz: input.tz,
    generatedOn: new Date(input.now).toISOString(),
    team: throughput(TEAM, range, countToday(week), week.length, took),
    reviewers,
    daily,
    defects: {
      overall: defectRows(newestFirst),
      byFirm: defectGroups(newestFirst, (d) => (d.firmId ? [d.firmId] : [])),
      byNotary: defectGroups(newestFirst, notaries),
      byProcess: defectGroups(newestFirst, (d) => (d.processName ? [d.processName] : [])),
    },
    calibration: calibration(input.samples.filter((s) => inRange(s.sampledOn))),
    openFlags: input.openFlags,
    truncated: input.truncated,
  };
}

/** The days of this week so far, Monday to today, in `tz`: what `recentDecisions` must hold. */
export function thisWeek(tz: string, now: number): { from: string; to: string } {
  const today = dayIn(tz)(now);
  return { from: mondayOf(today), to: today };
}
