import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Sample } from '../../contract/qc-management.ts';
import type { DecisionRecord, TeamMember } from '../../contract/team.ts';
import { median, p90, teamStats, type StatsInput } from './stats.ts';
import { dayIn, isTimeZone, mondayOf } from './time.ts';

// The team's figures against counts made by hand: a week of a small team in Paris, where a
// decision late in the UTC evening belongs to the next day.

const ann: TeamMember = { id: 'u-ann', name: 'Ann' };
const bob: TeamMember = { id: 'u-bob', name: 'Bob' };

interface Extra {
  opened?: number; // minutes before the decision
  items?: [string, 'approved' | 'rejected' | 'notApplicable'][];
  firm?: string;
  process?: string;
  notary?: string;
}

function rec(
  requestId: string,
  by: TeamMember,
  status: 'approved' | 'rejected',
  decidedOn: string,
  extra: Extra = {},
): DecisionRecord {
  const decided = Date.parse(decidedOn);
  return {
    requestId,
    status,
    decidedBy: by,
    decidedOn,
    ...(extra.opened !== undefined && {
      openedOn: new Date(decided - extra.opened * 60_000).toISOString(),
    }),
    items: (extra.items ?? []).map(([displayName, verdict]) => ({
      id: `${requestId}-${displayName}`,
      displayName,
      status: verdict,
    })),
    takeOvers: [],
    ...(extra.process && { processName: extra.process }),
    ...(extra.firm && { firmId: extra.firm }),
    ...(extra.notary && {
      actors: [
        { userId: 'signer-1', roleId: 'affiant' },
        { userId: extra.notary, roleId: 'notary' },
      ],
    }),
  };
}

const r0 = rec('r0', ann, 'approved', '2026-02-28T12:00:00.000Z', {
  items: [['Signature', 'approved']],
});
const r1 = rec('r1', ann, 'approved', '2026-03-01T23:30:00.000Z', {
  opened: 10,
  items: [
    ['Signature', 'approved'],
    ['Seal', 'approved'],
    ['Date', 'notApplicable'],
  ],
  firm: 'F1',
  process: 'P1',
  notary: 'N1',
});
const r2 = rec('r2', ann, 'rejected', '2026-03-02T23:30:00.000Z', {
  opened: 20,
  items: [
    ['Signature', 'rejected'],
    ['Seal', 'approved'],
  ],
  firm: 'F1',
  process: 'P1',
  notary: 'N1',
});
const r3 = rec('r3', bob, 'rejected', '2026-03-05T09:00:00.000Z', {
  opened: 30,
  items: [
    ['Signature', 'rejected'],
    ['Seal', 'rejected'],
  ],
  firm: 'F2',
  process: 'P2',
  notary: 'N2',
});
const r4 = rec('r4', bob, 'approved', '2026-03-05T08:00:00.000Z', {
  items: [
    ['Signature', 'approved'],
    ['Seal', 'approved'],
  ],
  firm: 'F2',
  process: 'P1',
});
// Paris: 9 March, after the range.
const r5 = rec('r5', ann, 'approved', '2026-03-08T23:30:00.000Z', { opened: 5 });
const records = [r0, r1, r2, r4, r3, r5];

const compared = (first: DecisionRecord, agree: boolean[]): Sample => ({
  requestId: first.requestId,
  sampledOn: first.decidedOn,
  state: agree.every(Boolean) ? 'agreed' : 'flagged',
  firstReview: first,
  comparison: first.items.slice(0, agree.length).map((item, i) => ({
    id: item.id,
    displayName: item.displayName,
    first: item.status,
    second: agree[i] ? 'approved' : 'rejected',
    agree: agree[i] ?? false,
  })),
});
const samples: Sample[] = [
  compared(r0, [true]), // before the range
  compared(r1, [true, false]),
  { requestId: 'r4', sampledOn: r4.decidedOn, state: 'open', firstReview: r4 },
];

const input: StatsInput = {
  from: '2026-03-02',
  to: '2026-03-08',
  tz: 'Europe/Paris',
  now: Date.parse('2026-03-05T10:00:00.000Z'),
  rangeDecisions: records,
  recentDecisions: records,
  samples,
  openFlags: 1,
  truncated: false,
  notaryRole: 'notary',
};

