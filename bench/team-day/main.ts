import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchClient } from './bench-db.ts';
import { findPostgres } from '../../scripts/postgres-cluster.ts';
import { buildIfNeeded } from '../../src/build-if-needed.ts';
import { dayChart } from './chart.ts';
import { departmentOf } from './department.ts';
import { LOGS, startWorld, type World } from './deployment.ts';
import type { FaultWindow } from './figures.ts';
import type { LoadSettings } from './load.ts';
import { planOf, type Plan } from './plan.ts';
import type { DayRecord } from './record.ts';
import { watchReceived } from './received.ts';
import { startSampler } from './sampler.ts';
import { LOAD, summaryLines } from './summary.ts';
import { verify } from './verify.ts';

// `npm run bench -- team-day` (ADR 043): a QC department's day in ten minutes on
// this machine, with a killed gateway process and a cut database, checked record by record
// afterwards. Writes bench/results/team-day.{json,svg} and prints a one-screen summary.

const root = fileURLToPath(new URL('../..', import.meta.url));
const DRAIN_MS = 100_000;

/** The load process: started, "day started <t0>" awaited, its record read at its exit. */
function startLoad(settings: LoadSettings) {
  const child = spawn(process.execPath, [join(root, 'bench/team-day/load.ts')], {
    env: { ...process.env, TEAM_DAY_LOAD: JSON.stringify(settings) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let resolveStart: (t0: number) => void = () => {};
  const started = new Promise<number>((resolve) => (resolveStart = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    process.stdout.write(`  load: ${text}`);
    const match = /day started (\d+)/.exec(text);
    if (match) resolveStart(Number(match[1]));
  });
  const ended = new Promise<DayRecord>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(readFileSync(settings.out, 'utf8')) as DayRecord)
        : reject(new Error(`the load process exited with ${code}`)),
    ),
  );
  return { child, started, ended };
}

/** The faults at their times: gateway 0 killed and started again, then the database cut. */
async function playFaults(world: World, plan: Plan, t0: number, windows: FaultWindow[]) {
  const at = (ms: number) => new Promise((resolve) => setTimeout(resolve, t0 + ms - Date.now()));
  await at(plan.killAt);
  const gateway = world.team.gateways[0]!;
  const killed = Date.now() - t0;
  await gateway.stop();
  console.log(`  fault: gateway 0 killed (SIGKILL) at ${(killed / 1000).toFixed(1)} s`);
  await gateway.start();
  windows.push({ name: 'gateway 0 killed', from: killed, to: Date.now() - t0 });
  console.log(
    `  fault: gateway 0 answering again after ${((Date.now() - t0 - killed) / 1000).toFixed(1)} s`,
  );
  await at(plan.cutAt);
  const cut = Date.now() - t0;
  console.log(`  fault: the database cut for ${plan.cutMs / 1000} s`);
  await world.proxy.cut(plan.cutMs);
  windows.push({ name: 'database cut', from: cut, to: Date.now() - t0 });
}

/** What `plan.overdueAt` says: the findings open at each time fall due an hour before. */
async function letDaysPass(databaseUrl: string, plan: Plan, t0: number) {
  for (const at of plan.overdueAt) {
    await new Promise((resolve) => setTimeout(resolve, t0 + at - Date.now()));
    const due = Date.now() - 3_600_000;
    const db = benchClient(databaseUrl);
    await db.connect();
    try {
      // The row's column and its record's `dueOn`, as the store writes both (findings/store.ts).
      const { rowCount } = await db.query(
        `UPDATE qc_findings
            SET due_at = $1, record = jsonb_set(record::jsonb, '{dueOn}', to_jsonb($2::text))::text
          WHERE state = 'open'`,
        [due, new Date(due).toISOString()],
      );
      console.log(`  time: ${rowCount} open findings fell due (as if raised days before)`);
    } finally {
      await db.end();
    }
  }
}

