import { readFile } from 'node:fs/promises';
import { type Browser, type Page, type Route } from '@playwright/test';
import { errorAnswer, expect, expectErrors, failedRequest, test } from './console-watch.ts';
import { QcRequestSchema } from '../src/contract/qc.ts';
import { api } from './api.ts';
import { newQcRequests, spareFirm } from './requests.ts';
import { DEMO, bothThemes, expectAccessible, signIn } from './support.ts';

// A QC team on one queue (ADR 020): two reviewers in two browsers, holds between them. The
// team works a queue of its own: requests this spec makes (requests.ts) in a firm no other
// spec makes them in, and the queue narrowed to that firm, newest first, so that no other
// test's request comes between them and any other spec may run beside it.

test.describe.configure({ timeout: 180_000 });

let firm: Awaited<ReturnType<typeof spareFirm>>;
test.beforeAll(async () => {
  firm = await spareFirm();
});
const queueUrl = () => `/qc?status=pending&order=newest&firm=${firm.firmId}`;
const reviewUrl = (id: string | undefined) =>
  `/qc/${id}?status=pending&order=newest&firm=${firm.firmId}`;

/** `who`'s queue in a browser of their own, once its event stream is open and its holds read. */
async function reviewerPage(browser: Browser, who: (typeof DEMO)[keyof typeof DEMO]) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const streamOpen = page.waitForResponse(
    (answer) =>
      new URL(answer.url()).pathname === '/events' &&
      !!answer.request().headers().accept?.includes('text/event-stream'),
  );
  // Read once before a test refuses the reads (streamOnly): the stream's news moves holds in
  // a list the page has.
  const holdsRead = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === '/team/holds' && answer.ok(),
  );
  await signIn(page, who, queueUrl());
  await Promise.all([streamOpen, holdsRead]);
  await expect(page.locator('.qc-row').first()).toBeVisible();
  return page;
}

/** `count` pending requests of the team's own, newest first as its queue lists them. */
const teamRequests = async (count: number) =>
  (await newQcRequests(count, { firm: firm.name })).reverse();

const isTeamRead = (url: URL) =>
  url.pathname === '/team/holds' || url.pathname === '/api/qc/v2/qc/requests';
const refuseTeamRead = (route: Route) =>
  route.request().method() === 'GET' ? route.abort() : route.continue();
/**
 * From here on `page` learns of the team's changes from its event stream alone: its own reads
 * of the holds and the queue, which it repeats every 30 s for what a dropped stream missed,
 * fail. Answers the undo.
 */
async function streamOnly(page: Page) {
  await page.route(isTeamRead, refuseTeamRead);
  return () => page.unroute(isTeamRead, refuseTeamRead);
}

/** The review panel's hold state: `mine` once the gateway said so. */
const holdState = (page: Page) => page.locator('.review__panel').getAttribute('data-hold');

/**
 * Reviews `count` documents from wherever the page is, as a reviewer does: on a document
 * held or just decided by someone else, "next"; on one of theirs, every check passed, then "approve and
 * next". Answers the ids approved.
 */
