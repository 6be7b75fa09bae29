import type { Plan } from './plan.ts';
import type { DayRecord, Sample } from './record.ts';
import type { Samples } from './sampler.ts';

// The day's figures from what the load process and the sampler kept: percentiles per kind of
// action over the whole day, outside the faults and in the minute after each; the 5xx and
// their times; memory's drift over the last half of the day. Times are ms from the start.

export interface FaultWindow {
  name: string;
  from: number;
  to: number;
}

export interface Spread {
  p50: number;
  p95: number;
  p99: number;
  n: number;
}

export const KINDS = ['take next', 'open', 'decide', 'answer', 'settle', 'team view'] as const;
/** Reads with the 250 ms target: what a person waits on to see something. */
export const READS = ['open', 'team view', 'findings list', 'my findings'] as const;

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), n: sorted.length };
}

/** Whether [t, t + ms] meets a fault window, its grace after included. */
export const duringFault = (windows: FaultWindow[], plan: Plan, t: number, ms = 0) =>
  windows.some((w) => t <= w.to + plan.faultGraceMs && t + ms >= w.from);

export function latencies(record: DayRecord, windows: FaultWindow[], plan: Plan) {
  const minute = plan.durationMs / 10;
  const of = (kind: string, keep: (s: Sample) => boolean) =>
    spread(record.samples.filter((s) => s.k === kind && s.s === 1 && keep(s)).map((s) => s.ms));
  const kinds = [...new Set([...KINDS, ...record.samples.map((s) => s.k)])];
  return kinds.map((kind) => ({
    kind,
    whole: of(kind, () => true),
    outside: of(kind, (s) => !duringFault(windows, plan, s.t, s.ms)),
    after: windows.map((w) => of(kind, (s) => s.t >= w.to && s.t < w.to + minute)),
  }));
}

/** Failed attempts with a 5xx (or no answer) outside every fault window. */
export function errorsOutsideFaults(record: DayRecord, windows: FaultWindow[], plan: Plan) {
  const outside = record.attempts.filter((a) => !duringFault(windows, plan, a.t, a.ms));
  return {
    fiveXx: outside.filter((a) => a.s >= 500),
    noAnswer: outside.filter((a) => a.s === 0),
    during: record.attempts.length - outside.length,
  };
}

export interface Drift {
  name: string;
  firstMb: number;
  lastMb: number;
  growth: number;
  maxFds: number;
  fdGrowth: number;
}

const median = (values: number[]) => spread(values).p50;

/** Each process over the last half of the day: its memory at the start and the end of it. */
export function drifts(samples: Samples, plan: Plan): Drift[] {
  const from = plan.durationMs / 2;
  const edge = (plan.durationMs - from) / 10;
  const names = [...new Set(samples.processes.map((s) => s.name))];
  return names.map((name) => {
    const mine = samples.processes.filter(
      (s) => s.name === name && s.t >= from && s.t <= plan.durationMs,
    );
    const first = mine.filter((s) => s.t < from + edge);
    const last = mine.filter((s) => s.t >= plan.durationMs - edge);
    const firstMb = median(first.map((s) => s.rssMb));
    const lastMb = median(last.map((s) => s.rssMb));
    // Bounded: no drift between the two ends (a burst's sockets come and go), and the peak.
    const firstFds = median(first.map((s) => s.fds));
    const lastFds = median(last.map((s) => s.fds));
    const maxFds = Math.max(...mine.map((s) => s.fds));
    return {
      name,
      firstMb,
      lastMb,
      growth: lastMb / firstMb - 1,
      maxFds,
      fdGrowth: lastFds - firstFds,
    };
  });
}

/** Buckets of the day for the chart: decisions per minute, p95 of all actions, memory. */
export function timeline(record: DayRecord, samples: Samples, plan: Plan, buckets = 60) {
  const width = plan.durationMs / buckets;
  const decides = new Array<number>(buckets).fill(0);
  const ms = Array.from({ length: buckets }, () => [] as number[]);
  for (const s of record.samples) {
    const i = Math.floor(s.t / width);
    if (i < 0 || i >= buckets) continue;
    if (s.k === 'decide' && s.s === 1) decides[i]! += 1;
    if (s.k !== 'webhook' && s.s === 1) ms[i]!.push(s.ms);
  }
  const perMinute = 60_000 / width;
  return {
    width,
    decisionsPerMinute: decides.map((n) => n * perMinute),
    p95: ms.map((values) => (values.length ? spread(values).p95 : NaN)),
    memory: samples.processes.filter((s) => s.t <= plan.durationMs),
  };
}
