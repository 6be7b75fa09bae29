import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import {
  CorrectiveActionSchema,
  QcReportSchema,
  ReportRecipientsSchema,
  type CorrectiveActionBody,
} from '../src/contract/report.ts';
import { api } from './api.ts';
import { errorAnswer, expect, expectErrors, failedRequest, test } from './console-watch.ts';
import {
  bothThemes,
  DEMO,
  expectAccessible,
  shot,
  signIn,
  TAKING_SCREENSHOTS,
  VIEWPORTS,
} from './support.ts';

// The monthly QC report in the team view (ADR 041): its figures against the gateway's own
// JSON, its PDF and CSV downloads, and the corrective actions a manager records and changes.
// The figures are last month's, as the seeded demo has them (read, never changed here); the
// actions are recorded for months long past, January to March 2025, so that nothing another
// spec does mixes with them, and each test records its own.

test.use({ timezoneId: 'UTC' });
test.describe.configure({ timeout: 90_000 });

/** The month before this one, as the gateway counts months (UTC). */
function lastMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
}

/** As the team view writes them (team-format.ts), in the browser's en-US. */
const count = (n: number) => n.toLocaleString('en-US');
const percent = (rate: number | null) =>
  rate === null
    ? '—'
    : `${(Math.round(rate * 1000) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

const reportSection = (page: Page) => page.getByRole('region', { name: 'Monthly QC report' });

/** One line of the report's CSV as its cells: quoted text (commas inside) or bare numbers. */
const csvCells = (line: string) =>
  line
    .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map((cell) => cell.replace(/^"(.*)"$/, '$1').replaceAll('""', '"'));

async function downloaded(page: Page, link: Locator): Promise<{ file: Download; bytes: Buffer }> {
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  return { file, bytes: await readFile((await file.path()) ?? '') };
}

test('the report shows last month’s figures as the gateway counts them, and downloads them as PDF and CSV', async ({
  page,
}) => {
  const period = lastMonth();
  await signIn(page, DEMO.admin, '/qc/team');
  const section = reportSection(page);
  await expect(section.getByLabel('Period')).toHaveValue(period);

  // The seeded history is read, not changed; a finding withdrawn meanwhile by another spec
  // moves a net rate, so the page and the JSON are taken again until they meet.
  let decided = 0;
  await expect(async () => {
    await page.goto('/qc/team');
    await expect(section.getByTestId('report-decided')).toBeVisible();
    const { overall } = await api(page).get('/team/report', QcReportSchema, { query: { period } });
    expect(overall.decisions, 'the demo has decisions last month').toBeGreaterThan(0);
    const shown = async (id: string) => section.getByTestId(id).innerText();
    expect({
      decided: await shown('report-decided'),
      gross: await shown('report-gross-rate'),
      net: await shown('report-net-rate'),
      grossCritical: await shown('report-gross-critical-rate'),
      netCritical: await shown('report-net-critical-rate'),
    }).toEqual({
      decided: count(overall.decisions),
      gross: percent(overall.grossRate),
      net: percent(overall.netRate),
      grossCritical: percent(overall.grossCriticalRate),
      netCritical: percent(overall.netCriticalRate),
    });
    decided = overall.decisions;
  }).toPass({ timeout: 45_000 });
  await expect(
    section.getByText('Gross: requests decided whose decision raised a finding.'),
  ).toBeVisible();

  // The auditor's copy: a PDF, and the same figures a row each as CSV.
  const pdf = await downloaded(page, section.getByRole('link', { name: /^Download PDF/ }));
  expect(pdf.file.suggestedFilename()).toBe(`qc-report-acme-${period}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const csv = await downloaded(page, section.getByRole('link', { name: /^Download CSV/ }));
  expect(csv.file.suggestedFilename()).toBe(`qc-report-acme-${period}.csv`);
  const lines = csv.bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const header = csvCells(lines[0] ?? '');
  const overall = lines.map(csvCells).find((cells) => cells[0] === 'overall');
  expect(overall?.[header.indexOf('decisions')]).toBe(String(decided));

  // Narrowed to one firm: its own figures, in the address, and its own downloads.
  const team = await api(page).get('/team/report', QcReportSchema, { query: { period } });
  const firm = team.byFirm[0];
  if (!firm) throw new Error('no firm decided last month');
  await section.getByLabel('For').selectOption({ label: firm.label });
  await expect(page).toHaveURL(new RegExp(`reportFor=firm%3A${firm.key}`));
  await expect(async () => {
    const scoped = await api(page).get('/team/report', QcReportSchema, {
      query: { period, firm: firm.key },
    });
    expect(scoped.overall.decisions).toBeLessThan(decided);
    await expect(section.getByTestId('report-decided')).toHaveText(count(scoped.overall.decisions));
  }).toPass({ timeout: 20_000 });
  await expect(section.getByRole('link', { name: /^Download PDF/ })).toHaveAttribute(
    'href',
    `/team/report?period=${period}&firm=${firm.key}&format=pdf`,
  );
});

