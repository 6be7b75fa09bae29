import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { GaveUp, signIn, type Session } from './client.ts';
import type { Day } from './day.ts';
import { departmentOf, type Person } from './department.ts';
import { burst } from './hooks.ts';
import { manager } from './manager.ts';
import { notary } from './notary.ts';
import type { Plan } from './plan.ts';
import { emptyRecord } from './record.ts';
import { reviewer } from './reviewer.ts';
import { LiveBoard, openStream, type Stream } from './streams.ts';

// The load process (`node bench/team-day/load.ts`, started by main.ts with TEAM_DAY_LOAD):
// plain Node and undici on loopback, apart from the processes it measures. It signs the
// department in through the balancer, opens every session's event stream, says "day started"
// with the moment, plays the day, and writes what it saw as JSON.

export interface LoadSettings {
  base: string;
  webhookSecret: string;
  plan: Plan;
  rejectRate: number;
  out: string;
}

const settings = JSON.parse(process.env.TEAM_DAY_LOAD ?? 'null') as LoadSettings | null;
if (!settings) throw new Error('TEAM_DAY_LOAD holds the load settings (main.ts sets it)');
const { base, plan } = settings;
const department = departmentOf(plan.scale, plan.minutes);
const record = emptyRecord(0);
const board = new LiveBoard();

/** Sign-ins a few at a time: each costs the service a scrypt. */
async function signInAll(people: Person[]): Promise<Session[]> {
  const sessions: Session[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < people.length) {
        const person = people[next++]!;
        sessions.push(await signIn(base, person, department.secret, record));
      }
    }),
  );
  return people.map((p) => sessions.find((s) => s.person === p)!);
}

const reviewers = await signInAll(department.reviewers);
const notaries = await signInAll(department.notaries);
const managers = await signInAll(department.managers);
const streams = new Map<Session, Stream>();
for (const s of reviewers) streams.set(s, openStream(s, board, true));
for (const s of managers) streams.set(s, openStream(s, board, true));
for (const s of notaries) streams.set(s, openStream(s, board, false));
const opened = Date.now();
while ([...streams.values()].some((s) => !s.isOpen()) && Date.now() - opened < 20_000) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}

record.t0 = Date.now();
const day: Day = {
  plan,
  department,
  record,
  board,
  rejectRate: settings.rejectRate,
  reviewMs: (0.85 * plan.durationMs) / (department.backlog / department.reviewers.length),
  running: () => Date.now() < record.t0 + plan.durationMs,
};
console.log(`day started ${record.t0}`);
const loop = monitorEventLoopDelay({ resolution: 20 });
loop.enable();

/** An actor keeps working after an error a person saw (it is in the record). */
const keepAt = async (work: () => Promise<void>) => {
  while (day.running()) {
    try {
      await work();
      return;
    } catch (error) {
      if (!(error instanceof GaveUp)) {
        record.errors.push({
          k: 'actor',
          t: Date.now() - record.t0,
          ms: 0,
          s: -1,
          message: String(error),
        });
      }
    }
  }
};
const bursts = plan.bursts.map(
  (b) =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        void burst(day, base, settings.webhookSecret, b.count).finally(resolve);
      }, b.at),
    ),
);
await Promise.all([
  ...reviewers.map((s) => keepAt(() => reviewer(s, day, streams.get(s)!))),
  ...notaries.map((s) => keepAt(() => notary(s, day))),
  ...managers.map((s, i) => keepAt(() => manager(s, day, i))),
  ...bursts,
]);
// The last decisions' news still travelling.
await new Promise((resolve) => setTimeout(resolve, 2_000));

record.streams.open = [...streams.values()].filter((s) => s.isOpen()).length;
for (const stream of streams.values()) stream.close();
for (const sent of board.sent.values()) {
  record.liveExpected += 1;
  if (sent.got < sent.expected) record.liveMissed += 1;
}
record.loopDelayP99Ms = loop.percentile(99) / 1e6;
writeFileSync(settings.out, JSON.stringify(record));
console.log(`day ended: ${record.decisions.length} decisions saved`);
process.exit(0);
