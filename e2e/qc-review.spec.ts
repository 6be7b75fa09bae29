import { type Page } from '@playwright/test';
import { errorAnswer, expect, expectErrors, test, expectSharedNext } from './console-watch.ts';
import { QcRequestSchema, type QcRequest } from '../src/contract/qc.ts';
import { api } from './api.ts';
import { createEntity } from './event-support.ts';
import { newQcRequest, newQcRequestPair } from './requests.ts';
import {
  DEMO,
  closeWithEscape,
  expectAccessible,
  holdRequests,
  screenshots,
  signIn,
} from './support.ts';

// Each test reviews requests of its own (requests.ts), so tests that run side by side, in
// any order, never review the same one. They are the newest of the queue: its newest-first
// view shows them first, and "next" after the newer of a pair is the older.
const summary = (request: QcRequest) => ({
  id: request.id,
  matterReference: request.document.matterReference,
});

const pendingRequest = async () => summary(await newQcRequest());

/** Two requests side by side in the queue's newest-first view: one and the one "next" opens. */
async function pendingPair() {
  const [newer, older] = await newQcRequestPair();
  return [summary(newer), summary(older)] as const;
}

/** A request as the service has it now. */
const stored = (page: Page, id: string) =>
  api(page).get(`/api/qc/v2/qc/requests/${id}`, QcRequestSchema);

/** The decision's PATCH, answered: the next document shows before it (ADR 005). */
function decisionSaved(page: Page, id: string) {
  return page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(`/requests/${id}`),
  );
}

const reviewUrl = (id: string) => `/qc/${id}?status=pending&order=newest`;

/** Waits for the first page's canvas and text layer, then checks both carry the document. */
async function expectPainted(page: Page, matterReference: string) {
  const firstPage = page.locator('.pdf-preview__stage .page[data-painted="true"]').first();
  await expect(firstPage).toBeVisible({ timeout: 15_000 });
  const inked = await firstPage
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 16) if ((data[i] ?? 255) < 200) dark += 1;
      return dark;
    });
  expect(inked).toBeGreaterThan(100);
  await expect(firstPage.locator('.textLayer')).toContainText(matterReference);
}

/**
 * Every place, frame by frame, the first element matching `selector` is drawn at from the next
 * page loaded on; what the returned function reads.
 */
