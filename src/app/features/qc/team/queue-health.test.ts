import { describe, expect, it } from 'vitest';
import type { ProcessSettings } from '../../../../contract/qc-management.ts';
import { byUrgency, healthRow } from './queue-health.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const process = { id: 'p1', displayName: 'Affidavit review' };
const settings = (targetAgeHours: number | null): ProcessSettings => ({
  processId: 'p1',
  processName: 'Affidavit review',
  targetAgeHours,
  samplePercent: 0,
  updatedBy: { id: 'u', name: 'Alex Admin' },
  updatedOn: '2026-11-01T00:00:00Z',
});
const oldest = (hoursAgo: number) => ({
  pending: 3,
  oldestOn: new Date(NOW - hoursAgo * 3_600_000).toISOString(),
});

describe('queue health', () => {
  it('marks a queue whose oldest request is past the target', () => {
    expect(healthRow(process, oldest(49), settings(48), NOW)).toMatchObject({
      mark: 'over',
      pending: 3,
      ageMinutes: 49 * 60,
      targetHours: 48,
    });
    expect(healthRow(process, oldest(47), settings(48), NOW).mark).toBe('within');
  });

  it('marks nothing without a target, and an empty queue as clear', () => {
    expect(healthRow(process, oldest(500), settings(null), NOW).mark).toBe('no-target');
    expect(healthRow(process, oldest(500), undefined, NOW).mark).toBe('no-target');
    expect(healthRow(process, { pending: 0 }, settings(1), NOW)).toMatchObject({
      mark: 'clear',
      ageMinutes: null,
    });
  });

  it('says when the count could not be read', () => {
    expect(healthRow(process, null, settings(1), NOW)).toMatchObject({
      mark: 'unknown',
      pending: null,
    });
  });

  it('puts the queues past their target first, then the oldest', () => {
    const rows = [
      healthRow({ id: 'a', displayName: 'A' }, { pending: 0 }, undefined, NOW),
      healthRow({ id: 'b', displayName: 'B' }, oldest(5), settings(48), NOW),
      healthRow({ id: 'c', displayName: 'C' }, oldest(50), settings(48), NOW),
      healthRow({ id: 'd', displayName: 'D' }, oldest(9), settings(null), NOW),
    ];
    expect(rows.sort(byUrgency).map((r) => r.name)).toEqual(['C', 'D', 'B', 'A']);
  });
});
