import { describe, expect, it } from 'vitest';
import type { CheckSummary } from '../../../../contract/checks.ts';
import { TEAM_REFRESH_MS } from '../holds.ts';
import {
  machineBadge,
  machineBadgeWords,
  machineRows,
  machineViewOf,
  unreadCount,
  withMachineView,
  type Summaries,
} from './machine-view.ts';
import { MACHINE_POLL_MS, machinePollInterval } from './use-machine-summaries.ts';

const checked = (requestId: string, failed: number, unsure: number, passed = 3): CheckSummary => ({
  requestId,
  state: 'checked',
  failed,
  unsure,
  passed,
});
const waiting = (requestId: string): CheckSummary => ({
  requestId,
  state: 'waiting',
  failed: 0,
  unsure: 0,
  passed: 0,
});

// The rows as loaded, in the queue's order (oldest first): a to f.
const rows = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({ id: id.toUpperCase() }));
const summaries: Summaries = new Map(
  [
    checked('a', 0, 0), // clear
    checked('b', 1, 0),
    waiting('c'),
    checked('d', 0, 2),
    checked('e', 2, 0),
    // f: not asked yet
    checked('g', 9, 9), // not loaded
  ].map((s) => [s.requestId, s]),
);
const ids = (list: readonly { id: string }[]) => list.map((row) => row.id).join('');

describe("the queue's machine view", () => {
  it('leaves the rows as loaded when neither filter nor sort is on', () => {
    const view = { flaggedOnly: false, mostFlagged: false };
    expect(machineRows(rows, summaries, view)).toBe(rows);
  });

  it('keeps the rows the machine failed or was unsure of, in the queue order', () => {
    const view = { flaggedOnly: true, mostFlagged: false };
    expect(ids(machineRows(rows, summaries, view))).toBe('BDE');
  });

  it('puts the most failed first, then the most unsure, then those being read, then clear', () => {
    const view = { flaggedOnly: false, mostFlagged: true };
    expect(ids(machineRows(rows, summaries, view))).toBe('EBDCFA');
    expect(ids(machineRows(rows, summaries, { flaggedOnly: true, mostFlagged: true }))).toBe('EBD');
    // Rows that rank alike keep the queue's order: newest first stays newest first.
    expect(ids(machineRows([...rows].reverse(), new Map(), view))).toBe('FEDCBA');
  });

  it('counts the rows loaded the machine has not read yet', () => {
    expect(unreadCount(rows, summaries)).toBe(2);
  });

  it('lives in the URL beside the queue view, on the pending tab only', () => {
    expect(
      machineViewOf(new URLSearchParams('status=pending&machine=flagged&sort=flagged')),
    ).toEqual({ flaggedOnly: true, mostFlagged: true });
    expect(machineViewOf(new URLSearchParams('machine=yes&sort=newest'))).toEqual({
      flaggedOnly: false,
      mostFlagged: false,
    });
    expect(machineViewOf(new URLSearchParams('status=approved&machine=flagged'))).toEqual({
      flaggedOnly: false,
      mostFlagged: false,
    });
    const view = { flaggedOnly: true, mostFlagged: false };
    expect(withMachineView('status=pending&order=oldest', view)).toBe(
      'status=pending&order=oldest&machine=flagged',
    );
    expect(
      withMachineView('status=pending&order=oldest&machine=flagged', {
        ...view,
        flaggedOnly: false,
      }),
    ).toBe('status=pending&order=oldest');
    expect(withMachineView('status=rejected&order=oldest', view)).toBe(
      'status=rejected&order=oldest',
    );
  });

  it('says flagged, unsure, clear or reading, and nothing when no item is bound', () => {
    expect(machineBadge(summaries.get('b'))).toEqual({ kind: 'flagged', failed: 1, unsure: 0 });
    expect(machineBadge(summaries.get('a'))).toEqual({ kind: 'clear', passed: 3 });
    expect(machineBadge(summaries.get('c'))).toEqual({ kind: 'reading' });
    expect(machineBadge(undefined)).toBeUndefined();
    expect(machineBadge(checked('h', 0, 0, 0))).toBeUndefined();
    expect(machineBadgeWords({ kind: 'flagged', failed: 2, unsure: 1 })).toBe(
      'The machine failed 2 checks and was unsure of 1 check.',
    );
  });

  it('asks again every few seconds while a row is being read, less once none moves', () => {
    const now = 1_000_000;
    const byId = { a: summaries.get('a')!, c: summaries.get('c')! };
    expect(machinePollInterval(undefined, now)).toBe(false);
    expect(machinePollInterval({ byId: { a: byId.a }, changedOn: now }, now)).toBe(false);
    expect(machinePollInterval({ byId, changedOn: now - 5_000 }, now)).toBe(MACHINE_POLL_MS);
    expect(machinePollInterval({ byId, changedOn: now - 120_000 }, now)).toBe(TEAM_REFRESH_MS);
  });
});