async function watchPlaces(page: Page, selector: string) {
  await page.addInitScript((watched) => {
    const places: string[] = [];
    Object.assign(window, { watchedPlaces: places });
    const frame = () => {
      const box = document.querySelector(watched)?.getBoundingClientRect();
      const place = box && `${Math.round(box.x)},${Math.round(box.y + window.scrollY)}`;
      if (place && places.at(-1) !== place) places.push(place);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, selector);
  return () =>
    page.evaluate(() => (window as unknown as { watchedPlaces: string[] }).watchedPlaces);
}

async function passEverything(page: Page) {
  const checks = page.locator('.check');
  const count = await checks.count();
  for (let i = 0; i < count; i += 1) {
    await checks.nth(i).getByRole('button', { name: 'Pass' }).click();
  }
}

test.beforeEach(async ({ page }) => {
  page.on('console', (message) => {
    if (message.text().includes('Setting up fake worker'))
      throw new Error('pdf.js fell back to a fake worker');
  });
});

test('opens from the queue, paints the PDF with its text, and shows the facts', async ({
  page,
}) => {
  const first = await pendingRequest();
  await signIn(page, DEMO.reviewer, '/qc?status=pending&order=newest');
  await page
    .getByRole('link', { name: new RegExp(first.matterReference) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/qc/${first.id}`));
  await expect(page.getByRole('heading', { name: first.matterReference })).toBeVisible();
  await expectPainted(page, first.matterReference);
  await expect(page.getByRole('heading', { name: 'Checklist' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'qc-review');
});

test('approve and next: the next document is on screen and the approved one leaves the pending tab', async ({
  page,
}) => {
  const [current, next] = await pendingPair();
  await signIn(page, DEMO.reviewer, reviewUrl(current.id));
  await expectPainted(page, current.matterReference);
  const approve = page.getByRole('button', { name: 'Approve and next' });
  await expect(approve).toBeDisabled();
  await passEverything(page);
  await expect(approve).toBeEnabled();
  await approve.click();
  await expect(page).toHaveURL(new RegExp(`/qc/${next.id}`));
  await expectPainted(page, next.matterReference);
  // Saved behind the next document: poll the service until it says so.
  await expect.poll(async () => (await stored(page, current.id)).status).toBe('approved');
  await page.goto('/qc?status=pending&order=newest');
  await expect(
    page.getByRole('link', { name: new RegExp(next.matterReference) }).first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(current.matterReference) })).toHaveCount(
    0,
  );
});

test('reject with a failed item and a note', async ({ page }) => {
  expectSharedNext();
  const current = await pendingRequest();
  await signIn(page, DEMO.reviewer, reviewUrl(current.id));
  await expect(page.getByRole('heading', { name: current.matterReference })).toBeVisible();
  const reject = page.getByRole('button', { name: 'Reject and next' });
  await expect(reject).toBeDisabled();
  await page.locator('.check').first().getByRole('button', { name: 'Fail' }).click();
  await page.getByRole('textbox', { name: /What is wrong/ }).fill('Seal cut off on page 3');
  await page.getByLabel('Rework notes').fill('Rescan the last page at full size.');
  const rejected = decisionSaved(page, current.id);
  await reject.click();
  await expect(page).not.toHaveURL(new RegExp(`/qc/${current.id}`));
  expect((await rejected).status()).toBe(200);
  const rejectedNow = await stored(page, current.id);
  expect(rejectedNow.status).toBe('rejected');
  expect(rejectedNow.notes).toBe('Rescan the last page at full size.');
  expect(rejectedNow.checklistItems[0]?.reviewerNote).toBe('Seal cut off on page 3');
  // Decided requests open read-only, with who and when.
  await page.goto(`/qc/${current.id}?status=rejected`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Rejected by Riley Reviewer' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reject and next' })).toHaveCount(0);
});

test('two reviewers at once: the second is told who has it and keeps their notes', async ({
  page,
  browser,
}) => {
  expectErrors(errorAnswer(409, 'PUT', '/team/holds/[\\w-]+'));
  // Two browsers, each signed in, and a whole checklist passed by clicks.
  test.slow();
  await signIn(page, DEMO.reviewer);
  const current = await pendingRequest();
  const other = await browser.newPage();
  await signIn(other, DEMO.admin);
  await page.goto(reviewUrl(current.id));
  await expect(page.locator('.review__panel')).toHaveAttribute('data-hold', 'mine');
  await other.goto(reviewUrl(current.id));
  await expect(other.getByRole('heading', { name: current.matterReference })).toBeVisible();
  // The second is told who has it, and cannot decide; they may still write.
  await expect(
    other.getByRole('status').filter({ hasText: 'Riley Reviewer is reviewing' }),
  ).toBeVisible();
  await expect(other.getByRole('button', { name: 'Reject and next' })).toBeDisabled();
  await other.getByLabel('Rework notes').fill('Signature date does not match.');

  await passEverything(page);
  const saved = decisionSaved(page, current.id);
  await page.getByRole('button', { name: 'Approve and next' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/qc/${current.id}`));
  expect((await saved).status()).toBe(200);

  // They learn it at once (a live event), with their notes kept beside the decision.
  await expect(other.getByRole('alert')).toContainText(/Already approved by Riley Reviewer on/);
  await expect(other).toHaveURL(new RegExp(`/qc/${current.id}`));
  await expect(other.getByLabel('Rework notes')).toHaveValue('Signature date does not match.');
  await other.close();
});

test('a whole review with the keyboard only', async ({ page }) => {
  expectSharedNext();
  const current = await pendingRequest();
  await signIn(page, DEMO.reviewer, reviewUrl(current.id));
  await expect(page.getByRole('heading', { name: current.matterReference })).toBeVisible();
  await page.keyboard.press('?');
  await closeWithEscape(page.getByRole('dialog', { name: 'Keyboard shortcuts' }));
  // 1 selects the first item; each space passes one and moves to the next.
  const count = await page.locator('.check').count();
  await page.keyboard.press('1');
  for (let i = 0; i < count; i += 1) await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Approve and next' })).toBeEnabled();
  const approved = decisionSaved(page, current.id);
  await page.keyboard.press('a');
  await expect(page).not.toHaveURL(new RegExp(`/qc/${current.id}`));
  expect((await approved).status()).toBe(200);
  expect((await stored(page, current.id)).status).toBe('approved');
});

test('keys faster than the screen renders: each counts, and the decision is sent once', async ({
  page,
}) => {
  expectSharedNext();
  const current = await pendingRequest();
  await signIn(page, DEMO.reviewer, reviewUrl(current.id));
  await expect(page.getByRole('heading', { name: current.matterReference })).toBeVisible();
  // Only the holder decides: the keys come once the gateway has said it is ours.
  await expect(page.locator('.review__panel')).toHaveAttribute('data-hold', 'mine');
  const patches: string[] = [];
  page.on('request', (r) => r.method() === 'PATCH' && patches.push(r.url()));
  const approved = decisionSaved(page, current.id);
  // All in one task, so React renders nothing between the keys: `a` pressed twice.
  await page.evaluate(() => {
    const press = (key: string) =>
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
      );
    press('1');
    document.querySelectorAll('.check').forEach(() => press(' '));
    press('a');
    press('a');
  });
  expect((await approved).status()).toBe(200);
  await expect(page).not.toHaveURL(new RegExp(`/qc/${current.id}`));
  const approvedNow = await stored(page, current.id);
  expect(approvedNow.status).toBe('approved');
  expect(new Set(approvedNow.checklistItems.map((item) => item.status))).toEqual(
    new Set(['approved']),
  );
  expect(patches.filter((url) => url.includes(current.id))).toHaveLength(1);
});

test('a reload mid-review restores the draft', async ({ page }) => {
  const current = await pendingRequest();
  const placesOfPass = await watchPlaces(page, '.check .verdicts__option');
  await signIn(page, DEMO.reviewer, reviewUrl(current.id));
  const pass = page.locator('.check').first().getByRole('button', { name: 'Pass' });
  // Nothing above the checklist moves it as the rest of the screen comes (the people's names):
  // a click on its way would land elsewhere.
  await expect(page.locator('.facts')).toContainText('Nora Notary');
  expect(await placesOfPass()).toHaveLength(1);
  await pass.click();
  // Taken, before anything else: a click lost on the way is not a draft lost on reload.
  await expect(pass).toHaveAttribute('aria-pressed', 'true');
  await page.locator('.check').nth(1).getByRole('button', { name: 'Fail' }).click();
  await page.getByRole('textbox', { name: /What is wrong/ }).fill('Wrong county');
  await page.getByLabel('Rework notes').fill('Half-way through');
  await page.reload();
  await expect(page.getByLabel('Rework notes')).toHaveValue('Half-way through');
  await expect(pass).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('textbox', { name: /What is wrong/ })).toHaveValue('Wrong county');
});

