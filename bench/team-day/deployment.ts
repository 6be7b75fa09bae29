import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTeamDeployment, type TeamDeployment } from '../../e2e/gateway-processes.ts';
import { startThrowawayPostgres } from '../../scripts/postgres-cluster.ts';
import { runScript } from '../lib.ts';
import { startDatabaseProxy, type DatabaseProxy } from './db-proxy.ts';
import { startNoticeReceiver, type NoticeReceiver } from './notice-receiver.ts';
import type { Plan } from './plan.ts';

// The whole system on this machine: a throwaway PostgreSQL behind a proxy the bench can cut,
// the reference service seeded with the department (seed.ts), two gateway processes on that
// database behind the TCP balancer, their notices to a relay of the bench's own, and the
// service's webhooks to the balancer, so a killed process does not hold them.

export interface World {
  team: TeamDeployment;
  proxy: DatabaseProxy;
  receiver: NoticeReceiver;
  /** PostgreSQL itself, past the proxy: the bench's own reads. */
  databaseUrl: string;
  seeded: { pending: number; processes: number; rejectRate: number };
  close(): Promise<void>;
}

/** What the service and each gateway wrote during the day, for a figure that asks why. */
export const LOGS = fileURLToPath(new URL('../results/team-day-logs', import.meta.url));

const freshFolder = (dir: string) => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
};

export async function startWorld(plan: Plan, distDir: string): Promise<World> {
  const postgres = await startThrowawayPostgres();
  const closing: (() => Promise<void>)[] = [() => postgres.stop()];
  const close = async () => {
    for (const step of closing.reverse()) await step().catch(() => undefined);
  };
  try {
    const proxy = await startDatabaseProxy(postgres.url);
    closing.push(() => proxy.close());
    const receiver = await startNoticeReceiver();
    closing.push(() => receiver.close());
    let seeded: World['seeded'] | undefined;
    const team = await startTeamDeployment({
      gateways: 2,
      distDir,
      databaseUrl: proxy.url,
      webhooksTo: 'balancer',
      gatewayEnv: { ATTEST_NOTICE_URL: receiver.url, ATTEST_NOTICE_SECRET: receiver.secret },
      logDir: freshFolder(LOGS),
      seedService: async (dataDir) => {
        mkdirSync(dataDir, { recursive: true });
        const out = await runScript('bench/team-day/seed.ts', [], {
          ATTEST_DATA_DIR: dataDir,
          TEAM_DAY_SCALE: String(plan.scale),
          TEAM_DAY_MINUTES: String(plan.minutes),
        });
        seeded = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as World['seeded'];
      },
    });
    closing.push(() => team.close());
    if (!seeded) throw new Error('the department was not seeded');
    return { team, proxy, receiver, databaseUrl: postgres.url, seeded, close };
  } catch (error) {
    await close();
    throw error;
  }
}