/** Until the notices and the service's webhooks have all gone out (or DRAIN_MS). */
async function drain(databaseUrl: string) {
  const db = benchClient(databaseUrl);
  await db.connect();
  const until = Date.now() + DRAIN_MS;
  try {
    while (Date.now() < until) {
      const { rows } = await db.query<{ n: string }>(
        "SELECT count(*) AS n FROM notices WHERE state = 'pending'",
      );
      if (Number(rows[0]?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await db.end();
  }
}

async function databaseSize(databaseUrl: string): Promise<number> {
  const db = benchClient(databaseUrl);
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>(
      'SELECT pg_database_size(current_database()) AS n',
    );
    return Number(rows[0]?.n);
  } finally {
    await db.end();
  }
}

export async function teamDay(): Promise<void> {
  const plan = planOf(process.env);
  const postgres = findPostgres();
  if ('missing' in postgres) {
    console.log(`team-day: not run (${postgres.missing})\nteam-day: 0 of 1 targets met`);
    return;
  }
  const distDir = process.env.BENCH_DIST_DIR ?? join(root, 'dist');
  await buildIfNeeded(root, distDir);
  const department = departmentOf(plan.scale, plan.minutes);
  console.log(`team-day: starting PostgreSQL, the service with the department, two gateways ...`);
  const world = await startWorld(plan, distDir);
  const work = mkdtempSync(join(tmpdir(), 'attest-team-day-'));
  // Stopped by hand: PostgreSQL runs detached and outlives a process that just exits.
  const interrupted = () => void world.close().finally(() => process.exit(130));
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  try {
    const sizeBefore = await databaseSize(world.databaseUrl);
    const received = watchReceived(world.databaseUrl);
    const load = startLoad({
      base: world.team.balancerUrl,
      webhookSecret: world.team.webhookSecret,
      plan,
      rejectRate: world.seeded.rejectRate,
      out: join(work, 'record.json'),
    });
    const t0 = await Promise.race([load.started, load.ended.then(() => NaN)]);
    const pids = () => ({
      service: world.team.servicePid,
      'gateway 0': world.team.gateways[0]?.pid(),
      'gateway 1': world.team.gateways[1]?.pid(),
      [LOAD]: load.child.pid,
    });
    const sampler = startSampler(world.databaseUrl, pids, () => t0, plan.sampleEveryMs);
    const windows: FaultWindow[] = [];
    const faults = playFaults(world, plan, t0, windows);
    const overdue = letDaysPass(world.databaseUrl, plan, t0);
    const record = await load.ended;
    await faults;
    await overdue;
    await sampler.stop();
    console.log('team-day: the day is over; waiting for notices and webhooks to go out ...');
    await drain(world.databaseUrl);
    const killed = windows.find((w) => w.name === 'gateway 0 killed');
    const checks = await verify(world, record, await received.counts(), t0 + (killed?.from ?? 0));
    const result = {
      plan,
      department,
      seeded: world.seeded,
      record,
      samples: sampler.samples,
      windows,
      checks,
      storeBytes: (await databaseSize(world.databaseUrl)) - sizeBefore,
      machineChecked: await machineChecked(world.databaseUrl),
      // Each gateway's pool (10) and its listening connection, and a few to spare.
      connectionBound: world.team.gateways.length * 12,
    };
    const lines = summaryLines(result);
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(
      join(root, 'bench/results/team-day.svg'),
      dayChart(record, sampler.samples, windows, plan),
    );
    // Every sample and attempt of the day, for a figure to be read again by the minute.
    writeFileSync(join(root, 'bench/results/team-day-record.json'), JSON.stringify(record));
    writeFileSync(
      join(root, 'bench/results/team-day.json'),
      `${JSON.stringify({ ...result, record: { ...record, samples: record.samples.length, live: record.live.length } }, null, 2)}\n`,
    );
    console.log(
      [
        ...lines,
        `(chart: bench/results/team-day.svg; each process's log: ${relative(root, LOGS)}/)`,
      ].join('\n'),
    );
  } finally {
    await world.close();
    rmSync(work, { recursive: true, force: true });
  }
}

async function machineChecked(databaseUrl: string): Promise<number> {
  const db = benchClient(databaseUrl);
  await db.connect();
  try {
    const { rows } = await db.query<{ n: string }>(
      "SELECT count(*) AS n FROM machine_checks WHERE state = 'checked'",
    );
    return Number(rows[0]?.n);
  } finally {
    await db.end();
  }
}
