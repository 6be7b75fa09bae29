import { readFile } from 'node:fs/promises';
import { type Locator, type Page } from '@playwright/test';
import { errorAnswer, expect, expectErrors, test } from './console-watch.ts';
import { QcRequestSchema, type QcRequest } from '../src/contract/qc.ts';
import { SessionSchema } from '../src/contract/session.ts';
import { api } from './api.ts';
import { newQcRequests } from './requests.ts';
import { bothThemes, DEMO, expectAccessible, signIn } from './support.ts';

// The QC team view (ADR 021): its figures against the decision history counted here on its
// own (the gateway's CSV of decisions), its exports against its tables, its links, and its
// looks. The browser runs in UTC so that its days are the CSV's days. Decisions are made on
// pending requests from the newest end, past the positions the other specs take there.

test.use({ timezoneId: 'UTC' });
test.describe.configure({ timeout: 90_000 });

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** RFC 4180, as the gateway writes it (quoted cells may hold commas and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i] ?? '';
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\n' && c !== '\r')) cell += c;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    }
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Rows as records by the header's names. */
function records(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/** Decides a request through the gateway with the page's session, as the console does. */
async function decide(page: Page, request: QcRequest, status: 'approved' | 'rejected') {
  const session = await api(page).get('/session', SessionSchema);
  const answer = await api(page).status('PATCH', `/api/qc/v2/qc/requests/${request.id}`, {
    status,
    reviewedBy: session.user?.id,
    checklistItems: request.checklistItems.map((item, i) => ({
      id: item.id,
      status: status === 'rejected' && i === 0 ? 'rejected' : 'approved',
      ...(status === 'rejected' && i === 0 ? { reviewerNote: 'Seal is illegible' } : {}),
    })),
    ...(status === 'rejected' ? { notes: 'Rescan page 1 with the seal legible.' } : {}),
  });
  expect(answer, `${status} ${request.id}`).toBe(200);
}

interface Figures {
  today: number;
  week: number;
  decisions: number;
  approved: number;
  rejected: number;
}

/** The figures per reviewer, counted from the gateway's history of decisions. */
async function expectedFigures(page: Page, from: string, today: string) {
  const monday = isoDay(Date.parse(today) - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS);
  const start = monday < from ? monday : from;
  const text = await page.evaluate(
    async (url) => (await fetch(url, { credentials: 'same-origin' })).text(),
    `/team/decisions.csv?from=${start}&to=${today}`,
  );
  const figures = new Map<string, Figures>();
  for (const d of records(text)) {
    const day = d.decided_on?.slice(0, 10) ?? '';
    const f = figures.get(d.reviewer ?? '') ?? {
      today: 0,
      week: 0,
      decisions: 0,
      approved: 0,
      rejected: 0,
    };
    if (day === today) f.today += 1;
    if (day >= monday) f.week += 1;
    if (day >= from) {
      f.decisions += 1;
      if (d.decision === 'approved') f.approved += 1;
      if (d.decision === 'rejected') f.rejected += 1;
    }
    if (f.week || f.decisions) figures.set(d.reviewer ?? '', f);
  }
  return { figures, text };
}

const throughput = (page: Page) => page.getByTestId('throughput-table');

/** The throughput table as shown: a row per reviewer (and the team), cells by column name. */
async function shownThroughput(table: Locator): Promise<Map<string, Record<string, string>>> {
  const heads = await table.locator('thead th').allInnerTexts();
  const shown = new Map<string, Record<string, string>>();
  for (const row of await table.locator('tbody tr, tfoot tr').all()) {
    const cells = await row.locator('th, td').allInnerTexts();
    shown.set(
      cells[0] ?? '',
      Object.fromEntries(heads.map((h, i) => [h.trim().toLowerCase(), cells[i] ?? ''])),
    );
  }
  return shown;
}

const numberOf = (text: string | undefined) => Number((text ?? '').replaceAll(',', ''));

test('the team view counts what the team decided, exports what it shows and links to the requests', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/qc/team');
  await expect(page.getByRole('heading', { name: 'QC team', level: 1 })).toBeVisible();
  await expect(page.getByText('in UTC time')).toBeVisible();
  const [toApprove, toReject] = await newQcRequests(2);
  if (!toApprove || !toReject) throw new Error('no pending requests');
  await decide(page, toApprove, 'approved');
  await decide(page, toReject, 'rejected');

  // Each reviewer's figures match the history counted here (other specs decide meanwhile:
  // the page and the count are taken again until they meet).
  const today = isoDay(Date.now());
  const from = isoDay(Date.now() - 27 * DAY_MS);
  await expect(async () => {
    await page.goto('/qc/team');
    await expect(throughput(page)).toBeVisible();
    const shown = await shownThroughput(throughput(page));
    const { figures, text } = await expectedFigures(page, from, today);
    expect(text).toContain(toApprove.id);
    expect(text).toContain(toReject.id);
    const team = { today: 0, week: 0, decisions: 0, approved: 0, rejected: 0 };
    for (const [name, f] of figures) {
      for (const key of Object.keys(team) as (keyof Figures)[]) team[key] += f[key];
      if (f.decisions === 0) continue;
      const row = shown.get(name);
      expect(row, name).toBeDefined();
      expect(
        [row?.today, row?.['this week'], row?.['in range'], row?.approved, row?.rejected].map(
          numberOf,
        ),
        name,
      ).toEqual([f.today, f.week, f.decisions, f.approved, f.rejected]);
    }
    const shownTeam = shown.get('Team');
    expect(numberOf(shownTeam?.today)).toBe(team.today);
    expect(numberOf(shownTeam?.['in range'])).toBe(team.decisions);
    expect(numberOf(shown.get(DEMO.admin.name)?.today)).toBeGreaterThanOrEqual(2);
  }).toPass({ timeout: 45_000 });

  // The export says what the table says.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export throughput as CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`qc-team-throughput-${from}-to-${today}.csv`);
  const exported = records(await readFile((await file.path()) ?? '', 'utf8'));
  const shown = await shownThroughput(throughput(page));
  expect(exported.map((r) => r.reviewer)).toEqual([...shown.keys()]);
  for (const r of exported) {
    const row = shown.get(r.reviewer ?? '');
    expect(
      [r.today, r.this_week, r.decisions_in_range, r.approved, r.rejected].map(Number),
    ).toEqual(
      [row?.today, row?.['this week'], row?.['in range'], row?.approved, row?.rejected].map(
        numberOf,
      ),
    );
    expect(r.approval_rate_pct ? `${r.approval_rate_pct}%` : '—').toBe(row?.['approval rate']);
  }

  // The failed check leads to the request it failed on.
  const check = toReject.checklistItems[0]?.displayName ?? '';
  const defects = page.getByRole('region', { name: 'Defects' });
  const row = defects.getByTestId('defects-table').locator(`tr[data-check="${check}"]`);
  await row.locator('summary').click();
  const link = row.getByRole('link', { name: `Request ${toReject.id.split('-')[0]}` });
  await expect(link).toBeVisible();
  await expectAccessible(page);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/qc/${toReject.id}$`));
  await expect(page.locator(`.review__panel[data-request-id="${toReject.id}"]`)).toBeVisible();
  const stored = await api(page).get(`/api/qc/v2/qc/requests/${toReject.id}`, QcRequestSchema);
  expect(stored.checklistItems.find((i) => i.displayName === check)?.status).toBe('rejected');
});

test('the range is kept in the address; an empty range and a failed section say so', async ({
  page,
}) => {
  expectErrors(errorAnswer(503, 'GET', '/team/stats'));
  await signIn(page, DEMO.admin, '/qc/team');
  await expect(throughput(page)).toBeVisible();
  await page.getByLabel('Range').selectOption('7');
  const today = isoDay(Date.now());
  await expect(page).toHaveURL(`/qc/team?from=${isoDay(Date.now() - 6 * DAY_MS)}&to=${today}`);
  await page.reload();
  await expect(page.getByLabel('Range')).toHaveValue('7');

  // Days before anyone decided anything: every section says so, the queues still show.
  await page.goto('/qc/team?from=2020-01-01&to=2020-01-31');
  await expect(page.getByText('No decisions in this range')).toHaveCount(3);
  await expect(page.getByTestId('queue-health-table')).toBeVisible();
  await expectAccessible(page);

  // Days typed by hand apply with the button; a backwards range is refused beside them.
  await page.getByLabel('From', { exact: true }).fill('2020-02-10');
  await page.getByLabel('To', { exact: true }).fill('2020-02-01');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toHaveText('The last day comes before the first.');
  await expect(page).toHaveURL(/from=2020-01-01/);

  // The figures fail: their sections say so and offer a retry; the queues stand.
  await page.route('**/team/stats?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'the gateway is restarting' }),
    }),
  );
  await page.goto('/qc/team');
  await expect(page.getByText('The team’s throughput could not be loaded')).toBeVisible();
  await expect(page.getByText('The defects could not be loaded')).toBeVisible();
  await expect(page.getByTestId('queue-health-table')).toBeVisible();
  await page.unroute('**/team/stats?*');
  await page.getByRole('button', { name: 'Try again' }).first().click();
  await expect(throughput(page)).toBeVisible();
});

test('the team view is accessible and reads well in light and dark, desktop and phone', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/qc/team');
  await expect(throughput(page)).toBeVisible();
  await expect(page.getByTestId('queue-health-table')).toBeVisible();
  await expect(page.locator('.daily-chart svg')).toBeVisible();
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await bothThemes(page, 'qc-team-view');

  // On a phone the tables scroll inside their cards, never the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a reviewer neither sees nor opens the team view', async ({ page }) => {
  await signIn(page, DEMO.reviewer);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'QC team' }),
  ).toHaveCount(0);
  await page.goto('/qc/team');
  await expect(page.getByText("You don't have permission to see this")).toBeVisible();
});
