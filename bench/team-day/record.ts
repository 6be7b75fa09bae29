// What the load process keeps of the day, written as JSON for the verification and the
// report: one sample per action (its whole time, retries included, as a person waits for it),
// each failed attempt, and what each actor was told was saved, to be checked record by record.

export interface Sample {
  /** The kind of action: take next, open, decide, … */
  k: string;
  /** Its start, ms from the day's start. */
  t: number;
  ms: number;
  /** 1: done; 0: given up. */
  s: number;
}

export interface Attempt {
  k: string;
  /** Its start; `ms` later its answer, or none (a fault met in flight counts as the fault's). */
  t: number;
  ms: number;
  /** The status of an attempt that was tried again or given up (0: no answer). */
  s: number;
}

export interface SavedDecision {
  requestId: string;
  status: 'approved' | 'rejected';
  reviewer: string;
  rejectedItems: string[];
}

export interface SavedStep {
  findingId: string;
  kind: 'answered' | 'settled' | 'reassigned';
  by: string;
  /** The answer or the outcome, or the new party's id. */
  what: string;
  /** A note of its own, so the step is found once and only once. */
  note: string;
}

export interface DayRecord {
  t0: number;
  samples: Sample[];
  attempts: Attempt[];
  /** Actions given up with an error a person would have seen. */
  errors: (Attempt & { message: string })[];
  decisions: SavedDecision[];
  steps: SavedStep[];
  hooks: string[];
  duplicateHooks: number;
  /** A decision's live event at another session's stream: [ms from start, ms after its PATCH]. */
  live: [number, number][];
  /** Decisions whose event reached fewer than all the other QC streams open at the time. */
  liveMissed: number;
  liveExpected: number;
  streams: { opened: number; reconnects: number; open: number };
  conflicts: Record<string, number>;
  loopDelayP99Ms: number;
}

export function emptyRecord(t0: number): DayRecord {
  return {
    t0,
    samples: [],
    attempts: [],
    errors: [],
    decisions: [],
    steps: [],
    hooks: [],
    duplicateHooks: 0,
    live: [],
    liveMissed: 0,
    liveExpected: 0,
    streams: { opened: 0, reconnects: 0, open: 0 },
    conflicts: {},
    loopDelayP99Ms: 0,
  };
}

export const conflict = (record: DayRecord, what: string) => {
  record.conflicts[what] = (record.conflicts[what] ?? 0) + 1;
};