async function walk(page: Page, count: number): Promise<string[]> {
  const approved: string[] = [];
  while (approved.length < count) {
    const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    const panel = page.locator(`.review__panel[data-request-id="${id}"]`);
    // `none`: the other reviewer decided it as it opened (on a busy machine the live queue
    // can be a moment behind); "next" goes on from there too.
    await expect(panel).toHaveAttribute('data-hold', /^(mine|held|none)$/, { timeout: 15_000 });
    if ((await holdState(page)) !== 'mine') {
      // "Next" needs the queue's list, which a page opened by its URL may still be loading.
      await expect(async () => {
        await page.keyboard.press('n');
        await expect(page).not.toHaveURL(new RegExp(id), { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      continue;
    }
    const checks = page.locator('.check');
    await expect(checks.first()).toBeVisible();
    for (let i = 0, n = await checks.count(); i < n; i += 1) await page.keyboard.press(' ');
    const approve = page.getByRole('button', { name: 'Approve and next' });
    await expect(approve).toBeEnabled();
    await page.keyboard.press('a');
    approved.push(id);
    if (approved.length < count) await expect(page).not.toHaveURL(new RegExp(id));
  }
  return approved;
}

test('two reviewers work one queue together: no 409, nothing decided twice', async ({
  browser,
}) => {
  expectErrors(
    // Two reviewers may reach for one request at once: the second is told it is held.
    errorAnswer(409, 'PUT', '/team/holds/[\\w-]+'),
    // Alex's reads of the holds and the queue while this test refuses them: the holds are
    // read again as the stream comes up, and the queue's next page as its rows show.
    failedRequest('GET', '/team/holds', 'FAILED'),
    failedRequest('GET', '/api/qc/v2/qc/requests', 'FAILED'),
  );
  // Twenty to approve, and two to spare for "next" past a held one.
  const [first, second] = await teamRequests(22);
  if (!first || !second) throw new Error('no requests');
  const riley = await reviewerPage(browser, DEMO.reviewer);
  const alex = await reviewerPage(browser, DEMO.admin);
  const refused: string[] = [];
  for (const page of [riley, alex]) {
    page.on('response', (response) => {
      if (response.request().method() === 'PATCH' && response.status() === 409)
        refused.push(response.url());
    });
  }

  // Riley opens the first; Alex's queue shows it taken, from its event stream.
  const listening = await streamOnly(alex);
  await riley.getByRole('link', { name: first.document.matterReference }).first().click();
  await expect(riley.locator('.review__panel')).toHaveAttribute('data-hold', 'mine');
  const chip = alex.locator(`#qc-hold-${first.id}`);
  await expect(chip).toContainText('Riley Reviewer');
  await listening();
  await bothThemes(alex, 'qc-queue-held');
  await expectAccessible(alex);

  // Alex opens the first one nobody holds: "next" from Riley's passes over it.
  await alex.goto(reviewUrl(second.id));
  const [rileys, alexs] = await Promise.all([walk(riley, 10), walk(alex, 10)]);

  expect(refused).toEqual([]);
  expect(new Set([...rileys, ...alexs]).size).toBe(20);
  // Saved, each once, by the reviewer who approved it.
  for (const [page, ids] of [
    [riley, rileys],
    [alex, alexs],
  ] as const) {
    for (const id of ids) {
      await expect
        .poll(
          async () => (await api(page).get(`/api/qc/v2/qc/requests/${id}`, QcRequestSchema)).status,
        )
        .toBe('approved');
    }
  }
  await riley.context().close();
  await alex.context().close();
});

test('a take-over shows on the holder’s screen at once, and their draft stays', async ({
  browser,
}) => {
  expectErrors(errorAnswer(409, 'PUT', '/team/holds/[\\w-]+'));
  const [request] = await teamRequests(1);
  if (!request) throw new Error('no request');
  const riley = await reviewerPage(browser, DEMO.reviewer);
  const alex = await reviewerPage(browser, DEMO.admin);
  const url = reviewUrl(request.id);

  await riley.goto(url);
  await expect(riley.locator('.review__panel')).toHaveAttribute('data-hold', 'mine');
  await riley.getByLabel('Rework notes').fill('Seal is faint on page 2');

  await alex.goto(url);
  const banner = alex.getByRole('status').filter({ hasText: 'Riley Reviewer is reviewing' });
  await expect(banner).toBeVisible();
  await expect(alex.getByRole('button', { name: 'Approve and next' })).toBeDisabled();
  await bothThemes(alex, 'qc-review-held');
  await expectAccessible(alex);
  await alex.getByRole('button', { name: 'Take over' }).click();
  await expect(alex.locator('.review__panel')).toHaveAttribute('data-hold', 'mine');

  // From Riley's event stream: the screen would learn it otherwise only by renewing its hold,
  // a minute on.
  const taken = riley.getByRole('alert').filter({ hasText: 'Alex Admin took this review over' });
  await expect(taken).toBeVisible();
  await expect(riley.getByLabel('Rework notes')).toHaveValue('Seal is faint on page 2');
  await expect(riley.getByRole('button', { name: 'Approve and next' })).toBeDisabled();
  await bothThemes(riley, 'qc-review-taken-over');
  await expectAccessible(riley);

  // Riley's queue, open in another tab, loses the row as Alex decides: no reload.
  const queue = await riley.context().newPage();
  await queue.goto(queueUrl());
  const listed = queue.getByRole('link', { name: request.document.matterReference });
  await expect(listed).toBeVisible();
  const pending = queue.getByTestId('count-pending');
  await expect(pending).toHaveText(/^\d+$/);
  const before = Number(await pending.textContent());
  await streamOnly(queue);

  // Alex decides; the history shows the take-over and the decision, to both.
  await alex.locator('.check').first().getByRole('button', { name: 'Fail' }).click();
  await alex.getByRole('textbox', { name: /What is wrong/ }).fill('Seal cut off');
  await alex.getByLabel('Rework notes').fill('Rescan page 2.');
  const saved = alex.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(request.id),
  );
  await alex.getByRole('button', { name: 'Reject and next' }).click();
  expect((await saved).status()).toBe(200);
  await expect(listed).toHaveCount(0);
  await expect(pending).toHaveText(String(before - 1));
  await queue.close();

  await riley.goto(url);
  const history = riley.getByRole('list', { name: 'History of this request' });
  await expect(history).toContainText('Alex Admin took it over from Riley Reviewer');
  await expect(history).toContainText('Alex Admin rejected it after');
  await expect(history).toContainText('Seal cut off');
  await bothThemes(riley, 'qc-review-history');
  await expectAccessible(riley);

  // The CSV of today holds the decision, for a QC manager.
  await alex.goto('/qc/processes');
  const download = alex.waitForEvent('download');
  await alex.getByRole('button', { name: 'Download CSV' }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^decided_on,qc_request_id,decision,reviewer/);
  const row = csv.split('\r\n').find((line) => line.includes(request.id));
  expect(row).toContain('Alex Admin');
  expect(row).toContain('Seal cut off');
  expect(row).toContain('Rescan page 2.');
  await riley.context().close();
  await alex.context().close();
});