describe('teamStats', () => {
  const stats = teamStats(input);

  it('counts throughput per reviewer and for the team, in the view’s time zone', () => {
    expect(stats.reviewers.map((r) => r.member.name)).toEqual(['Ann', 'Bob']);
    expect(stats.reviewers[0]).toMatchObject({
      today: 0,
      week: 2,
      decisions: 2,
      approved: 1,
      rejected: 1,
      approvalRate: 0.5,
      rejectionRate: 0.5,
      medianMinutes: 15,
      p90Minutes: 20,
    });
    expect(stats.reviewers[1]).toMatchObject({
      today: 2,
      week: 2,
      decisions: 2,
      medianMinutes: 30,
      p90Minutes: 30,
    });
    expect(stats.team).toMatchObject({
      today: 2,
      week: 4,
      decisions: 4,
      approved: 2,
      rejected: 2,
      medianMinutes: 20,
      p90Minutes: 30,
    });
    expect(stats.daily).toEqual([
      { date: '2026-03-02', approved: 1, rejected: 0 },
      { date: '2026-03-03', approved: 0, rejected: 1 },
      { date: '2026-03-04', approved: 0, rejected: 0 },
      { date: '2026-03-05', approved: 1, rejected: 1 },
      { date: '2026-03-06', approved: 0, rejected: 0 },
      { date: '2026-03-07', approved: 0, rejected: 0 },
      { date: '2026-03-08', approved: 0, rejected: 0 },
    ]);
    expect(stats).toMatchObject({ openFlags: 1, truncated: false, tz: 'Europe/Paris' });
  });

  it('ranks defects overall and by firm, notary and process; not applicable is no check', () => {
    expect(stats.defects.overall).toEqual([
      { displayName: 'Signature', failed: 2, reviewed: 4, rate: 0.5, requestIds: ['r3', 'r2'] },
      { displayName: 'Seal', failed: 1, reviewed: 4, rate: 0.25, requestIds: ['r3'] },
    ]);
    const summary = (groups: typeof stats.defects.byFirm) =>
      groups.map((g) => [g.key, g.decisions, g.rows.map((r) => `${r.displayName} ${r.failed}`)]);
    expect(summary(stats.defects.byFirm)).toEqual([
      ['F1', 2, ['Signature 1', 'Seal 0']],
      ['F2', 2, ['Seal 1', 'Signature 1']],
    ]);
    expect(summary(stats.defects.byNotary)).toEqual([
      ['N1', 2, ['Signature 1', 'Seal 0']],
      ['N2', 1, ['Seal 1', 'Signature 1']],
    ]);
    expect(summary(stats.defects.byProcess)).toEqual([
      ['P1', 3, ['Signature 1', 'Seal 0']],
      ['P2', 1, ['Seal 1', 'Signature 1']],
    ]);
    // No actor with the role: no groups, and nothing else changes.
    const noNotary = teamStats({ ...input, notaryRole: 'witness' });
    expect(noNotary.defects.byNotary).toEqual([]);
    expect(noNotary.defects.overall).toEqual(stats.defects.overall);
  });

  it('calibrates each first reviewer and item from second reviews in the range', () => {
    expect(stats.calibration.reviewers).toEqual([
      {
        member: ann,
        sampled: 1,
        secondReviewed: 1,
        itemsCompared: 2,
        itemsAgreed: 1,
        rate: 0.5,
      },
      { member: bob, sampled: 1, secondReviewed: 0, itemsCompared: 0, itemsAgreed: 0, rate: null },
    ]);
    expect(stats.calibration.items).toEqual([
      { displayName: 'Seal', compared: 1, agreed: 0, rate: 0 },
      { displayName: 'Signature', compared: 1, agreed: 1, rate: 1 },
    ]);
  });

  it('answers an empty range with zeros and nulls, every day listed', () => {
    const empty = teamStats({ ...input, rangeDecisions: [], recentDecisions: [], samples: [] });
    expect(empty.team).toMatchObject({ decisions: 0, approvalRate: null, medianMinutes: null });
    expect(empty.reviewers).toEqual([]);
    expect(empty.daily).toHaveLength(7);
    expect(empty.defects).toEqual({ overall: [], byFirm: [], byNotary: [], byProcess: [] });
  });
});

