import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres } from '../scripts/postgres-cluster.ts';
import { freePort } from './free-port.ts';

// ADR 023: a team's deployment on one machine, as the two-gateway spec and the bench use it:
// one PostgreSQL, one reference service, N gateway processes on it, a TCP balancer in front.
// Plain Node only (no Playwright): the bench imports it too.

export interface GatewayProcess {
  url: string;
  /** The running process's id, for a bench that samples its memory; undefined while stopped. */
  pid(): number | undefined;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface TeamDeployment {
  serviceUrl: string;
  servicePid: number | undefined;
  webhookSecret: string;
  databaseUrl: string;
  gateways: GatewayProcess[];
  /** A small TCP load balancer in front of the gateways: round robin over the ones that accept a connection. */
  balancerUrl: string;
  close(): Promise<void>;
}

const root = fileURLToPath(new URL('..', import.meta.url));
const STARTUP_MS = 90_000;

// A child ends when its stdin does: when this process dies, even by SIGKILL (a Playwright
// worker's timeout), the pipe closes and nothing is left listening. Its main thread only:
// a worker thread runs `--import` too, and there stdin is an empty stream that closes at once
// (the gateway's page drawer ended as it started, and every first page was refused 422).
const EXIT_WITH_PARENT =
  'data:text/javascript,import{isMainThread}from"node:worker_threads";' +
  'if(isMainThread)process.stdin.on("data",()=>{}).on("close",()=>process.exit(1))';

/** Children still running, killed on exit as well (the stdin watch covers the harder cases). */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

interface Child {
  process: ChildProcess;
  /** The last few KB of its stderr and stdout, for a start that fails. */
  output: () => string;
}

/** `logFile`: where everything it writes goes as well, appended (a bench reads it after). */
function spawnNode(script: string, env: Record<string, string>, logFile?: string): Child {
  const child = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (logFile) {
    const log = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    child.once('exit', () => log.end());
  }
  return { process: child, output: () => output };
}

/** Resolves once `url` answers 200; rejects when the child exits first or it takes too long. */
async function waitHealthy(url: string, child: Child, name: string): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(`${name} exited during start-up:\n${child.output()}`);
    }
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      async (response) => {
        await response.body?.cancel();
        return response.ok;
      },
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not answer ${url} within ${STARTUP_MS} ms:\n${child.output()}`);
}

async function kill(child: Child | undefined): Promise<void> {
  const proc = child?.process;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGKILL');
  await exited;
}

/** `node <script>` with `env` besides this process's, once `healthUrl` answers 200. */
export async function startNodeProcess(
  script: string,
  env: Record<string, string>,
  healthUrl: string,
  name: string,
): Promise<{ stop(): Promise<void> }> {
  const child = spawnNode(script, env);
  try {
    await waitHealthy(healthUrl, child, name);
  } catch (error) {
    await kill(child);
    throw error;
  }
  return { stop: () => kill(child) };
}

/** `npm start` on `port` with `env` besides this process's: started by `start()`. */
export function gatewayProcess(
  port: number,
  env: Record<string, string>,
  logFile?: string,
): GatewayProcess {
  const url = `http://127.0.0.1:${port}`;
  let child: Child | undefined;
  const runningPid = () =>
    child && child.process.exitCode === null && child.process.signalCode === null
      ? child.process.pid
      : undefined;
  return {
    url,
    pid: runningPid,
    async start() {
      if (child && child.process.exitCode === null && child.process.signalCode === null) return;
      const started = spawnNode('src/main.ts', { ...env, PORT: String(port) }, logFile);
      child = started;
      // A crash nobody asked for is the news of a run: say so, with what it wrote last.
      started.process.once('exit', (code, signal) => {
        if (signal !== 'SIGKILL') {
          console.error(
            `the gateway on port ${port} exited (${code ?? signal}):\n${started.output()}`,
          );
        }
      });
      try {
        await waitHealthy(`${url}/healthz`, child, `the gateway on port ${port}`);
      } catch (error) {
        await kill(child);
        throw error;
      }
    },
    // SIGKILL: a crash, not a shutdown; whatever it held in memory is gone.
    stop: () => kill(child),
  };
}

