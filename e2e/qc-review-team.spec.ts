import { type Browser, type Page } from '@playwright/test';
import {
  errorAnswer,
  expect,
  expectErrors,
  failedRequest,
  test,
  expectSharedNext,
} from './console-watch.ts';
import { QcRequestSchema, type QcRequest } from '../src/contract/qc.ts';
import { SessionSchema } from '../src/contract/session.ts';
import { QcHoldListSchema } from '../src/contract/team.ts';
import { api, serviceCall } from './api.ts';
import { newQcRequest } from './requests.ts';
import { bothThemes, closeWithEscape, DEMO, expectAccessible, signIn } from './support.ts';

// The reviewer's side of a team (ADRs 019 and 020): a conflict keeps the reviewer's work
// in view beside the decided version, drafts outlive the tab and the browser (and no one else
// sees them), and the checklist's keys. Each test reviews a request of its own (requests.ts).

const stored = (page: Page, id: string) =>
  api(page).get(`/api/qc/v2/qc/requests/${id}`, QcRequestSchema);

const reviewUrl = (id: string) => `/qc/${id}?status=pending&order=newest`;
const check = (page: Page, n: number) => page.getByTestId(`check-${n}`);
/** The gateway's event stream (not `/events/recent`). */
const LIVE_EVENTS = /\/events(\?.*)?$/;

/** What the browser keeps of review drafts, every person's (user-storage.ts's prefix). */
const storedDrafts = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('/qc-draft:')));

/** Anything of the reviewer's draft on screen: text in fields, pressed verdicts. */
const written = (page: Page) =>
  page.evaluate(() => [
    ...[...document.querySelectorAll('textarea')].map((t) => t.value).filter(Boolean),
    ...[...document.querySelectorAll('.check [aria-pressed="true"]')].map(
      (b) => b.textContent ?? '',
    ),
  ]);

/**
 * A second reviewer who approves `request` elsewhere: at the service itself, past this
 * console (whose gateway refuses a decision on a request someone else has open).
 */
async function approvedElsewhere(browser: Browser, request: QcRequest) {
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, DEMO.admin);
  const session = await api(other).get('/session', SessionSchema);
  const status = await serviceCall('acme-admin', 'PATCH', `/qc/v2/qc/requests/${request.id}`, {
    status: 'approved',
    reviewedBy: session.user?.id,
    checklistItems: request.checklistItems.map((item) => ({
      id: item.id,
      status: 'approved',
      ...(item === request.checklistItems[0] ? { reviewerNote: 'Checked against the ID' } : {}),
    })),
  });
  expect(status).toBe(200);
  await context.close();
}

async function writeSomeReview(page: Page) {
  await check(page, 1).getByRole('button', { name: 'Fail' }).click();
  await check(page, 1)
    .getByRole('textbox', { name: /What is wrong/ })
    .fill('Seal cut off on page 3');
  await check(page, 2).getByRole('button', { name: 'Pass' }).click();
  await page.getByLabel('Rework notes').fill('Rescan the last page at full size.');
}