describe('figures and days', () => {
  it('takes the median and the nearest-rank 90th percentile', () => {
    const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect([median([]), p90([])]).toEqual([null, null]);
    expect([median([4]), p90([4])]).toEqual([4, 4]);
    expect([median(upTo(10)), p90(upTo(10))]).toEqual([5.5, 9]);
    expect([median(upTo(11)), p90(upTo(11))]).toEqual([6, 10]);
    expect(p90(upTo(20))).toBe(18);
  });

  it('starts weeks on Monday and knows time zones', () => {
    expect(mondayOf('2026-03-05')).toBe('2026-03-02');
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(mondayOf('2026-03-08')).toBe('2026-03-02');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29');
    expect(['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires'].every(isTimeZone)).toBe(true);
    expect(['Mars/Olympus', '', '+01:00', 'UTC; drop', 'x'.repeat(80)].some(isTimeZone)).toBe(
      false,
    );
  });
});

describe('dayIn', () => {
  it('follows a clock change', () => {
    const paris = dayIn('Europe/Paris');
    expect(
      [
        '2026-03-28T22:30:00Z',
        '2026-03-28T23:30:00Z',
        '2026-03-29T21:59:00Z',
        '2026-03-29T22:00:00Z',
      ].map(paris),
    ).toEqual(['2026-03-28', '2026-03-29', '2026-03-29', '2026-03-30']);
  });

  it('agrees with the platform’s own formatting, odd offsets and clock changes included', () => {
    const zones = ['Europe/Paris', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.array(fc.integer({ min: Date.parse('2025-01-01'), max: Date.parse('2027-12-31') }), {
          maxLength: 50,
        }),
        (tz, instants) => {
          // One converter for the lot, as teamStats uses it, so its cache is exercised.
          const day = dayIn(tz);
          for (const ms of instants) {
            expect(day(ms)).toBe(new Date(ms).toLocaleDateString('sv-SE', { timeZone: tz }));
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('teamStats properties', () => {
  const zones = ['UTC', 'Europe/Paris', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati'];
  const start = Date.parse('2026-02-27T00:00:00Z');
  const record = fc.record({
    by: fc.constantFrom(ann, bob, { id: 'u-cy', name: 'Cy' }),
    status: fc.constantFrom('approved' as const, 'rejected' as const),
    at: fc.integer({ min: 0, max: 12 * 86_400_000 }),
    opened: fc.option(fc.integer({ min: 0, max: 600 }), { nil: undefined }),
    items: fc.array(
      fc.tuple(
        fc.constantFrom('Signature', 'Seal', 'Date'),
        fc.constantFrom('approved' as const, 'rejected' as const, 'notApplicable' as const),
      ),
      { maxLength: 3 },
    ),
  });

  it('adds up: reviewers to the team, days to the range, failures to the items', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 40 }), fc.constantFrom(...zones), (rs, tz) => {
        const decisions = rs.map((r, i) =>
          rec(`q${i}`, r.by, r.status, new Date(start + r.at).toISOString(), {
            ...(r.opened !== undefined && { opened: r.opened }),
            items: r.items,
          }),
        );
        const stats = teamStats({
          ...input,
          tz,
          rangeDecisions: decisions,
          recentDecisions: decisions,
          samples: [],
        });
        // Counted independently: the day by the platform's own formatting.
        const dayOf = (iso: string) => new Date(iso).toLocaleDateString('sv-SE', { timeZone: tz });
        const inRange = decisions.filter((d) => {
          const day = dayOf(d.decidedOn);
          return day >= input.from && day <= input.to;
        });
        const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
        expect(stats.team.decisions).toBe(inRange.length);
        expect(sum(stats.reviewers.map((r) => r.decisions))).toBe(stats.team.decisions);
        expect(sum(stats.reviewers.map((r) => r.week))).toBe(stats.team.week);
        expect(sum(stats.reviewers.map((r) => r.today))).toBe(stats.team.today);
        expect(sum(stats.daily.map((d) => d.approved + d.rejected))).toBe(stats.team.decisions);
        expect(stats.team.approved + stats.team.rejected).toBe(stats.team.decisions);
        const failures = inRange.flatMap((d) => d.items.filter((i) => i.status === 'rejected'));
        expect(sum(stats.defects.overall.map((r) => r.failed))).toBe(failures.length);
        for (const row of stats.defects.overall) {
          expect(row.failed).toBeLessThanOrEqual(row.reviewed);
          expect(row.requestIds.length).toBe(new Set(row.requestIds).size);
        }
      }),
      { numRuns: 150 },
    );
  });
});
