import { readFileSync, readdirSync } from 'node:fs';
import { BENCH_APPLICATION, benchClient } from './bench-db.ts';

// Every few seconds: each process's resident memory and open descriptors (from /proc), and
// the database's client connections (pg_stat_activity, asked directly, not through the proxy
// the faults cut).

export interface ProcessSample {
  t: number;
  name: string;
  rssMb: number;
  fds: number;
}

export interface Samples {
  processes: ProcessSample[];
  connections: { t: number; n: number }[];
}

const rssMbOf = (pid: number) => {
  const line = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? NaN) / 1024;
};
const fdsOf = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

export function startSampler(
  databaseUrl: string,
  pids: () => Record<string, number | undefined>,
  t0: () => number,
  everyMs: number,
) {
  const samples: Samples = { processes: [], connections: [] };
  const client = benchClient(databaseUrl);
  const connected = client.connect();
  const sample = async () => {
    const t = Date.now() - t0();
    for (const [name, pid] of Object.entries(pids())) {
      if (!pid) continue;
      try {
        samples.processes.push({ t, name, rssMb: rssMbOf(pid), fds: fdsOf(pid) });
      } catch {
        // Gone between the listing and the read (the killed process).
      }
    }
    await connected;
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity
        WHERE backend_type = 'client backend' AND application_name <> $1`,
      [BENCH_APPLICATION],
    );
    samples.connections.push({ t, n: Number(rows[0]?.n) });
  };
  const timer = setInterval(() => void sample().catch(() => undefined), everyMs);
  return {
    samples,
    async stop() {
      clearInterval(timer);
      await client.end().catch(() => undefined);
    },
  };
}
