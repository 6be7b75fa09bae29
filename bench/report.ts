import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { findPostgres, startThrowawayPostgres } from '../scripts/postgres-cluster.ts';
import type { Finding } from '../src/contract/findings.ts';
import type { DecisionRecord } from '../src/contract/team.ts';
import { findingChange } from '../src/contract/testing/findings.ts';
import { openGatewayDatabase } from '../src/gateway/db/open.ts';
import { createFindingStore } from '../src/gateway/findings/store.ts';
import { createDecisionLog } from '../src/gateway/reviews/decisions.ts';
import { createActionStore } from '../src/gateway/report/actions.ts';
import { buildReport } from '../src/gateway/report/build.ts';
import { reportCsv } from '../src/gateway/report/report-csv.ts';
import { reportPdf } from '../src/gateway/report/report-pdf.ts';

// The QC report over a month of 10,000 decisions (ADR 041; issue: within 5 s), from the
// gateway's store on SQLite and, where it can start, PostgreSQL: the JSON's figures, the CSV
// and the PDF, each timed apart. It reports; it asserts nothing.

const DECISIONS = Number(process.env.BENCH_REPORT_DECISIONS ?? 10_000);
const MONTH = '2026-11';
const feed = { environment: 'production', owner: 'acme' } as const;
const PROCESSES = ['Affidavit review', 'Power of attorney review', 'Wet-ink scan review'];
const people = Array.from({ length: 40 }, (_, i) => ({ id: `u-${i}`, name: `Person ${i}` }));

async function seed(sql: Parameters<typeof createDecisionLog>[0]) {
  const decisions = createDecisionLog(sql);
  const findings = createFindingStore(sql);
  const start = Date.parse(`${MONTH}-01T00:00:00Z`);
  const span = 29 * 86_400_000;
  for (let n = 0; n < DECISIONS; n += 1) {
    const at = start + Math.floor((span * n) / DECISIONS);
    const reviewer = people[n % 8] as (typeof people)[number];
    const rejected = n % 5 === 0;
    const record: DecisionRecord = {
      requestId: randomUUID(),
      status: rejected ? 'rejected' : 'approved',
      decidedBy: reviewer,
      decidedOn: new Date(at).toISOString(),
      items: [],
      takeOvers: [],
      processName: PROCESSES[n % 3],
      firmId: `firm-${n % 25}`,
      actors: [{ userId: `u-${8 + (n % 30)}`, roleId: 'notary' }],
    };
    await decisions.record(feed, record);
    if (!rejected) continue;
    const base = findingChange(n).finding;
    const finding: Finding = {
      ...base,
      id: randomUUID(),
      requestId: record.requestId,
      itemId: `item-${n % 12}`,
      itemName: `Check ${n % 12}`,
      category: `Group ${n % 4}`,
      severity: n % 15 === 0 ? 'critical' : 'major',
      raisedOn: record.decidedOn,
      dueOn: new Date(at + 2 * 86_400_000).toISOString(),
      state: n % 35 === 0 ? 'withdrawn' : 'open',
    };
    await findings.add(feed, at, [finding]);
  }
}

async function measure(database: { url?: string | undefined; schema?: string }) {
  const db = await openGatewayDatabase({ dataDir: null, ...database, log: () => undefined });
  try {
    const seeded = performance.now();
    await db.sql.transaction(async (tx) => seed(tx));
    const seedSeconds = (performance.now() - seeded) / 1000;
    const ctx = {
      decisions: createDecisionLog(db.sql),
      findings: createFindingStore(db.sql),
      correctiveActions: createActionStore(db.sql, Date.now),
      notaryRole: 'notary',
      now: Date.now,
    };
    const scope = { process: null, firm: null, notary: null };
    const t0 = performance.now();
    const report = await buildReport(ctx, feed, MONTH, scope, async () => undefined);
    const t1 = performance.now();
    reportCsv(report);
    const t2 = performance.now();
    const pdf = await reportPdf(report, 'acme');
    const t3 = performance.now();
    return {
      decisions: report.overall.decisions,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      jsonMs: Math.round(t1 - t0),
      csvMs: Math.round(t2 - t1),
      pdfMs: Math.round(t3 - t2),
      pdfPages: (await PDFDocument.load(pdf)).getPageCount(),
    };
  } finally {
    await db.close();
  }
}

export async function reportFigures() {
  const resolved = await measure({});
  const postgres = findPostgres();
  if ('missing' in postgres) return { sqlite: resolved, postgres: { skipped: postgres.missing } };
  const cluster = await startThrowawayPostgres();
  try {
    const pg = await measure({ url: cluster.url, schema: 'bench_report' });
    return { sqlite: resolved, postgres: pg };
  } finally {
    await cluster.stop();
  }
}

/** The lines `npm run bench` prints for it. */
export function reportLines(figures: Awaited<ReturnType<typeof reportFigures>>): string[] {
  const line = (name: string, f: Record<string, unknown>) =>
    'skipped' in f
      ? `  ${name}: skipped (${String(f.skipped)})`
      : `  ${name}: ${f.decisions} decisions; report ${f.jsonMs} ms, CSV ${f.csvMs} ms, PDF ${f.pdfMs} ms (${f.pdfPages} pages); seeded in ${f.seedSeconds} s`;
  return [
    `QC report of a month of ${DECISIONS} decisions (target: within 5 s):`,
    line('SQLite', figures.sqlite),
    line('PostgreSQL', figures.postgres),
  ];
}

if (import.meta.main) {
  for (const line of reportLines(await reportFigures())) console.log(line);
}
