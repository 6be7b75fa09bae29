import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { appRunning, approveAndNext, painted, signIn, VIEWPORT, watchShown } from './browser.ts';
import { summarise } from './lib.ts';

// ADR 042's speed target beside the reviewers: approve-and-next with the machine's checker
// idle, then with 500 requests queued for it, in one console. The checker reads in threads of
// its own at a lower priority; the figure says whether a reviewer feels it.

const QUEUED = 500;
const APPROVALS = 40;
const WARM_UPS = 10;
/** A core's ticks a second, as /proc counts CPU time (Linux's USER_HZ). */
const TICKS = 100;

/** CPU seconds used so far by a process and everything it started (Linux; 0 elsewhere). */
function treeCpuSeconds(root: number): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state, ppid (4th field), …, utime (14th) and stime (15th).
      stats.set(Number(name), {
        parent: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; hops++) {
      if (p === root) return true;
      p = stats.get(p)?.parent ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, { ticks: t }] of stats) if (inTree(pid)) ticks += t;
  return ticks / TICKS;
}

/** Waits until the console uses under a tenth of a core for three seconds (at most 5 min). */
async function quiet(root: number): Promise<boolean> {
  const until = Date.now() + 5 * 60_000;
  while (Date.now() < until) {
    const before = treeCpuSeconds(root);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    if ((treeCpuSeconds(root) - before) / 3 < 0.1) return true;
  }
  return false;
}

/** The machine's summaries of `ids` (which queues those not yet read), in the page's session. */
async function summaries(page: Page, ids: string[]): Promise<{ state: string }[]> {
  const out: { state: string }[] = [];
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100).join(',');
    const got = await page.evaluate(
      async (chunk) =>
        (await (await fetch(`/team/checks?ids=${chunk}`)).json()) as {
          summaries: { state: string }[];
        },
      chunk,
    );
    out.push(...got.summaries);
  }
  return out;
}

async function newestPending(page: Page, count: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor = '';
  while (ids.length < count) {
    const got = await page.evaluate(
      async (cursor) =>
        (await (
          await fetch(
            `/api/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=desc&limit=100${cursor ? `&cursor=${cursor}` : ''}`,
          )
        ).json()) as { qcRequests: { id: string }[]; pagination: { nextCursor?: string } },
      cursor,
    );
    ids.push(...got.qcRequests.map((r) => r.id));
    if (!got.pagination.nextCursor) break;
    cursor = got.pagination.nextCursor;
  }
  return ids.slice(0, count);
}

/** From the queue on screen, APPROVALS approvals in a row: their times, and the console's CPU. */
async function approvals(page: Page, root: number, warmUps = 0) {
  await page.locator('[data-qc-row]').first().click();
  await painted(page);
  // Unmeasured: the first reviews of a page run code the browser has not compiled yet.
  for (let i = 0; i < warmUps; i++) await approveAndNext(page);
  const cpuBefore = treeCpuSeconds(root);
  const started = performance.now();
  const frames: number[] = [];
  for (let i = 0; i < APPROVALS; i++) {
    const { frame } = await approveAndNext(page);
    if (!Number.isNaN(frame)) frames.push(frame);
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    ...summarise(frames),
    consoleCores: Math.round(((treeCpuSeconds(root) - cpuBefore) / seconds) * 100) / 100,
  };
}

/** Approve-and-next with the checker idle, then beside 500 queued checks. */
export async function checksBesideFigures(base: string, consolePid: number) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript(watchShown);
    const page = await context.newPage();
    await signIn(page, base);
    const queue = async () => {
      await page.goto(`${base}/qc?status=pending&order=oldest`);
      await appRunning(page);
    };
    // The queue's rows are queued for the checker as they are shown: read before it is idle.
    await queue();
    const wasQuiet = await quiet(consolePid);
    const idle = await approvals(page, consolePid, WARM_UPS);
    await queue();
    const queued = await newestPending(page, QUEUED);
    const before = (await summaries(page, queued)).filter((s) => s.state === 'checked').length;
    const started = performance.now();
    const busy = await approvals(page, consolePid, WARM_UPS);
    const minutes = (performance.now() - started) / 60_000;
    const after = (await summaries(page, queued)).filter((s) => s.state === 'checked').length;
    return {
      idle,
      busy,
      queued: queued.length,
      checkedBefore: before,
      checkedDuring: after - before,
      checksPerMinute: Math.round((after - before) / minutes),
      quietFirst: wasQuiet,
      ratioP50: busy.p50 / idle.p50,
    };
  } finally {
    await browser.close();
  }
}

export function checksBesideLines(f: Awaited<ReturnType<typeof checksBesideFigures>>): string[] {
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const within = f.ratioP50 <= 1.1;
  return [
    `approve and next beside the machine's checks (ADR 042): checker idle p50 ${ms(f.idle.p50)} p95 ${ms(f.idle.p95)} (console ${f.idle.consoleCores} cores${f.quietFirst ? '' : ', never quiet first'}); with ${f.queued} requests queued for it p50 ${ms(f.busy.p50)} p95 ${ms(f.busy.p95)} (console ${f.busy.consoleCores} cores; ${f.checkedDuring} checked during the approvals, ${f.checksPerMinute} a minute; ${f.checkedBefore} were already): ${(f.ratioP50 * 100).toFixed(0)}% of idle${within ? '' : '!'} (target within 110%)`,
  ];
}