/** Round robin over the ports; a connection that is refused tries the next one. */
function startBalancer(port: number, targets: readonly number[]): Promise<Server> {
  let next = 0;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    client.on('error', () => client.destroy());
    // Its own walk from its turn: connections opened at once must not skip each other's.
    const first = next++;
    const attempt = (tries: number) => {
      const target = targets[(first + tries) % targets.length]!;
      const upstream = connect(target, '127.0.0.1');
      track(upstream);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.on('error', () => {
        if (!connected && tries + 1 < targets.length && !client.destroyed) attempt(tries + 1);
        else client.destroy();
      });
      upstream.once('close', () => {
        if (connected) client.destroy();
      });
      client.once('close', () => upstream.destroy());
    };
    attempt(0);
  });
  // Closing the server alone waits for open connections (an event stream never ends).
  const close = server.close.bind(server);
  server.close = (callback) => {
    for (const socket of sockets) socket.destroy();
    return close(callback);
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export async function startTeamDeployment(o: {
  gateways: number;
  distDir: string;
  databaseUrl?: string;
  /** Fills the service's empty data folder before it starts (a bench's own department). */
  seedService?: (dataDir: string) => Promise<void>;
  /** Where the service sends its webhooks: process 0 (the default) or the balancer, so a
   * killed process 0 does not leave them waiting for its return. */
  webhooksTo?: 'first-gateway' | 'balancer';
  /** Settings every gateway process gets besides these (a notices endpoint). */
  gatewayEnv?: Record<string, string>;
  /** A folder that keeps what each process writes (`service.log`, `gateway-0.log`, …). */
  logDir?: string;
}): Promise<TeamDeployment> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await Promise.resolve()
        .then(cleanup)
        .catch(() => {});
    }
  };
  try {
    const dir = mkdtempSync(join(tmpdir(), 'attest-team-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    let databaseUrl = o.databaseUrl;
    if (!databaseUrl) {
      const postgres = await startThrowawayPostgres();
      cleanups.push(() => postgres.stop());
      databaseUrl = postgres.url;
    }
    const logIn = (name: string) => (o.logDir ? join(o.logDir, `${name}.log`) : undefined);
    const webhookSecret = `whsec_${randomBytes(32).toString('base64')}`;
    const ports = await Promise.all(Array.from({ length: o.gateways }, () => freePort()));
    const [servicePort, balancerPort] = [await freePort(), await freePort()];
    const balancerUrl = `http://127.0.0.1:${balancerPort}`;

    await o.seedService?.(join(dir, 'service'));
    const webhookTo = o.webhooksTo === 'balancer' ? balancerPort : ports[0];
    const service = spawnNode(
      'src/service/main.ts',
      {
        SERVICE_PORT: String(servicePort),
        ATTEST_DATA_DIR: join(dir, 'service'),
        ATTEST_WEBHOOK_URL: `http://127.0.0.1:${webhookTo}/webhooks/{owner}`,
        ATTEST_WEBHOOK_SECRET: webhookSecret,
      },
      logIn('service'),
    );
    cleanups.push(() => kill(service));
    const serviceUrl = `http://127.0.0.1:${servicePort}`;
    await waitHealthy(`${serviceUrl}/healthz`, service, 'the reference service');

    const shared = {
      ATTEST_UPSTREAM: serviceUrl,
      ATTEST_SKIP_BUILD: '1',
      ATTEST_DIST_DIR: o.distDir,
      ATTEST_DATABASE_URL: databaseUrl,
      ATTEST_SESSION_KEY: randomBytes(32).toString('base64'),
      ATTEST_WEBHOOK_SECRET: webhookSecret,
      // The balancer's name is not the gateway's own: its Host and Origin checks must know it.
      ATTEST_PUBLIC_URL: balancerUrl,
      ...o.gatewayEnv,
    };
    const gateways = ports.map((port, i) =>
      gatewayProcess(
        port,
        { ...shared, ATTEST_DATA_DIR: join(dir, `gateway-${i}`) },
        logIn(`gateway-${i}`),
      ),
    );
    cleanups.push(() => Promise.all(gateways.map((gateway) => gateway.stop())).then(() => {}));
    // Side by side, as a deployment's processes start: the migrations take a lock for that.
    await Promise.all(gateways.map((gateway) => gateway.start()));

    const balancer = await startBalancer(balancerPort, ports);
    cleanups.push(() => new Promise<void>((resolve) => balancer.close(() => resolve())));
    const servicePid = service.process.pid;
    return { serviceUrl, servicePid, webhookSecret, databaseUrl, gateways, balancerUrl, close };
  } catch (error) {
    await close();
    throw error;
  }
}
