import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect } from 'vitest';
import { TeamStatsSchema } from '../../contract/qc-management.ts';
import {
  CorrectiveActionListSchema,
  CorrectiveActionSchema,
  QcReportSchema,
  type CorrectiveActionBody,
} from '../../contract/report.ts';
import type { QcRequest } from '../../contract/qc.ts';
import { gatewayTest as it, pendingRequests } from '../testing/fixtures.ts';
import { decide, findingsOf } from '../testing/findings.ts';
import { expectMessage, type Browser, type Harness } from '../testing/harness.ts';

// The QC report over real HTTP (ADR 041): its figures agree with the team view's for the same
// month, and its CSV and PDF say the same; the PDF is read back by poppler, a reader we did
// not write. Corrective actions show in the report and in the next month's while not done.

const run = promisify(execFile);
let gateway: Harness;
let riley: Browser;
let alex: Browser;
let morgan: Browser;
let pending: QcRequest[];

it.beforeAll(async ({ gateway: started, signedIn }) => {
  gateway = started;
  riley = await signedIn('acme-reviewer');
  alex = await signedIn('acme-admin');
  morgan = await signedIn('acme-qc-manager');
  pending = await pendingRequests(alex, 4);
});

const month = () => new Date(Date.now() + gateway.offset()).toISOString().slice(0, 7);
const action: CorrectiveActionBody = {
  month: '2026-01',
  target: 'category',
  subject: 'Seal',
  action: 'Retrain the notaries on seal placement',
  owner: 'Alex Admin',
  dueOn: '2026-02-15',
  status: 'in-progress',
};