test('a client without a user may read a review but is told why it cannot decide', async ({
  page,
}) => {
  // Screenshots at two sizes in two schemes, beside a painted PDF: more than the default time.
  test.setTimeout(90_000);
  // The demo machine client holds qc.review but names no user, as a deployment's token may.
  const machine = {
    id: 'acme-integration',
    secret: 'acme-integration-secret',
    name: 'acme-integration',
  };
  await signIn(page, machine, '/qc');
  const { id } = await pendingRequest();
  await page.goto(reviewUrl(id));
  await expect(page.getByRole('note')).toContainText('signed in without a user');
  await passEverything(page);
  await expect(page.getByRole('button', { name: 'Approve and next' })).toBeDisabled();
  await page.keyboard.press('a');
  // Nothing was sent: still on the same document, still pending.
  await expect(page).toHaveURL(new RegExp(id));
  await expectAccessible(page);
  await screenshots(page, 'qc-review-no-user');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page);
  await screenshots(page, 'qc-review-no-user-dark');
});

test('the next document is drawn ahead, unseen, and shown where it was drawn on approve', async ({
  page,
}) => {
  const [current, next] = await pendingPair();
  await signIn(page, DEMO.reviewer, reviewUrl(current.id));
  await expectPainted(page, current.matterReference);
  // While this one is read, the next one's first page is painted, with its text, unseen.
  const parked = page.locator('.pdf-standby .page[data-page-number="1"][data-painted="true"]');
  await expect(parked).toHaveCount(1, { timeout: 15_000 });
  await expect(parked.locator('.textLayer')).toContainText(next.matterReference);
  // Beneath the document shown: transparent, out of the accessibility tree and inert.
  const layer = page.locator('.pdf-standby');
  await expect(layer).toHaveAttribute('aria-hidden', 'true');
  await expect(layer).toHaveCSS('opacity', '0');
  expect(await layer.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
  await parked.evaluate((element) => element.setAttribute('data-drawn-ahead', ''));

  await page.keyboard.press('1');
  const count = await page.locator('.check').count();
  for (let i = 0; i < count; i += 1) await page.keyboard.press('Space');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(new RegExp(`/qc/${next.id}`));
  // The very page drawn ahead is the one on screen: shown, not drawn again.
  const shown = page.locator('.pdf-preview__stage .page[data-page-number="1"]');
  await expect(shown).toHaveAttribute('data-drawn-ahead', '');
  await expect(shown).toHaveAttribute('data-painted', 'true');
  await expect(shown).toBeVisible();
  await expectPainted(page, next.matterReference);
  // Back to the queue: nothing is kept drawn ahead.
  await expect(page.locator('.pdf-standby .page').first()).toBeAttached({ timeout: 15_000 });
  await page.getByRole('link', { name: '← Queue' }).click();
  await expect(page.locator('[data-qc-row]').first()).toBeVisible();
  await expect(page.locator('.pdf-standby .page')).toHaveCount(0);
});

test('news arriving mid-review stays clear of the decision buttons', async ({ page }) => {
  const request = await pendingRequest();
  await signIn(page, DEMO.admin, reviewUrl(request.id));
  await expectPainted(page, request.matterReference);
  const actions = page.locator('.review__actions');
  await expect(actions).toBeVisible();
  // A live event: an entity with addresses brings an ADDRESS_CHANGE, which shows a toast.
  await createEntity(page, `Toast Clearance ${Date.now()}`);
  const toast = page.locator('.toast', { hasText: 'Address changed' });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  const toastBox = await toast.boundingBox();
  const actionsBox = await actions.boundingBox();
  expect(toastBox && actionsBox).toBeTruthy();
  expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(actionsBox!.y);
});

for (const [size, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`the checklist stays where it is as the people's and firm's names come (${size})`, async ({
    page,
  }) => {
    const request = await pendingRequest();
    await signIn(page, DEMO.reviewer);
    await page.setViewportSize(viewport);
    // A fresh load, its look-ups held (and the checks' bindings, if it asks for them): the
    // facts show ids, one line each, until the names come; then the machine's verdicts come.
    const held = (url: URL) =>
      /^\/api\/(users\/v1\/users|accounts\/v1\/firms)$/.test(url.pathname) ||
      url.pathname.endsWith('/team/settings');
    const release = await holdRequests(page, held);
    await page.goto(reviewUrl(request.id));
    const passes = page.locator('.check').getByRole('button', { name: 'Pass' });
    await expect(passes.first()).toBeVisible();
    await expect(page.locator('.facts .facts__id').first()).toBeVisible();
    const tops = () =>
      passes.evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().y)));
    const before = await tops();
    release();
    await expect(page.locator('.facts .facts__id')).toHaveCount(0);
    await expect(page.locator('.machine-summary')).toHaveAttribute('data-state', 'ready', {
      timeout: 60_000,
    });
    // A click aimed at an item before the names came lands on that item after.
    expect(await tops()).toEqual(before);
  });
}
