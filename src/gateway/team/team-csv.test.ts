import { describe, expect, it } from 'vitest';
import { decisionsCsv, parseRange } from './team-csv.ts';

describe('parseRange', () => {
  it('takes two days, the second included', () => {
    expect(parseRange('2026-11-01', '2026-11-02')).toEqual({
      from: Date.parse('2026-11-01T00:00:00Z'),
      to: Date.parse('2026-11-03T00:00:00Z'),
      name: 'qc-decisions-2026-11-01-to-2026-11-02.csv',
    });
  });
  it('refuses what is not a range of real days', () => {
    for (const [from, to] of [
      [undefined, '2026-11-01'],
      ['2026-11-31', '2026-12-01'],
      ['2026-11-02', '2026-11-01'],
      ['2025-01-01', '2026-06-01'],
      ['2026-1-1', '2026-01-02'],
    ] as const) {
      expect(parseRange(from, to)).toHaveProperty('error');
    }
  });
});

describe('decisionsCsv', () => {
  it('writes one row per decision with its failed items, notes and time to decide', () => {
    const csv = decisionsCsv([
      {
        requestId: 'r1',
        status: 'rejected',
        decidedBy: { id: 'u1', name: 'Riley Reviewer' },
        decidedOn: '2026-11-01T10:02:00.000Z',
        openedOn: '2026-11-01T10:00:30.000Z',
        items: [
          { id: 'i1', displayName: 'Seal legible', status: 'rejected', reviewerNote: 'Blurred' },
          { id: 'i2', displayName: 'Witness', status: 'notApplicable' },
        ],
        notes: '=rescan',
        takeOvers: [],
      },
    ]);
    const [, row] = csv.split('\r\n');
    expect(row).toBe(
      '"2026-11-01T10:02:00.000Z","r1","rejected","Riley Reviewer","u1","2026-11-01T10:00:30.000Z",90,"Seal legible","Witness","Seal legible: Blurred","\'=rescan",',
    );
  });
});
