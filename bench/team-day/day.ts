import type { Department } from './department.ts';
import type { Plan } from './plan.ts';
import type { DayRecord } from './record.ts';
import type { LiveBoard } from './streams.ts';

// What every actor of the load process shares: the plan, the record, the live board, and
// whether the day is still on.

export interface Day {
  plan: Plan;
  department: Department;
  record: DayRecord;
  board: LiveBoard;
  /** The demo's share of rejections, which the reviewers decide at. */
  rejectRate: number;
  /** A reviewer's time per request, reading included, so the backlog lasts the day. */
  reviewMs: number;
  running(): boolean;
}

/** A random wait around `ms` (half to one and a half times), as people's paces vary. */
export const around = (ms: number) => ms * (0.5 + Math.random());

export const pick = <T>(list: readonly T[]): T | undefined =>
  list[Math.floor(Math.random() * list.length)];
