import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { READING_MS, browserFigures } from './browser.ts';
import { checkFigures, checkLines } from './checks.ts';
import { checksBesideFigures, checksBesideLines } from './checks-beside.ts';
import { coldFigures, coldLines } from './cold.ts';
import { multiProcessFigures, multiProcessLines } from './multi-process.ts';
import { regionFigures, regionLines } from './regions.ts';
import { reportFigures, reportLines } from './report.ts';
import { teamFigures } from './team.ts';
import { freePort, runScript, startScript, summarise, time } from './lib.ts';

// `npm run bench -- team-day`: a QC department's day under load, alone (bench/team-day/).
if (process.argv[2] === 'team-day') {
  const { teamDay } = await import('./team-day/main.ts');
  await teamDay();
  process.exit(0);
}

// `npm run bench`: seeds a large data set, runs the reference service as its own process and
// measures list latency over real HTTP. It reports figures; it asserts nothing.
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const SAMPLES = 60;
const dataDir = mkdtempSync(join(tmpdir(), 'attest-bench-'));
const env = { ATTEST_DATA_DIR: dataDir, SERVICE_PORT: '0' };
const results: Record<string, unknown> = { records: RECORDS, date: new Date().toISOString() };

try {
  console.log(`seeding the demo data and ${RECORDS} QC requests and accounts into ${dataDir} ...`);
  const seedOut = await runScript(
    'src/service/seed/cli.ts',
    ['--qc-requests', String(RECORDS), '--accounts', String(RECORDS)],
    env,
  );
  process.stdout.write(seedOut);
  results.seedQcRequestsSeconds = Number(
    /added \d+ QC requests to \w+ in ([\d.]+) s/.exec(seedOut)?.[1],
  );

  const { child, match } = await startScript(
    'src/service/main.ts',
    env,
    /reference service: (http:\/\/\S+)/,
  );
  const base = match[1];
  try {
    const tokenResponse = await fetch(`${base}/auth/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('acme-admin:acme-admin-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}` };
    const lists = {
      accounts: '/accounts/v1/accounts?owner=acme&limit=100',
      qcRequests: '/qc/v2/qc/requests?owner=acme&status=pending&limit=100',
    };
    for (const [name, path] of Object.entries(lists)) {
      const list = async (query: string) => {
        const response = await fetch(`${base}${path}&${query}`, { headers });
        if (!response.ok) throw new Error(`${name} list answered ${response.status}`);
        return (await response.json()) as {
          pagination: { nextCursor: string; totalCount: number };
        };
      };
      // Walk to 90% depth with real cursors (limit is part of the cursor, so walk at 100).
      const first = await list('');
      const total = first.pagination.totalCount;
      let page = first;
      let seen = 100;
      while (seen < total * 0.9 && page.pagination.nextCursor) {
        page = await list(`cursor=${page.pagination.nextCursor}`);
        seen += 100;
      }
      const deepCursor = page.pagination.nextCursor;
      console.log(
        `${name}: ${total} records; deep cursor at record ${seen} (${((seen / total) * 100).toFixed(0)}%)`,
      );

      for (let i = 0; i < 10; i += 1) await list(''); // warm-up
      const firstMs: number[] = [];
      const deepMs: number[] = [];
      for (let i = 0; i < SAMPLES; i += 1) {
        firstMs.push(await time(() => list('')));
        deepMs.push(await time(() => list(`cursor=${deepCursor}`)));
      }
      const f = summarise(firstMs);
      const d = summarise(deepMs);

      // Throughput: 8 concurrent clients for 5 seconds on the first page of 100.
      let done = 0;
      const until = performance.now() + 5000;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (performance.now() < until) {
            await list('');
            done += 1;
          }
        }),
      );
      results[name] = {
        firstPage: f,
        deepPage: d,
        deepToFirstRatioP50: d.p50 / f.p50,
        deepToFirstRatioP95: d.p95 / f.p95,
        requestsPerSecond: done / 5,
      };
    }
  } finally {
    child.kill('SIGTERM');
  }

  // The console over the same data: gateway + service, the app built if stale.
  const ports = { PORT: String(await freePort()), SERVICE_PORT: String(await freePort()) };
  const consoleProcess = await startScript(
    'src/main.ts',
    { ATTEST_DATA_DIR: dataDir, ...ports },
    /Attest console: (http:\/\/\S+)/,
  );
  try {
    results.browser = await browserFigures(consoleProcess.match[1] ?? '');
    results.team = await teamFigures(consoleProcess.match[1] ?? '');
    results.regions = await regionFigures(consoleProcess.match[1] ?? '');
    // First visits over a real connection, cold, beside the bare baselines (ADR 017, 031).
    results.cold = await coldFigures(consoleProcess.match[1] ?? '');
    // ADR 042: approve-and-next with the checker idle, then with 500 requests queued for it.
    results.checksBeside = await checksBesideFigures(
      consoleProcess.match[1] ?? '',
      consoleProcess.child.pid ?? 0,
    );
  } finally {
    consoleProcess.child.kill('SIGTERM');
  }
  // ADR 023: one and two gateway processes on PostgreSQL, over the app src/main.ts built.
  results.multiProcess = await multiProcessFigures('dist');
  // ADR 041: the QC report over a month of 10,000 decisions, on SQLite and PostgreSQL.
  results.report = await reportFigures();
  // ADR 042: the machine's checks over documents the tests do not use, their speed and memory.
  results.checks = await checkFigures();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