test('a manager records a corrective action, changes its status, and the month’s report lists it', async ({
  page,
}) => {
  const month = '2025-01';
  const subject = `Northwind Title ${randomUUID().slice(0, 8)}`;
  await signIn(page, DEMO.admin, `/qc/team?report=${month}`);
  const section = reportSection(page);
  await expect(section.getByLabel('Period')).toHaveValue(month);
  await expect(section.getByText('No corrective actions for January 2025')).toBeVisible();

  // An empty form says what each field lacks, beside it, and sends nothing.
  const form = section.getByRole('form', { name: 'Record a corrective action' });
  await form.getByRole('button', { name: 'Record action' }).click();
  for (const [label, error] of [
    ['About', 'Choose what the action is about.'],
    ['Subject', 'Name the category, firm, notary or process.'],
    ['Action', 'Say what is being done about it.'],
    ['Owner', 'Say who owns it.'],
    ['Due on', 'Choose the day it is due.'],
  ] as const) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(error.replace('.', '\\.')));
  }
  await shot(page, 'qc-report-form-errors');

  await form.getByLabel('About', { exact: true }).selectOption('firm');
  await form.getByLabel('Subject', { exact: true }).fill(subject);
  await form.getByLabel('Action', { exact: true }).fill('Retrain the closers on the notary seal');
  await form.getByLabel('Owner', { exact: true }).fill('Morgan Manager');
  await form.getByLabel('Due on', { exact: true }).fill('2025-02-14');
  await form.getByLabel('Status', { exact: true }).selectOption('in-progress');
  await expect(form.getByLabel('About', { exact: true })).not.toHaveAttribute('aria-invalid');

  // The save fails on the way: the form says why and keeps every field as typed.
  expectErrors(failedRequest('POST', '/team/corrective-actions', 'FAILED'));
  const actions = '**/team/corrective-actions';
  await page.route(actions, (route) =>
    route.request().method() === 'POST' ? route.abort() : route.continue(),
  );
  await form.getByRole('button', { name: 'Record action' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'The console cannot be reached. What you typed is kept; try again.',
  );
  await expect(form.getByLabel('Subject', { exact: true })).toHaveValue(subject);
  await expect(form.getByLabel('Due on', { exact: true })).toHaveValue('2025-02-14');
  await expect(form.getByLabel('Status', { exact: true })).toHaveValue('in-progress');
  await shot(page, 'qc-report-form-failed');
  await page.unroute(actions);

  await form.getByRole('button', { name: 'Record action' }).click();
  await expect(form.getByRole('status')).toHaveText(`Recorded for January 2025: ${subject}.`);
  await expect(form.getByLabel('Subject', { exact: true })).toHaveValue('');
  const item = section.getByRole('list', { name: 'Corrective actions' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(subject);
  await expect(item).toContainText('Retrain the closers on the notary seal');
  await expect(item).toContainText('Owner Morgan Manager');
  await expect(item).toContainText('Due Fri, Feb 14, 2025');

  // Done, in place; the month's report lists it so, and so does the page read again.
  const status = item.getByRole('combobox', { name: `Status of ${subject}` });
  await expect(status).toHaveValue('in-progress');
  await status.selectOption('done');
  await expect(item).toHaveAttribute('data-status', 'done');
  await expect(status).toBeEnabled();
  const report = await api(page).get('/team/report', QcReportSchema, { query: { period: month } });
  expect(report.correctiveActions.find((a) => a.subject === subject)).toMatchObject({
    target: 'firm',
    owner: 'Morgan Manager',
    dueOn: '2025-02-14',
    status: 'done',
    recordedBy: { name: DEMO.admin.name },
  });
  await page.reload();
  await expect(section.getByRole('combobox', { name: `Status of ${subject}` })).toHaveValue('done');

  // The quarter holds it too, and records for one of its months, the last by default.
  await page.goto('/qc/team?report=2025-Q1');
  await expect(section.getByLabel('Period')).toHaveValue('2025-Q1');
  await expect(section.getByRole('combobox', { name: `Status of ${subject}` })).toHaveValue('done');
  await expect(form.getByLabel('Month', { exact: true })).toHaveValue('2025-03');
  // The picker moves the report, and the address says which.
  await section.getByLabel('Period').selectOption(lastMonth());
  await expect(page).toHaveURL(`/qc/team?report=${lastMonth()}`);
  await expect(section.getByTestId('report-decided')).toBeVisible();
});

test('a report that cannot be loaded says so and offers a retry; its actions stand', async ({
  page,
}) => {
  expectErrors(errorAnswer(503, 'GET', '/team/report'));
  const report = '**/team/report?*';
  await page.route(report, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'the gateway is restarting' }),
    }),
  );
  await signIn(page, DEMO.admin, '/qc/team?report=2025-02');
  const section = reportSection(page);
  await expect(section.getByText('The report could not be loaded')).toBeVisible();
  await expect(section.getByText('No corrective actions for February 2025')).toBeVisible();
  await expect(section.getByRole('form', { name: 'Record a corrective action' })).toBeVisible();

  // A month long past: nothing decided, said as such, and still downloadable.
  await page.unroute(report);
  await section.getByRole('button', { name: 'Try again' }).click();
  await expect(section.getByText('Nothing was decided in February 2025')).toBeVisible();
  await expect(section.getByRole('link', { name: /^Download PDF/ })).toHaveAttribute(
    'href',
    '/team/report?period=2025-02&format=pdf',
  );
});