test('a conflict shows the decided version beside everything the reviewer wrote, at any cache age', async ({
  page,
  browser,
  context,
}) => {
  expectSharedNext();
  expectErrors(
    failedRequest('GET', '/events', 'FAILED'),
    errorAnswer(409, 'PATCH', '/api/qc/v2/qc/requests/[\\w-]+'),
  );
  // Four screenshots and two accessibility checks beside a painted PDF.
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, DEMO.reviewer);
  const request = await newQcRequest();
  // Live events would tell this screen of the other decision at once (the next test's case):
  // without them, as on a flaky connection, the reviewer learns it from the 409.
  await page.route(LIVE_EVENTS, (route) => route.abort());
  await page.goto(reviewUrl(request.id));
  await expect(page.getByRole('heading', { name: request.document.matterReference })).toBeVisible();
  await writeSomeReview(page);

  // Mid-review, another reviewer decides the same request.
  await approvedElsewhere(browser, request);
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(request.id),
  );
  await page.getByRole('button', { name: 'Reject and next' }).click();
  expect((await answered).status()).toBe(409);

  const expectConflictView = async () => {
    await expect(page).toHaveURL(new RegExp(`/qc/${request.id}`));
    await expect(page.getByRole('alert')).toContainText(/Already approved by Alex Admin on/);
    // The decided version: who, the verdicts and their notes.
    await expect(
      page.getByRole('status').filter({ hasText: 'Approved by Alex Admin' }),
    ).toBeVisible();
    const first = page.getByTestId('conflict-1');
    await expect(first.getByRole('definition').first()).toContainText('Pass');
    await expect(first.getByRole('definition').first()).toContainText('Checked against the ID');
    // Beside it, everything the reviewer wrote.
    await expect(first.getByRole('definition').nth(1)).toContainText('Fail');
    await expect(first.getByRole('definition').nth(1)).toContainText('Seal cut off on page 3');
    await expect(page.getByLabel('Rework notes')).toHaveValue('Rescan the last page at full size.');
    await expect(page.getByRole('button', { name: 'Reject and next' })).toHaveCount(0);
  };
  await expectConflictView();

  // The cache ages: a reload fetches the decided request afresh; nothing the reviewer wrote goes.
  await page.unroute(LIVE_EVENTS);
  await page.reload();
  await expectConflictView();

  await page.getByRole('button', { name: 'Copy my notes' }).click();
  await expect(page.getByText('Your notes are on the clipboard.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Seal cut off on page 3');
  expect(copied).toContain('Rescan the last page at full size.');

  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await bothThemes(page, 'qc-review-conflict');

  // Discarded on purpose, the draft goes, and the request reads as decided.
  await page.getByRole('button', { name: 'Discard my review' }).click();
  await page.getByRole('button', { name: 'Discard for good' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Approved by Alex Admin' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await storedDrafts(page)).toEqual([]);
});

test('a request decided behind the reviewer shows their draft beside it once the screen learns', async ({
  page,
  browser,
}) => {
  expectSharedNext();
  const request = await newQcRequest();
  await signIn(page, DEMO.reviewer, reviewUrl(request.id));
  await writeSomeReview(page);
  await approvedElsewhere(browser, request);
  // No decision sent: the screen learns from a live event or, at the latest, a fresh fetch.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText(/Already approved by Alex Admin on/);
  await expect(page.getByLabel('Rework notes')).toHaveValue('Rescan the last page at full size.');
  await expect(page.getByTestId('conflict-1').getByRole('definition').nth(1)).toContainText(
    'Seal cut off on page 3',
  );
});

test("a draft outlives the browser, is the reviewer's alone, and goes at sign-out", async ({
  browser,
}) => {
  // The second browser meets the first's hold until it ends.
  expectErrors(errorAnswer(409, 'PUT', '/team/holds/[\\w-]+'));
  // Three browsers' sign-ins and reviews, on a machine the other specs share.
  test.setTimeout(150_000);
  const first = await browser.newContext();
  let page = await first.newPage();
  const request = await newQcRequest();
  await signIn(page, DEMO.reviewer, reviewUrl(request.id));
  await check(page, 1).getByRole('button', { name: 'Pass' }).click();
  await check(page, 2).getByRole('button', { name: 'Fail' }).click();
  await check(page, 2)
    .getByRole('textbox', { name: /What is wrong/ })
    .fill('Wrong county');
  await page.getByLabel('Rework notes').fill('Half-way through');
  await expect.poll(() => storedDrafts(page)).toHaveLength(1);

  // The browser closes; the next one starts from what it kept (cookies and storage).
  const state = await first.storageState();
  await first.close();
  const second = await browser.newContext({ storageState: state });
  page = await second.newPage();
  const expectDraft = async () => {
    await page.goto(reviewUrl(request.id));
    await expect(page.getByLabel('Rework notes')).toHaveValue('Half-way through');
    await expect(check(page, 1).getByRole('button', { name: 'Pass' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(check(page, 2).getByRole('textbox', { name: /What is wrong/ })).toHaveValue(
      'Wrong county',
    );
  };
  await expectDraft();

  // The session ends without a sign-out and someone else signs in here: none of it shows.
  // The review still on show meets the ended session before the next page does: its hold's
  // poll and refresh, its event stream, and what it reads again as the stream comes back
  // (findings, the request's history) are answered 401.
  expectErrors(errorAnswer(401, '(GET|PUT)', '/(team/[\\w/-]+|events)'));
  await second.clearCookies();
  await signIn(page, DEMO.admin, reviewUrl(request.id));
  await expect(page.getByRole('heading', { name: request.document.matterReference })).toBeVisible();
  await expect(page.locator('.check').first()).toBeVisible();
  expect(await written(page)).toEqual([]);
  // Their sign-out takes only their own drafts.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
  expect(await storedDrafts(page)).toHaveLength(1);

  await signIn(page, DEMO.reviewer);
  await expectDraft();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
  expect(await storedDrafts(page)).toEqual([]);
  await signIn(page, DEMO.reviewer, reviewUrl(request.id));
  await expect(page.getByRole('heading', { name: request.document.matterReference })).toBeVisible();
  await expect(page.getByLabel('Rework notes')).toHaveValue('');
  await second.close();
});

test('keys: j/k reach items past the ninth, f fails with its note focused, x marks N/A', async ({
  page,
}) => {
  expectSharedNext();
  await signIn(page, DEMO.reviewer);
  // A checklist longer than nine items, with items that allow N/A and items that do not.
  const request = await newQcRequest({ process: 'Affidavit review' });
  expect(request.checklistItems.length).toBeGreaterThan(9);
  expect(request.checklistItems.some((i) => i.allowNA)).toBe(true);
  const items = request.checklistItems;
  const last = items.length;
  const na = items.findIndex((i) => i.allowNA) + 1;
  const notNa = items.findIndex((i) => !i.allowNA) + 1;
  await page.goto(reviewUrl(request.id));
  await expect(page.getByRole('heading', { name: request.document.matterReference })).toBeVisible();
  // The app's own review, which listens for keys: the gateway's first screen of it does not
  // (keys pressed before the takeover are held for the queue only, held-keys.ts).
  await expect(page.locator('.first-screen')).toHaveCount(0);

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  for (const key of ['j / k', 'f', 'x']) {
    await expect(help.locator('kbd', { hasText: new RegExp(`^${key}$`) })).toBeVisible();
  }
  await closeWithEscape(help);

  // j walks down past the ninth item; k comes back.
  await page.keyboard.press('1');
  for (let i = 1; i < last; i += 1) await page.keyboard.press('j');
  await expect(check(page, last)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('j');
  await expect(check(page, last)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('k');
  await expect(check(page, last - 1)).toHaveAttribute('data-selected', 'true');
  await expect(check(page, last - 1)).toBeInViewport();

  // f fails the selected item and puts the cursor in its note.
  await page.keyboard.press('f');
  const note = check(page, last - 1).getByRole('textbox', { name: /What is wrong/ });
  await expect(note).toBeFocused();
  await page.keyboard.type('Strike-out on page 2');
  await expect(note).toHaveValue('Strike-out on page 2');
  await expect(check(page, last - 1)).toHaveAttribute('data-verdict', 'rejected');
  // Escape leaves the note; the keys work again.
  await page.keyboard.press('Escape');
  await expect(note).not.toBeFocused();
  await page.keyboard.press('j');
  await expect(check(page, last)).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Space');
  await expect(check(page, last)).toHaveAttribute('data-verdict', 'approved');

  // x marks N/A where the item allows it, and nothing where it does not.
  await page.keyboard.press(String(notNa));
  await page.keyboard.press('x');
  await expect(check(page, notNa)).toHaveAttribute('data-verdict', 'pending');
  await page.keyboard.press(String(na));
  await page.keyboard.press('x');
  await expect(check(page, na)).toHaveAttribute('data-verdict', 'notApplicable');
  await expect(check(page, na + 1)).toHaveAttribute('data-selected', 'true');

  const answered = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(request.id),
  );
  await page.keyboard.press('r');
  expect((await answered).status()).toBe(200);
  const saved = await stored(page, request.id);
  expect(saved.status).toBe('rejected');
  expect(saved.checklistItems[last - 2]?.status).toBe('rejected');
  expect(saved.checklistItems[last - 2]?.reviewerNote).toBe('Strike-out on page 2');
  expect(saved.checklistItems[last - 1]?.status).toBe('approved');
  expect(saved.checklistItems[na - 1]?.status).toBe('notApplicable');
});

test('a late release of this reviewer’s own hold (a reload behind a balancer) is taken back', async ({
  page,
}) => {
  const request = await newQcRequest();
  await signIn(page, DEMO.reviewer, reviewUrl(request.id));
  const panel = page.locator('.review__panel');
  await expect(panel).toHaveAttribute('data-hold', 'mine');
  const holder = async () => {
    const { holds } = await api(page).get('/team/holds', QcHoldListSchema);
    return holds.find((c) => c.requestId === request.id)?.holder.name ?? 'nobody';
  };
  expect(await holder()).toBe('Riley Reviewer');

  // The page before a reload released it, and that release arrived after this page's hold.
  const retaken = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/team/holds/${request.id}`),
  );
  expect(await api(page).status('DELETE', `/team/holds/${request.id}`)).toBe(204);
  expect((await retaken).status()).toBe(201);
  await expect.poll(holder).toBe('Riley Reviewer');
  await expect(panel).toHaveAttribute('data-hold', 'mine');
});

test('a hold that meets a failing gateway (a failover) is tried again, and held', async ({
  page,
}) => {
  expectErrors(errorAnswer(503, 'PUT', '/team/holds/[\\w-]+'));
  await signIn(page, DEMO.reviewer);
  const request = await newQcRequest();
  // The first hold meets a gateway going down; the next one a gateway that answers.
  let refused = 0;
  await page.route(`**/team/holds/${request.id}`, async (route) => {
    if (route.request().method() === 'PUT' && refused === 0) {
      refused += 1;
      return route.fulfill({ status: 503, json: { message: 'restarting' } });
    }
    return route.fallback();
  });
  await page.goto(reviewUrl(request.id));
  await expect(page.locator('.review__panel')).toHaveAttribute('data-hold', 'mine');
  expect(refused).toBe(1);
  const { holds } = await api(page).get('/team/holds', QcHoldListSchema);
  expect(holds.find((c) => c.requestId === request.id)?.holder.name).toBe('Riley Reviewer');
});
