import { describe, expect, it } from 'vitest';
import type { CheckResult, Verdict } from '../../contract/checks.ts';
import type { DecisionRecord } from '../../contract/team.ts';
import { reportCard } from './report-card.ts';

// The machine's report card on fixed data, counted by hand: four requests of one process,
// its seal check against the reviewers'.

const decision = (id: string, status: 'approved' | 'rejected'): DecisionRecord => ({
  requestId: id,
  status,
  decidedBy: { id: 'u1', name: 'Riley' },
  decidedOn: '2026-11-02T10:00:00.000Z',
  items: [{ id: `${id}-seal`, displayName: 'Seal legible', status }],
  takeOvers: [],
  processName: 'Affidavit review',
});

const result = (id: string, verdict: Verdict): [string, CheckResult] => [
  id,
  {
    requestId: id,
    checkedOn: '2026-11-02T09:00:00.000Z',
    checker: { version: '1.0' },
    items: [
      {
        itemId: `${id}-seal`,
        itemName: 'Seal legible',
        check: 'seal',
        verdict,
        reason: `${verdict} reason`,
        regions: [],
      },
    ],
  },
];

describe('reportCard', () => {
  it('counts agreement, precision and recall of fails, the unsure and the misses', () => {
    const decisions = [
      decision('a', 'rejected'), // machine fail: agreed, a true fail
      decision('b', 'approved'), // machine fail: a false fail
      decision('c', 'rejected'), // machine pass: a miss
      decision('d', 'approved'), // machine unsure
      decision('e', 'approved'), // never checked: not counted
    ];
    const results = new Map([
      result('a', 'fail'),
      result('b', 'fail'),
      result('c', 'pass'),
      result('d', 'unsure'),
    ]);
    const [row, ...rest] = reportCard(decisions, results);
    expect(rest).toEqual([]);
    expect(row).toEqual({
      check: 'seal',
      processName: 'Affidavit review',
      judged: 4,
      agreed: 1,
      unsure: 1,
      precision: 0.5, // a of a, b
      recall: 0.5, // a of a, c
      misses: [
        {
          requestId: 'c',
          itemName: 'Seal legible',
          decidedOn: '2026-11-02T10:00:00.000Z',
          reason: 'pass reason',
        },
      ],
    });
  });

  it('says nothing of precision with no fail, nor of recall with nothing rejected', () => {
    const [row] = reportCard([decision('a', 'approved')], new Map([result('a', 'pass')]));
    expect(row).toMatchObject({ judged: 1, agreed: 1, precision: null, recall: null, misses: [] });
  });
});
