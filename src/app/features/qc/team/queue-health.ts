import type { ProcessSettings } from '../../../../contract/qc-management.ts';
import type { QueueHealth } from './team.queries.ts';

// Where each process's pending queue stands against its target age.

const HOUR_MS = 3_600_000;

export type HealthMark = 'over' | 'within' | 'clear' | 'no-target' | 'unknown';

export interface HealthRow {
  processId: string;
  name: string;
  pending: number | null;
  oldestOn: string | undefined;
  /** Minutes since the oldest pending request arrived. */
  ageMinutes: number | null;
  targetHours: number | null;
  mark: HealthMark;
}

export function healthRow(
  process: { id: string; displayName: string },
  health: QueueHealth | null | undefined,
  settings: ProcessSettings | undefined,
  now: number,
): HealthRow {
  const targetHours = settings?.targetAgeHours ?? null;
  const oldestOn = health?.oldestOn;
  const ageMinutes = oldestOn ? Math.max(0, (now - Date.parse(oldestOn)) / 60_000) : null;
  let mark: HealthMark;
  if (!health) mark = 'unknown';
  else if (health.pending === 0 || ageMinutes === null) mark = 'clear';
  else if (targetHours === null) mark = 'no-target';
  else mark = ageMinutes * 60_000 > targetHours * HOUR_MS ? 'over' : 'within';
  return {
    processId: process.id,
    name: process.displayName,
    pending: health ? health.pending : null,
    oldestOn,
    ageMinutes,
    targetHours,
    mark,
  };
}

const RANK: Record<HealthMark, number> = {
  over: 0,
  within: 1,
  'no-target': 1,
  clear: 2,
  unknown: 3,
};

/** The processes past their target first, then the oldest queues. */
export const byUrgency = (a: HealthRow, b: HealthRow) =>
  RANK[a.mark] - RANK[b.mark] ||
  (b.ageMinutes ?? -1) - (a.ageMinutes ?? -1) ||
  a.name.localeCompare(b.name);
