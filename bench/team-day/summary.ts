import type { Department } from './department.ts';
import type { World } from './deployment.ts';
import {
  drifts,
  duringFault,
  errorsOutsideFaults,
  latencies,
  READS,
  spread,
  type FaultWindow,
} from './figures.ts';
import type { Plan } from './plan.ts';
import type { DayRecord } from './record.ts';
import type { Samples } from './sampler.ts';
import type { Check } from './verify.ts';

// The one-screen summary: the day, the latencies, and each target with its figure beside it,
// ending `team-day: N of M targets met`. A target that cannot be measured says why and counts
// as not met.

export interface DayResult {
  plan: Plan;
  department: Department;
  seeded: World['seeded'];
  record: DayRecord;
  samples: Samples;
  windows: FaultWindow[];
  checks: Check[];
  storeBytes: number;
  machineChecked: number;
  connectionBound: number;
}

interface Target {
  name: string;
  ok: boolean;
  figure: string;
}

/** The load process's name among the sampled ones (main.ts). */
export const LOAD = 'load';

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '-');
const clock = (t: number) =>
  `${Math.floor(t / 60_000)}:${String(Math.floor((t % 60_000) / 1000)).padStart(2, '0')}`;

export function summaryLines(r: DayResult): string[] {
  const { plan, record, windows, department: d } = r;
  const table = latencies(record, windows, plan);
  const errors = errorsOutsideFaults(record, windows, plan);
  const live = spread(
    record.live.filter(([t, lag]) => !duringFault(windows, plan, t - lag, lag)).map(([, v]) => v),
  );
  const memory = drifts(r.samples, plan);
  const connections = Math.max(...r.samples.connections.map((c) => c.n));
  const decisions = record.decisions.length;
  const outside = (kind: string) => table.find((row) => row.kind === kind)?.outside;
  const reads = READS.map((kind) => ({ kind, p99: outside(kind)?.p99 ?? NaN }));
  const decideP99 = outside('decide')?.p99 ?? NaN;

  const targets: Target[] = [
    ...r.checks.map((c) => ({ name: c.name, ok: c.ok, figure: c.detail })),
    {
      name: `about ${d.backlog} decisions (95% of the backlog at least)`,
      ok: decisions >= 0.95 * d.backlog,
      figure: `${decisions} decisions saved (${r.seeded.pending} pending at the start)`,
    },
    {
      name: 'no 5xx except while a fault is on',
      ok: errors.fiveXx.length === 0,
      figure: `${errors.fiveXx.length} 5xx and ${errors.noAnswer.length} unanswered attempts outside the faults (${[...new Set(errors.fiveXx.map((a) => `${a.k} ${a.s}`))].slice(0, 4).join(', ') || 'none'}); ${errors.during} failed attempts during them, all tried again`,
    },
    {
      name: 'no browser-facing error that is not retried away',
      ok: record.errors.length === 0,
      figure: `${record.errors.length} given up${
        record.errors.length
          ? `: ${record.errors
              .slice(0, 2)
              .map((e) => e.message)
              .join('; ')}`
          : ''
      }`,
    },
    {
      name: 'decide p99 outside the faults under 400 ms',
      ok: decideP99 < 400,
      figure: ms(decideP99),
    },
    {
      name: 'reads p99 outside the faults under 250 ms',
      ok: reads.every((x) => x.p99 < 250),
      figure: reads.map((x) => `${x.kind} ${ms(x.p99)}`).join(', '),
    },
    {
      name: "a decision's live event at the other sessions' streams within 1 s p99",
      ok: live.p99 < 1000,
      figure: `p50 ${ms(live.p50)}, p99 ${ms(live.p99)} over ${live.n} arrivals; ${record.liveMissed} of ${record.liveExpected} decisions missed a stream open when sent`,
    },
    {
      name: 'memory flat (within 10%) over the last half of the day',
      // The load process is the bench's instrument, not the system: it keeps every time and
      // every live arrival it records, so it grows by design; printed, not judged.
      ok: memory.every((m) => m.name === LOAD || Math.abs(m.growth) <= 0.1),
      figure: memory
        .map(
          (m) =>
            `${m.name} ${m.firstMb.toFixed(0)}→${m.lastMb.toFixed(0)} MB (${(m.growth * 100).toFixed(1)}%${m.name === LOAD ? ", the bench's record, not judged" : ''})`,
        )
        .join(', '),
    },
    {
      name: 'descriptors and database connections bounded',
      ok: memory.every((m) => m.fdGrowth <= 20) && connections <= r.connectionBound,
      figure: `descriptors (peak, drift over the last half) ${memory.map((m) => `${m.name} ${m.maxFds}, ${m.fdGrowth >= 0 ? '+' : ''}${m.fdGrowth}`).join('; ')}; the gateways' database connections at most ${connections} (bound ${r.connectionBound})`,
    },
  ];

  const after = (i: number) => windows[i]?.name ?? '';
  const lines = [
    '',
    `team-day: ${plan.minutes} min at scale ${plan.scale}: ${d.reviewers.length} reviewers, ${d.notaries.length} notaries, ${d.managers.length} managers, ${r.seeded.pending} pending over ${r.seeded.processes} processes, rejections at the demo's ${(r.seeded.rejectRate * 100).toFixed(0)}%`,
    `faults: ${windows.map((w) => `${w.name} ${clock(w.from)}–${clock(w.to)}`).join('; ')}`,
    `streams: ${record.streams.opened} opened, ${record.streams.reconnects} reconnected; machine checks done: ${r.machineChecked}; load process event-loop p99 ${ms(record.loopDelayP99Ms)}`,
    `store: ${(r.storeBytes / Math.max(1, decisions) / 1024).toFixed(1)} KB per decision (the database's growth over the day / decisions)`,
    `conflicts met and handled: ${
      Object.entries(record.conflicts)
        .map(([k, n]) => `${k} ${n}`)
        .join('; ') || 'none'
    }`,
    '',
    `${'action'.padEnd(14)} ${'whole day p50/p95/p99'.padEnd(24)} ${'outside faults p99'.padEnd(19)} ${windows.map((_, i) => `after ${after(i)} p95/p99`.padEnd(30)).join(' ')}`,
    ...table.map((row) =>
      [
        row.kind.padEnd(14),
        `${ms(row.whole.p50)}/${ms(row.whole.p95)}/${ms(row.whole.p99)} n=${row.whole.n}`.padEnd(
          24,
        ),
        ms(row.outside.p99).padEnd(19),
        ...row.after.map((a) => `${ms(a.p95)}/${ms(a.p99)} n=${a.n}`.padEnd(30)),
      ].join(' '),
    ),
    '',
    ...targets.map((t) => `${t.ok ? '[met]    ' : '[NOT met]'} ${t.name}: ${t.figure}`),
    `team-day: ${targets.filter((t) => t.ok).length} of ${targets.length} targets met`,
  ];
  return lines;
}
