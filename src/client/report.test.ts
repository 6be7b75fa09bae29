import { describe, expect } from 'vitest';
import type { CorrectiveActionBody } from '../contract/report.ts';
import { ApiError } from './api-error.ts';
import { reportApi, reportFileUrl } from './report.ts';
import { clientTest as it } from './testing/fixtures.ts';

// The report calls against the real gateway (its /team routes are its own, not proxied) in
// front of the real service. January 2025 is long before anything this file's service holds:
// its figures are nought, and its corrective actions are this test's alone.

const isStatus = (status: number) => (error: unknown) =>
  error instanceof ApiError && error.status === status;

const body: CorrectiveActionBody = {
  month: '2025-01',
  target: 'firm',
  subject: 'Northwind Title',
  action: 'Retrain the closers on the seal',
  owner: 'Morgan',
  dueOn: '2025-02-14',
  status: 'planned',
};

describe('reportApi', () => {
  it('reads a month, records and changes its corrective actions, for QC managers only', async ({
    signIn,
  }) => {
    const alex = await signIn('acme-admin', reportApi);
    const report = await alex.api.getReport({ period: '2025-01' });
    expect(report).toMatchObject({
      period: '2025-01',
      from: '2025-01-01',
      to: '2025-01-31',
      overall: { decisions: 0, grossRate: null, netRate: null },
      correctiveActions: [],
    });

    const recorded = await alex.api.recordCorrectiveAction(body);
    expect(recorded).toMatchObject({ ...body, recordedBy: { name: 'Alex Admin' } });
    expect((await alex.api.listCorrectiveActions('2025-01')).actions).toEqual([recorded]);
    // Open, it follows the team into the next month; done, it stays with its own.
    expect((await alex.api.listCorrectiveActions('2025-02')).actions).toEqual([recorded]);
    const done = await alex.api.updateCorrectiveAction(recorded.id, { ...body, status: 'done' });
    expect(done).toMatchObject({ id: recorded.id, status: 'done' });
    expect((await alex.api.listCorrectiveActions('2025-02')).actions).toEqual([]);
    const quarter = await alex.api.getReport({ period: '2025-Q1' });
    expect(quarter.correctiveActions).toEqual([done]);

    await expect(alex.api.recordCorrectiveAction({ ...body, owner: ' ' })).rejects.toSatisfy(
      (error) => isStatus(400)(error) && /owner/.test((error as ApiError).message),
    );
    await expect(alex.api.updateCorrectiveAction(crypto.randomUUID(), body)).rejects.toSatisfy(
      isStatus(404),
    );
    await expect(alex.api.getReport({ period: '2025-13' })).rejects.toSatisfy(isStatus(400));

    const riley = await signIn('acme-reviewer', reportApi);
    await expect(riley.api.getReport({ period: '2025-01' })).rejects.toSatisfy(isStatus(403));
    await expect(riley.api.listCorrectiveActions('2025-01')).rejects.toSatisfy(isStatus(403));
  });

  it('gives the links that download the report as PDF and CSV', async ({ signIn }) => {
    const pdfUrl = reportFileUrl({ period: '2025-Q1' }, 'pdf');
    expect(pdfUrl).toBe('/team/report?period=2025-Q1&format=pdf');
    const csvUrl = reportFileUrl({ period: '2025-01', firm: 'f 1' }, 'csv');
    expect(csvUrl).toBe('/team/report?period=2025-01&firm=f+1&format=csv');

    const { browser } = await signIn('acme-admin', reportApi);
    const pdf = await browser.request('GET', pdfUrl);
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.pdf"$/);
    expect(pdf.text.startsWith('%PDF-')).toBe(true);
    const csv = await browser.request('GET', reportFileUrl({ period: '2025-01' }, 'csv'));
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text).toMatch(/^"section","key","label","decisions"/m);
    expect(csv.text).toContain('"overall","all","All decided requests",0,');
  });
});