interface ListFigures {
  firstPage: { p50: number; p95: number };
  deepPage: { p50: number; p95: number };
  deepToFirstRatioP50: number;
  deepToFirstRatioP95: number;
  requestsPerSecond: number;
}
const ms = (n: number) => `${n.toFixed(2)} ms`;
const lines = [
  '',
  `seed ${RECORDS} QC requests: ${Number(results.seedQcRequestsSeconds).toFixed(1)} s (target < 15 s)`,
];
for (const name of ['accounts', 'qcRequests']) {
  const r = results[name] as ListFigures;
  lines.push(
    `${name} list, first page:  p50 ${ms(r.firstPage.p50)}  p95 ${ms(r.firstPage.p95)}`,
    `${name} list, 90% deep:    p50 ${ms(r.deepPage.p50)}  p95 ${ms(r.deepPage.p95)}`,
    `${name} deep / first:      p50 ${r.deepToFirstRatioP50.toFixed(2)}  p95 ${r.deepToFirstRatioP95.toFixed(2)} (target < 1.5)`,
    `${name} list of 100, 8 clients: ${r.requestsPerSecond.toFixed(0)} requests/s`,
  );
}
const b = results.browser as Awaited<ReturnType<typeof browserFigures>>;
const t = results.team as Awaited<ReturnType<typeof teamFigures>>;
lines.push(
  `queue rows visible after navigation: p50 ${ms(b.queueRowsVisible.p50)} (target < 300 ms)`,
  `review opened to first page painted, page load: p50 ${ms(b.firstPagePainted.p50)}  p95 ${ms(b.firstPagePainted.p95)} (target < 600 ms)`,
  `  the same under Playwright, which holds each new worker for its debugger: p50 ${ms(b.firstPagePaintedUnderPlaywright.p50)}`,
  `review opened to first page painted, from the queue: p50 ${ms(b.firstPagePaintedFromQueue.p50)}  p95 ${ms(b.firstPagePaintedFromQueue.p95)}`,
  `approve and next to next page painted, holds on: p50 ${ms(b.approveAndNextPainted.p50)}  p95 ${ms(b.approveAndNextPainted.p95)} (target p50 < 50 ms, p95 < 100 ms; each document read for ${READING_MS} ms first)`,
  `  the same to the page in the preview's DOM, before that frame's style, layout and paint: p50 ${ms(b.approveAndNextInDom.p50)}  p95 ${ms(b.approveAndNextInDom.p95)}`,
  `reject and next with a region marked on the page: p50 ${ms(b.rejectMarkedAndNextPainted.p50)}  p95 ${ms(b.rejectMarkedAndNextPainted.p95)} (target: as approve and next)`,
  `rows in the DOM after scrolling 10,000 rows: ${b.rowsInDomAfter10000}`,
  `JS heap after 50 / 200 reviews: ${b.heapMbAfter50.toFixed(1)} MB / ${b.heapMbAfter200.toFixed(1)} MB (target: within 3 MB)`,
  `a hold shown in a second reviewer's queue: p50 ${ms(t.holdShown.p50)}  p95 ${ms(t.holdShown.p95)} (target < 1 s)`,
  `JavaScript files the sign-in and queue screens load, each gzipped: ${b.entryJsGzipKb.toFixed(1)} KB (target < 150 KB, ADR 006; the cold part counts the bytes as served); pdf.js in it: ${b.pdfJsInEntry ? 'yes' : 'no'}`,
);
lines.push(...regionLines(results.regions as Awaited<ReturnType<typeof regionFigures>>));
lines.push(...coldLines(results.cold as Awaited<ReturnType<typeof coldFigures>>));
lines.push(
  ...multiProcessLines(results.multiProcess as Awaited<ReturnType<typeof multiProcessFigures>>),
);
lines.push(...reportLines(results.report as Awaited<ReturnType<typeof reportFigures>>));
lines.push(...checkLines(results.checks as Awaited<ReturnType<typeof checkFigures>>));
lines.push(
  ...checksBesideLines(results.checksBeside as Awaited<ReturnType<typeof checksBesideFigures>>),
);
console.log(lines.join('\n'));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
