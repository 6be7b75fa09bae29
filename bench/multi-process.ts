import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { startTeamDeployment, type TeamDeployment } from '../e2e/gateway-processes.ts';
import { postSignedDelivery } from '../e2e/signed-delivery.ts';
import { findPostgres } from '../scripts/postgres-cluster.ts';
import { buildIfNeeded } from '../src/build-if-needed.ts';
import { signIn } from './browser.ts';
import { summarise } from './lib.ts';

// ADR 023: one and two gateway processes on one PostgreSQL, behind a TCP balancer. Proxied
// list requests and sign-ins per second spread over the processes, and how soon a webhook
// received by one process reaches a browser on the other. It reports; it asserts nothing.
// Alone: `node bench/multi-process.ts` (BENCH_DIST_DIR: the built app to serve, default dist).

const CLIENTS = 16;
const WARM_UP_MS = 1000;
const MEASURE_MS = 5000;
const DELIVERIES = 20;
const LOGIN = { clientId: 'acme-reviewer', clientSecret: 'acme-reviewer-secret' };
/** The queue's own first page (src/app/features/qc/queue-request.ts). */
const QUEUE_LIST =
  '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=25&orderBy=createdOn&orderDirection=desc';
const EVENT_TYPE = 'DOCUMENT_READY';

export interface ProcessFigures {
  gateways: number;
  listsPerSecond: number;
  signInsPerSecond: number;
  webhookToBrowser: { p50: number; p95: number; n: number };
}
export type MultiProcessFigures = { cores: number; runs: ProcessFigures[] } | { skipped: string };

/** Skipped where PostgreSQL cannot start; a failure is reported, not thrown, so the rest of
 * `npm run bench`'s report still prints. */
export async function multiProcessFigures(distDir: string): Promise<MultiProcessFigures> {
  const postgres = findPostgres();
  if ('missing' in postgres) return { skipped: postgres.missing };
  try {
    return { cores: availableParallelism(), runs: await measure(distDir) };
  } catch (error) {
    return { skipped: `failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

async function measure(distDir: string): Promise<ProcessFigures[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const runs: ProcessFigures[] = [];
    for (const gateways of [1, 2]) {
      const team = await startTeamDeployment({ gateways, distDir });
      try {
        runs.push({
          gateways,
          listsPerSecond: await perSecond(listOnce(team, await signInCookie(team))),
          signInsPerSecond: await perSecond(() => signInCookie(team)),
          webhookToBrowser: await webhookToBrowser(team, browser),
        });
      } finally {
        await team.close();
      }
    }
    return runs;
  } finally {
    await browser.close();
  }
}

export function multiProcessLines(figures: MultiProcessFigures): string[] {
  if ('skipped' in figures)
    return [`gateway processes on PostgreSQL: not measured (${figures.skipped})`];
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  // Service, database, gateways, balancer and clients share the cores: on few, a second
  // process adds no throughput, and the figures say so rather than hide it.
  const header = `gateway processes on PostgreSQL (with the service, database and clients on this machine's ${figures.cores} cores):`;
  const lines = figures.runs.flatMap((r) => {
    const on = `  ${r.gateways} process${r.gateways === 1 ? '' : 'es'}`;
    const where = r.gateways === 1 ? 'the same process' : 'the other process';
    return [
      `${on}, ${CLIENTS} clients through the balancer: ${r.listsPerSecond.toFixed(0)} queue lists/s, ${r.signInsPerSecond.toFixed(0)} sign-ins/s`,
      `${on}, webhook at process 0 to a browser on ${where}: p50 ${ms(r.webhookToBrowser.p50)}  p95 ${ms(r.webhookToBrowser.p95)} (target < 1 s)`,
    ];
  });
  return [header, ...lines];
}

/** CLIENTS loops of `once` for MEASURE_MS after WARM_UP_MS: completed calls per second. */
async function perSecond(once: () => Promise<unknown>): Promise<number> {
  const loop = async (ms: number) => {
    let done = 0;
    const until = performance.now() + ms;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until) {
          await once();
          done += 1;
        }
      }),
    );
    return done;
  };
  await loop(WARM_UP_MS);
  return (await loop(MEASURE_MS)) / (MEASURE_MS / 1000);
}

/** A sign-in through the balancer as the app sends it (CSRF header, own Origin): its cookie. */
async function signInCookie(team: TeamDeployment): Promise<string> {
  const response = await fetch(`${team.balancerUrl}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-attest': '1', origin: team.balancerUrl },
    body: JSON.stringify(LOGIN),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${text}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

function listOnce(team: TeamDeployment, cookie: string) {
  return async () => {
    const response = await fetch(`${team.balancerUrl}${QUEUE_LIST}`, { headers: { cookie } });
    const text = await response.text();
    if (!response.ok) throw new Error(`queue list answered ${response.status}: ${text}`);
  };
}

/**
 * A page signed in on the last process listens on /events; each signed delivery goes to
 * process 0. Timed from just before the POST to the event's arrival in the page (wall clock
 * on both sides); arrivals are recorded in the page, so no driver round trip is counted.
 */
async function webhookToBrowser(team: TeamDeployment, browser: Browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const base = team.gateways.at(-1)?.url ?? '';
    await signIn(page, base);
    await page.evaluate(
      (type) =>
        new Promise<void>((resolve, reject) => {
          const arrived = new Map<string, number>();
          (window as unknown as { arrived: typeof arrived }).arrived = arrived;
          const source = new EventSource('/events');
          source.addEventListener(type, (event) => {
            const { hookId } = JSON.parse((event as MessageEvent<string>).data) as {
              hookId: string;
            };
            arrived.set(hookId, performance.timeOrigin + performance.now());
          });
          source.onopen = () => resolve();
          source.onerror = () => reject(new Error('the event stream failed'));
        }),
      EVENT_TYPE,
    );
    const samples: number[] = [];
    for (let i = 0; i < DELIVERIES + 2; i += 1) {
      const hookId = `msg_${randomUUID()}`;
      const sent = Date.now();
      await deliver(team, hookId);
      const at = await page.evaluate(async (id) => {
        const { arrived } = window as unknown as { arrived: Map<string, number> };
        const until = performance.now() + 10_000;
        while (!arrived.has(id) && performance.now() < until) {
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        return arrived.get(id) ?? Number.NaN;
      }, hookId);
      if (i >= 2) samples.push(at - sent); // the first two warm the paths up
    }
    return summarise(samples);
  } finally {
    await context.close();
  }
}

async function deliver(team: TeamDeployment, hookId: string) {
  const posted = await postSignedDelivery({
    url: `${team.gateways[0]?.url}/webhooks/acme`,
    secret: team.webhookSecret,
    payload: { crid: 'BENCH', note: 'multi-process bench' },
    type: EVENT_TYPE,
    hookId,
  });
  if (posted.status !== 204) {
    throw new Error(`the delivery answered ${posted.status}: ${posted.text}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const distDir = process.env.BENCH_DIST_DIR ?? `${root}dist`;
  await buildIfNeeded(root, distDir);
  console.log(multiProcessLines(await multiProcessFigures(distDir)).join('\n'));
}
