import { describe, expect, it } from 'vitest';
import type { DefectRow, TeamStats } from '../../../../contract/qc-management.ts';
import { defectRows, defectsFromSearch, defectsToSearch } from './defects-view.ts';

const row = (displayName: string, failed: number, reviewed: number): DefectRow => ({
  displayName,
  failed,
  reviewed,
  rate: reviewed ? failed / reviewed : null,
  requestIds: [],
});
const defects = {
  overall: [row('Seal', 9, 90), row('Notarized', 8, 45), row('Venue', 0, 90)],
  byFirm: [
    { key: 'small', decisions: 3, rows: [row('Seal', 1, 3)] },
    { key: 'big', decisions: 40, rows: [row('Seal', 4, 40)] },
  ],
  byNotary: [],
  byProcess: [],
} satisfies TeamStats['defects'];
const zero = {
  member: { id: 'team', name: 'Team' },
  today: 0,
  week: 0,
  decisions: 0,
  approved: 0,
  rejected: 0,
  approvalRate: null,
  rejectionRate: null,
  medianMinutes: null,
  p90Minutes: null,
};
const stats: TeamStats = {
  from: '2026-11-01',
  to: '2026-11-28',
  tz: 'UTC',
  generatedOn: '2026-11-28T12:00:00Z',
  team: zero,
  reviewers: [],
  daily: [],
  defects,
  calibration: { reviewers: [], items: [] },
  openFlags: 0,
  truncated: false,
};
const search = (s: string) => new URLSearchParams(s);

describe('defects view', () => {
  it('reads the breakdown from the URL, overall by default', () => {
    expect(defectsFromSearch(search(''))).toEqual({ view: 'overall', group: undefined });
    expect(defectsFromSearch(search('defects=firm&group=big'))).toEqual({
      view: 'firm',
      group: 'big',
    });
    expect(defectsFromSearch(search('defects=nonsense&group=x')).view).toBe('overall');
    expect(defectsToSearch(search('from=2026-11-01&group=x'), { view: 'overall' })).toBe(
      '?from=2026-11-01',
    );
  });

  it('puts the checks that fail most often first', () => {
    const { rows } = defectRows(stats, { view: 'overall' });
    expect(rows.map((r) => r.displayName)).toEqual(['Notarized', 'Seal', 'Venue']);
  });

  it('opens a breakdown on the group with most decisions, or the one chosen', () => {
    expect(defectRows(stats, { view: 'firm' }).group?.key).toBe('big');
    expect(defectRows(stats, { view: 'firm', group: 'small' }).group?.key).toBe('small');
    expect(defectRows(stats, { view: 'firm', group: 'gone' }).group?.key).toBe('big');
    expect(defectRows(stats, { view: 'notary' })).toEqual({
      rows: [],
      group: undefined,
      groups: [],
    });
  });
});