describe('the QC report', () => {
  it('agrees with the team view, as JSON, CSV and PDF', async () => {
    const [a, b, c] = pending as [QcRequest, QcRequest, QcRequest];
    expect((await decide(riley, a, { failing: 2 })).status).toBe(200);
    expect((await decide(riley, b)).status).toBe(200);
    expect((await decide(riley, c, { status: 'approved' })).status).toBe(200);
    // One of b's findings disputed and withdrawn: b is a gross defect, not a net one.
    const [withdrawn] = await findingsOf(alex, b.id);
    await alex.request('POST', `/team/findings/${withdrawn?.id}/answer`, {
      json: { answer: 'disputed', note: 'fine' },
    });
    expect(
      (
        await morgan.request('POST', `/team/findings/${withdrawn?.id}/settle`, {
          json: { outcome: 'withdrawn', note: 'agreed' },
        })
      ).status,
    ).toBe(200);

    const answer = await alex.request('GET', `/team/report?period=${month()}`);
    expect(answer.status, answer.text).toBe(200);
    const report = QcReportSchema.parse(answer.body);
    expect(report.overall).toMatchObject({ decisions: 3, grossDefects: 2, netDefects: 1 });
    expect(report.overall.grossRate).toBeCloseTo(2 / 3);
    expect(report.overall.netRate).toBeCloseTo(1 / 3);
    expect(report.answers).toMatchObject({ raised: 3, disputed: 1, withdrawn: 1 });
    expect(report.byReviewer).toMatchObject([{ label: 'Riley Reviewer', decisions: 3 }]);

    // The team view over the same days counts the same: its defect rate is the net one.
    const stats = TeamStatsSchema.parse(
      (await alex.request('GET', `/team/stats?from=${report.from}&to=${report.to}&tz=UTC`)).body,
    );
    expect(stats.findings?.overall).toMatchObject({
      decisions: report.overall.decisions,
      withDefect: report.overall.netDefects,
      withCritical: report.overall.netCritical,
    });

    const csv = await alex.request('GET', `/team/report?period=${month()}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const overall = csv.text.split('\r\n').find((line) => line.startsWith('"overall"'));
    expect(overall).toBe(
      `"overall","all","All decided requests",3,2,${2 / 3},1,${1 / 3},${report.overall.grossCritical},${report.overall.grossCriticalRate},${report.overall.netCritical},${report.overall.netCriticalRate},,,,,,`,
    );

    const pdf = await fetch(`${gateway.url}/team/report?period=${month()}&format=pdf`, {
      headers: { cookie: alex.cookie ?? '' },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const dir = mkdtempSync(join(tmpdir(), 'attest-report-'));
    try {
      const path = join(dir, 'report.pdf');
      writeFileSync(path, Buffer.from(await pdf.arrayBuffer()));
      const text = (await run('pdftotext', ['-layout', path, '-'])).stdout;
      expect(text).toContain(`QC report: ${month()}`);
      expect(text).toMatch(/Requests decided\s+Gross defect rate\s+Net defect rate/);
      expect(text).toMatch(/3\s+66\.7%\s+33\.3%/);
      expect(text).toContain('Riley Reviewer');
      expect(text).toMatch(/Page 1 of \d+/);
      await run('pdftoppm', ['-r', '40', '-png', '-f', '1', '-l', '1', path, join(dir, 'page')]);
      expect(readdirSync(dir).filter((f) => f.endsWith('.png'))).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps corrective actions: in their month’s report, and later ones’ while not done', async () => {
    const made = await alex.request('POST', '/team/corrective-actions', { json: action });
    expect(made.status, made.text).toBe(201);
    const kept = CorrectiveActionSchema.parse(made.body);
    expect(kept).toMatchObject({ ...action, recordedBy: { name: 'Alex Admin' } });
    const inReport = async (period: string) =>
      QcReportSchema.parse(
        (await alex.request('GET', `/team/report?period=${period}`)).body,
      ).correctiveActions.map((a) => a.id);
    expect(await inReport('2026-01')).toContain(kept.id);
    expect(await inReport('2026-02')).toContain(kept.id);
    expect(await inReport('2025-12')).not.toContain(kept.id);
    const csv = await alex.request('GET', '/team/report?period=2026-01&format=csv');
    expect(csv.text).toContain('"corrective action","2026-01","category: Seal",');
    const done = await morgan.request('PUT', `/team/corrective-actions/${kept.id}`, {
      json: { ...action, status: 'done' },
    });
    expect(done.status, done.text).toBe(200);
    expect(await inReport('2026-02')).not.toContain(kept.id);
    expect(await inReport('2026-01')).toContain(kept.id);
  });

  it('refuses what is not a manager’s, not well formed, or not the owner’s, and writes nothing', async ({
    signedIn,
  }) => {
    const before = await alex.request('GET', '/team/corrective-actions?month=2026-03');
    expectMessage(await riley.request('GET', `/team/report?period=${month()}`), 403, /QC managers/);
    expectMessage(
      await riley.request('POST', '/team/corrective-actions', {
        json: { ...action, month: '2026-03' },
      }),
      403,
      /QC managers/,
    );
    expectMessage(await alex.request('GET', '/team/report?period=2026-13'), 400, /period/);
    expectMessage(await alex.request('GET', '/team/report'), 400, /period/);
    expectMessage(
      await alex.request('GET', `/team/report?period=${month()}&format=xls`),
      400,
      /format/,
    );
    expectMessage(
      await alex.request('POST', '/team/corrective-actions', {
        json: { ...action, month: '2026-03', owner: ' ' },
      }),
      400,
      /owner/,
    );
    expectMessage(
      await alex.request('POST', '/team/corrective-actions', {
        json: { ...action, month: '2026-03', status: 'maybe' },
      }),
      400,
      /status/,
    );
    expectMessage(
      await alex.request('PUT', '/team/corrective-actions/3f1c2a52-8d0e-4d4b-9a59-3c1f0b7e2a10', {
        json: action,
      }),
      404,
      /no corrective action/,
    );
    const made = CorrectiveActionSchema.parse(
      (
        await alex.request('POST', '/team/corrective-actions', {
          json: { ...action, month: '2026-04' },
        })
      ).body,
    );
    const gwen = await signedIn('globex-admin');
    expectMessage(
      await gwen.request('PUT', `/team/corrective-actions/${made.id}`, {
        json: { ...action, status: 'done' },
      }),
      404,
      /no corrective action/,
    );
    expect((await gwen.request('GET', '/team/corrective-actions?month=2026-04')).body).toEqual({
      actions: [],
    });
    expect((await alex.request('GET', '/team/corrective-actions?month=2026-03')).body).toEqual(
      before.body,
    );
    const anonymous = gateway.browser();
    const forged = gateway.browser();
    forged.cookie = `attest_session=${'A'.repeat(43)}`;
    for (const stranger of [anonymous, forged]) {
      for (const [method, path, json] of [
        ['GET', `/team/report?period=${month()}`],
        ['GET', '/team/corrective-actions?month=2026-03'],
        ['POST', '/team/corrective-actions', { ...action, month: '2026-03' }],
        ['PUT', `/team/corrective-actions/${made.id}`, { ...action, status: 'done' }],
        ['GET', '/team/report-recipients'],
        ['PUT', '/team/report-recipients', { recipients: ['x@example.com'] }],
      ] as const) {
        expectMessage(await stranger.request(method, path, json ? { json } : {}), 401, /.+/);
      }
    }
    // Nothing of it was written.
    expect((await alex.request('GET', '/team/corrective-actions?month=2026-03')).body).toEqual(
      before.body,
    );
    const april = CorrectiveActionListSchema.parse(
      (await alex.request('GET', '/team/corrective-actions?month=2026-04')).body,
    );
    expect(april.actions.find((a) => a.id === made.id)).toMatchObject({ status: 'in-progress' });
    expect((await alex.request('GET', '/team/report-recipients')).body).toEqual({ recipients: [] });
  });
});
