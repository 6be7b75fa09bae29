import { describe, expect, it } from 'vitest';
import type { Finding } from '../../contract/findings.ts';
import type { DecisionRecord } from '../../contract/team.ts';
import { findingChange } from '../../contract/testing/findings.ts';
import { qcReport } from './figures.ts';
import { periodOf } from './period.ts';

// The report's figures on fixed data, counted by hand (ADR 041).

const riley = { id: 'u-riley', name: 'Riley Reviewer' };
const sam = { id: 'u-sam', name: 'Sam Second' };

function decision(n: number, on: string, extra: Partial<DecisionRecord> = {}): DecisionRecord {
  return {
    requestId: `r${n}`,
    status: 'rejected',
    decidedBy: riley,
    decidedOn: on,
    items: [],
    takeOvers: [],
    processName: 'Deed of sale',
    firmId: 'firm-a',
    actors: [{ userId: 'u-nora', roleId: 'notary' }],
    ...extra,
  };
}

function finding(n: number, requestId: string, change: Partial<Finding>): Finding {
  return { ...findingChange(n).finding, requestId, ...change };
}

const at = (iso: string) => Date.parse(iso);

describe('the QC report’s figures', () => {
  // November 2026: five requests decided. r1 two findings (one critical, withdrawn; one major
  // standing), r2 one critical standing, r3 one minor withdrawn, r4 and r5 none (r5 by Sam at
  // another firm). October: two decided, one with a standing major.
  const decisions = [
    decision(1, '2026-11-03T10:00:00.000Z'),
    decision(2, '2026-11-10T10:00:00.000Z'),
    decision(3, '2026-11-17T10:00:00.000Z'),
    decision(4, '2026-11-20T10:00:00.000Z', { status: 'approved' }),
    decision(5, '2026-11-30T23:00:00.000Z', {
      status: 'approved',
      decidedBy: sam,
      firmId: 'firm-b',
    }),
    decision(6, '2026-10-05T10:00:00.000Z'),
    decision(7, '2026-10-06T10:00:00.000Z', { status: 'approved' }),
    // December: outside the period.
    decision(8, '2026-12-01T00:00:01.000Z'),
  ];
  const withdrawn = (on: string) => [
    { kind: 'raised' as const, by: riley, on },
    { kind: 'answered' as const, answer: 'disputed' as const, by: riley, on, note: 'x' },
    { kind: 'settled' as const, outcome: 'withdrawn' as const, by: sam, on, note: 'y' },
  ];
  const findings = [
    {
      decidedAt: at('2026-11-03T10:00:00.000Z'),
      finding: finding(1, 'r1', {
        severity: 'critical',
        category: 'Seal',
        itemName: 'Seal legible',
        state: 'withdrawn',
        steps: withdrawn('2026-11-04T10:00:00.000Z'),
        dueOn: '2026-11-05T10:00:00.000Z',
      }),
    },
    {
      decidedAt: at('2026-11-03T10:00:00.000Z'),
      finding: finding(2, 'r1', {
        severity: 'major',
        category: 'Identity',
        itemName: 'Signer matches',
        state: 'cured',
        steps: [
          { kind: 'raised', by: riley, on: '2026-11-03T10:00:00.000Z' },
          {
            kind: 'answered',
            answer: 'cured',
            by: riley,
            on: '2026-11-10T10:00:00.000Z',
            note: '',
          },
        ],
        dueOn: '2026-11-05T10:00:00.000Z',
      }),
    },
    {
      decidedAt: at('2026-11-10T10:00:00.000Z'),
      finding: finding(3, 'r2', {
        severity: 'critical',
        category: 'Seal',
        itemName: 'Seal legible',
        state: 'open',
        dueOn: '2026-11-12T10:00:00.000Z',
      }),
    },
    {
      decidedAt: at('2026-11-17T10:00:00.000Z'),
      finding: finding(4, 'r3', {
        severity: 'minor',
        category: 'Dates',
        itemName: 'Date matches',
        state: 'withdrawn',
        steps: withdrawn('2026-11-18T10:00:00.000Z'),
        dueOn: '2026-11-19T10:00:00.000Z',
      }),
    },
    {
      decidedAt: at('2026-10-05T10:00:00.000Z'),
      finding: finding(5, 'r6', { severity: 'major', state: 'open' }),
    },
  ];
  const report = qcReport({
    owner: 'acme',
    period: periodOf('2026-11'),
    scope: { process: null, firm: null, notary: null },
    decisions,
    findings,
    actions: [
      {
        id: 'a1',
        month: '2026-11',
        target: 'category',
        subject: 'Seal',
        action: 'Retrain on seals',
        owner: 'Alex',
        dueOn: '2026-12-15',
        status: 'planned',
        recordedBy: sam,
        recordedOn: '2026-11-20T10:00:00.000Z',
      },
      {
        id: 'a2',
        month: '2026-10',
        target: 'firm',
        subject: 'Becker',
        action: 'Call them',
        owner: 'Alex',
        dueOn: '2026-11-01',
        status: 'in-progress',
        recordedBy: sam,
        recordedOn: '2026-10-20T10:00:00.000Z',
      },
      {
        id: 'a3',
        month: '2026-10',
        target: 'firm',
        subject: 'Done one',
        action: 'x',
        owner: 'Alex',
        dueOn: '2026-11-01',
        status: 'done',
        recordedBy: sam,
        recordedOn: '2026-10-20T10:00:00.000Z',
      },
    ],
    names: new Map([
      ['firm-a', 'Alpha Law'],
      ['u-nora', 'Nora Notary'],
    ]),
    notaryRole: 'notary',
    now: at('2026-12-02T12:00:00.000Z'),
    truncated: false,
  });

  it('counts gross (any finding) and net (withdrawn out), overall and critical', () => {
    expect(report.overall).toEqual({
      decisions: 5,
      grossDefects: 3, // r1, r2, r3
      netDefects: 2, // r1 (its major), r2
      grossCritical: 2, // r1, r2
      netCritical: 1, // r2: r1's critical was withdrawn
      grossRate: 3 / 5,
      netRate: 2 / 5,
      grossCriticalRate: 2 / 5,
      netCriticalRate: 1 / 5,
    });
  });

  it('gives the three months before, and the period’s', () => {
    expect(report.months.map((m) => [m.month, m.decisions, m.netDefects])).toEqual([
      ['2026-08', 0, 0],
      ['2026-09', 0, 0],
      ['2026-10', 2, 1],
      ['2026-11', 5, 2],
    ]);
    expect(report.months[0]?.netRate).toBeNull();
  });

  it('breaks findings down by severity, category and check, and rates by firm, notary, process and reviewer', () => {
    expect(report.bySeverity.map((s) => [s.key, s.raised, s.standing])).toEqual([
      ['critical', 2, 1],
      ['major', 1, 1],
      ['minor', 1, 0],
    ]);
    expect(report.byCategory.map((c) => [c.key, c.raised, c.standing, c.critical])).toEqual([
      ['Seal', 2, 1, 2],
      // As many raised, none critical: by name.
      ['Dates', 1, 0, 0],
      ['Identity', 1, 1, 0],
    ]);
    expect(report.byItem[0]).toMatchObject({ key: 'Seal legible', raised: 2 });
    expect(report.byFirm.map((f) => [f.key, f.label, f.decisions, f.netDefects])).toEqual([
      ['firm-a', 'Alpha Law', 4, 2],
      ['firm-b', 'firm-b', 1, 0],
    ]);
    expect(report.byNotary).toMatchObject([{ key: 'u-nora', label: 'Nora Notary', decisions: 5 }]);
    expect(report.byReviewer.map((r) => [r.label, r.decisions, r.grossDefects])).toEqual([
      ['Riley Reviewer', 4, 3],
      ['Sam Second', 1, 0],
    ]);
  });

  it('says how the findings were answered and how fast', () => {
    expect(report.answers).toEqual({
      raised: 4,
      cured: 1,
      disputed: 2,
      upheld: 0,
      withdrawn: 2,
      open: 1,
      onTime: 2, // the two disputes, answered the next day
      late: 1, // the cure, five days past its due date
      overdue: 1, // r2's, open past its due date
    });
  });

  it('holds the month’s corrective actions and the earlier ones not done', () => {
    expect(report.correctiveActions.map((a) => a.id)).toEqual(['a2', 'a1']);
  });

  it('narrows to one firm, process or notary', () => {
    const firm = qcReport({
      ...{ owner: 'acme', period: periodOf('2026-Q4'), decisions, findings, actions: [] },
      scope: { process: null, firm: 'firm-b', notary: null },
      names: new Map(),
      notaryRole: 'notary',
      now: 0,
      truncated: false,
    });
    expect(firm.from).toBe('2026-10-01');
    expect(firm.to).toBe('2026-12-31');
    expect(firm.overall.decisions).toBe(1);
    expect(firm.months.map((m) => m.month)).toEqual([
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
  });
});
