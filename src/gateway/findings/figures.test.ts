import { describe, expect, it } from 'vitest';
import type { DecisionRecord } from '../../contract/team.ts';
import { findingFigures, trendStart } from './figures.ts';
import type { FindingFact } from './store.ts';

// The findings figures (ADR 029), counted without HTTP: a decision has a defect when a
// finding of it was not withdrawn, a critical defect when one of those is critical.

const decision = (
  requestId: string,
  decidedOn: string,
  over: Partial<DecisionRecord> = {},
): DecisionRecord => ({
  requestId,
  status: 'rejected',
  decidedBy: { id: 'u-riley', name: 'Riley' },
  decidedOn,
  items: [],
  takeOvers: [],
  processName: 'Affidavit review',
  firmId: 'firm-1',
  actors: [{ userId: 'u-nora', roleId: 'notary' }],
  ...over,
});
const fact = (d: DecisionRecord, over: Partial<FindingFact> = {}): FindingFact => ({
  requestId: d.requestId,
  decidedAt: Date.parse(d.decidedOn),
  state: 'open',
  severity: 'major',
  category: 'Notary',
  ...over,
});

describe('findingFigures', () => {
  const a = decision('a', '2026-03-02T10:00:00.000Z');
  const b = decision('b', '2026-03-03T10:00:00.000Z', { firmId: 'firm-2' });
  const c = decision('c', '2026-03-04T10:00:00.000Z', { status: 'approved' });
  const d = decision('d', '2026-03-05T10:00:00.000Z', {
    decidedBy: { id: 'u-alex', name: 'Alex' },
    processName: 'Power of attorney review',
  });
  // Before the range, in the trend only.
  const old = decision('old', '2026-01-14T10:00:00.000Z');
  const input = {
    from: '2026-03-01',
    to: '2026-03-08',
    tz: 'UTC',
    decisions: [old, a, b, c, d],
    findings: [
      fact(a, { severity: 'critical' }),
      fact(a, { severity: 'minor', category: 'Dates' }),
      fact(b, { severity: 'critical', state: 'withdrawn' }),
      fact(b),
      fact(d, { severity: 'critical', state: 'cured' }),
      fact(old, { severity: 'critical' }),
    ],
    overdue: 3,
    notaryRole: 'notary',
  };

  it('counts decisions with a defect and a critical one, overall and per group', () => {
    const figures = findingFigures(input);
    expect(figures.overall).toEqual({
      key: 'all',
      decisions: 4,
      withDefect: 3,
      withCritical: 2,
      defectRate: 0.75,
      criticalRate: 0.5,
    });
    expect(figures.byFirm.map((r) => [r.key, r.decisions, r.withCritical])).toEqual([
      ['firm-1', 3, 2],
      ['firm-2', 1, 0],
    ]);
    expect(figures.byReviewer.map((r) => [r.key, r.criticalRate])).toEqual([
      ['u-riley', 1 / 3],
      ['u-alex', 1],
    ]);
    expect(figures.byNotary).toEqual([expect.objectContaining({ key: 'u-nora', decisions: 4 })]);
    expect(figures.byProcess.map((r) => r.key)).toEqual([
      'Affidavit review',
      'Power of attorney review',
    ]);
    // Withdrawn findings are not counted; a cured one still was a defect.
    expect(figures.categories).toEqual([
      { category: 'Notary', critical: 2, major: 1, minor: 0 },
      { category: 'Dates', critical: 0, major: 0, minor: 1 },
    ]);
    expect(figures.overdue).toBe(3);
  });

  it('draws 13 weeks from Monday, the last holding the range’s last day', () => {
    const { trend } = findingFigures(input);
    expect(trend).toHaveLength(13);
    expect(trendStart('2026-03-08')).toBe('2025-12-08');
    expect(trend[0]?.weekStart).toBe('2025-12-08');
    expect(trend.at(-1)?.weekStart).toBe('2026-03-02');
    expect(trend.at(-1)).toMatchObject({ decisions: 4, withCritical: 2 });
    expect(trend.find((w) => w.weekStart === '2026-01-12')).toMatchObject({
      decisions: 1,
      withCritical: 1,
      criticalRate: 1,
    });
    expect(trend[0]).toMatchObject({ decisions: 0, defectRate: null });
  });

  it('reads days and weeks in the view’s time zone', () => {
    // Sunday 23:30 in UTC is Monday in Sydney: the next week there.
    const late = decision('z', '2026-03-01T23:30:00.000Z');
    const figures = findingFigures({
      ...input,
      from: '2026-03-02',
      to: '2026-03-02',
      tz: 'Australia/Sydney',
      decisions: [late],
      findings: [fact(late, { severity: 'critical' })],
    });
    expect(figures.overall.withCritical).toBe(1);
    expect(figures.trend.at(-1)).toMatchObject({ weekStart: '2026-03-02', withCritical: 1 });
  });
});