test('a manager names who gets last month’s report by e-mail; a wrong address is said beside the field', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/qc/team?report=2025-02');
  const section = reportSection(page);
  const field = section.getByLabel("Send last month's report to");
  const save = section.getByRole('button', { name: 'Save recipients' });
  const before = await api(page).get('/team/report-recipients', ReportRecipientsSchema);
  await field.fill('auditor@lender.example\nnot-an-address');
  await save.click();
  await expect(section.getByText('Not an e-mail address: not-an-address')).toBeVisible();
  await expect(field).toHaveValue('auditor@lender.example\nnot-an-address');
  await field.fill('auditor@lender.example, qc-lead@acme.example');
  await save.click();
  await expect(section.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(await api(page).get('/team/report-recipients', ReportRecipientsSchema)).toEqual({
    recipients: ['auditor@lender.example', 'qc-lead@acme.example'],
  });
  await page.reload();
  await expect(field).toHaveValue('auditor@lender.example\nqc-lead@acme.example');
  await api(page).put('/team/report-recipients', before, ReportRecipientsSchema);
});

test('the report section is accessible and reads well in light and dark, desktop and phone', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/qc/team?report=2025-03');
  // Actions still open follow into later months' reports: these show under last month's.
  const tag = randomUUID().slice(0, 4);
  const actions: CorrectiveActionBody[] = [
    {
      month: '2025-03',
      target: 'category',
      subject: `Notarial certificate ${tag}`,
      action: 'Add the venue and commission expiry to the checklist and brief the notaries.',
      owner: 'Morgan Manager',
      dueOn: '2025-04-30',
      status: 'planned',
    },
    {
      month: '2025-03',
      target: 'notary',
      subject: `Nora Notary ${tag}`,
      action: 'Second review of every approval for four weeks.',
      owner: 'Alex Admin',
      dueOn: '2099-12-31',
      status: 'in-progress',
    },
  ];
  for (const body of actions) {
    await api(page).post('/team/corrective-actions', body, CorrectiveActionSchema, { status: 201 });
  }
  await page.goto('/qc/team');
  const section = reportSection(page);
  await expect(section.getByTestId('report-decided')).toBeVisible();
  await expect(section.getByText(`Nora Notary ${tag}`)).toBeVisible();
  await expect(section.getByText('Overdue')).toHaveCount(1);
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await bothThemes(page, 'qc-report');
  if (TAKING_SCREENSHOTS) {
    // The section alone, for reading at its own size.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await section.screenshot({
          path: `test-results/screenshots/qc-report-section-${scheme}-${viewport.name}.png`,
        });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }

  // On a phone nothing widens the page.
  await page.setViewportSize(VIEWPORTS[1]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
