import { type Page, type Route } from '@playwright/test';
import { expect, expectErrors, OFFLINE, test, expectSharedNext } from './console-watch.ts';
import { QcRequestSchema, type QcRequest } from '../src/contract/qc.ts';
import { RequestHistorySchema } from '../src/contract/team.ts';
import { api } from './api.ts';
import { diskProfile } from './chromium.ts';
import { newQcRequestPair, newQcRequests } from './requests.ts';
import { DEMO, bothThemes, expectAccessible, signIn, signInWithForm } from './support.ts';

// ADR 026: a decision is kept in the browser (IndexedDB) before the screen moves on, and
// sent until the service has it, once. Each test decides requests of its own (requests.ts),
// the newest of the queue.

/** The service's answer to a decision it has already: the reviewer's own, so saved. */
const DECIDED_ALREADY = /^409 PATCH \S+\/api\/qc\/v2\/qc\/requests\/[\w-]+$/;

/** A review in the queue's newest-first view, where a test's own requests come first. */
const reviewUrl = (request: QcRequest) => `/qc/${request.id}?status=pending&order=newest`;

const stored = (page: Page, id: string) =>
  api(page).get(`/api/qc/v2/qc/requests/${id}`, QcRequestSchema);
/** The decisions the gateway recorded for a request: each one the service accepted. */
const decisionsOf = async (page: Page, id: string) =>
  (await api(page).get(`/team/history/${id}`, RequestHistorySchema)).decisions;
const isPatchOf = (id: string) => (url: URL) => url.pathname === `/api/qc/v2/qc/requests/${id}`;

/** Entries in the browser's outbox, every person's (0 before the app first made it). */
const outboxSize = (page: Page) =>
  page.evaluate(async () => {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === 'attest-outbox')) return 0;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open('attest-outbox');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const db = open.result;
        const count = db.transaction('decisions').objectStore('decisions').count();
        count.onsuccess = () => {
          resolve(count.result);
          db.close();
        };
        count.onerror = () => reject(count.error ?? new Error('count failed'));
      };
    });
  });

/**
 * Logs every write of an outbox entry the page makes (`window.outboxWrites`): whether it marks
 * a send as begun. A send marks its entry, and a failed one unmarks it once it is answered.
 */
function logOutboxWrites() {
  const writes: { requestId: string; sending: boolean }[] = [];
  Object.assign(window, { outboxWrites: writes });
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key) {
    if (this.name === 'decisions') {
      const entry = value as { requestId: string; sentOn?: number };
      writes.push({ requestId: entry.requestId, sending: entry.sentOn !== undefined });
    }
    return put.call(this, value, key);
  };
}
const outboxWrites = (page: Page, id: string) =>
  page.evaluate(
    (requestId) =>
      (
        window as unknown as { outboxWrites: { requestId: string; sending: boolean }[] }
      ).outboxWrites
        .filter((write) => write.requestId === requestId)
        .map((write) => write.sending),
    id,
  );

/**
 * Opens a request (unless the page shows it already), waits for its hold, and passes every
 * item with the keyboard.
 */
async function readyToApprove(page: Page, request: QcRequest, { open = true } = {}) {
  const { id } = request;
  if (open) await page.goto(reviewUrl(request));
  await expect(page.locator(`.review__panel[data-request-id="${id}"]`)).toHaveAttribute(
    'data-hold',
    'mine',
    { timeout: 15_000 },
  );
  const count = await page.locator('.check').count();
  await page.keyboard.press('1');
  for (let i = 0; i < count; i += 1) await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: 'Approve and next' })).toBeEnabled();
}

/** Approved by Riley, as the service has it, and recorded once. */
async function expectSavedOnce(page: Page, id: string) {
  await expect
    .poll(async () => (await stored(page, id)).status, { timeout: 20_000 })
    .toBe('approved');
  const decisions = await decisionsOf(page, id);
  expect(decisions.map((d) => `${d.status} by ${d.decidedBy.name}`)).toEqual([
    `approved by ${DEMO.reviewer.name}`,
  ]);
  await expect.poll(() => outboxSize(page), { timeout: 20_000 }).toBe(0);
}

test('a tab closed 0 to 30 ms after approving loses nothing, and saves it once', async ({
  browser,
}) => {
  expectSharedNext();
  test.setTimeout(180_000);
  const context = await browser.newContext();
  let page = await context.newPage();
  await signIn(page, DEMO.reviewer);
  const delays = [0, 5, 10, 20, 30];
  // Each delay once: a close that races the keepalive request lands either side of it, and
  // the annotation says which the outbox carried.
  const tries = delays.length;
  const requests = await newQcRequests(tries);
  const carried: number[] = [];
  for (let i = 0; i < tries; i += 1) {
    const request = requests[i];
    if (!request) throw new Error('no request');
    const delay = delays[i % delays.length] ?? 0;
    await readyToApprove(page, request, { open: i === 0 });
    await page.keyboard.press('a');
    if (delay > 0) await page.waitForTimeout(delay);
    await page.close({ runBeforeUnload: false });
    // The same browser (its IndexedDB) opens the console again: at the next document to
    // review (which the next try approves), the queue after the last.
    page = await context.newPage();
    const next = requests[i + 1];
    await page.goto(next ? reviewUrl(next) : '/qc?status=pending&order=newest');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // Whether the keepalive request had landed by then, or the outbox still held it.
    if ((await stored(page, request.id)).status === 'pending') carried.push(delay);
    await expectSavedOnce(page, request.id);
  }
  test.info().annotations.push({
    type: 'outbox',
    description: `${carried.length} of ${tries} saved only by the next load (delays ${carried.join(', ') || 'none'} ms)`,
  });
  await context.close();
});

test('a tab closed 0 to 30 ms after approving, its PATCH lost: the outbox alone saves it', async ({
  browser,
}) => {
  expectSharedNext();
  test.setTimeout(240_000);
  const context = await browser.newContext();
  let page = await context.newPage();
  await signIn(page, DEMO.reviewer);
  const requests = await newQcRequests(5);
  // Every decision's PATCH fails while the tab is open: only the outbox can carry it on. (A
  // keepalive request may outlive the closed page's interception and land all the same: the
  // annotation says how many were still pending when the console opened again.)
  const decisions = (url: URL) => url.pathname.startsWith('/api/qc/v2/qc/requests/');
  expectErrors(OFFLINE);
  const lost = (route: Route) =>
    route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue();
  const pendingOnReopening: boolean[] = [];
  for (const [i, delay] of [0, 5, 10, 20, 30].entries()) {
    const request = requests[i];
    if (!request) throw new Error('no request');
    await readyToApprove(page, request, { open: i === 0 });
    await context.route(decisions, lost);
    await page.keyboard.press('a');
    if (delay > 0) await page.waitForTimeout(delay);
    await page.close({ runBeforeUnload: false });
    await context.unroute(decisions, lost);
    page = await context.newPage();
    const next = requests[i + 1];
    await page.goto(next ? reviewUrl(next) : '/qc?status=pending&order=newest');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    pendingOnReopening.push((await stored(page, request.id)).status === 'pending');
    await expectSavedOnce(page, request.id);
  }
  test.info().annotations.push({
    type: 'outbox',
    description: `pending on reopening: ${pendingOnReopening.join(', ')}`,
  });
  await context.close();
});

test('the connection dropped as a decision is made: shown as saving, saved once when back', async ({
  page,
  context,
}) => {
  await page.addInitScript(logOutboxWrites);
  await signIn(page, DEMO.reviewer);
  const [request, next] = await newQcRequestPair();
  await readyToApprove(page, request);
  expectErrors(OFFLINE);
  await context.setOffline(true);
  await page.keyboard.press('a');
  await expect(page).toHaveURL(new RegExp(`/qc/${next.id}`));
  // Back to the queue (from the app's cache: the browser is offline): listed as saving.
  await page.getByRole('link', { name: '← Queue' }).click();
  const row = page.locator('.qc-row').filter({ hasText: request.document.matterReference });
  await expect(row.getByText('Saving your decision…')).toBeVisible();
  await expect(page.getByTestId('count-saving')).toHaveText('1 saving');
  await expectAccessible(page);
  await bothThemes(page, 'decision-outbox-saving');
  // Sent again since (the outbox tries again within seconds), failed again, and that answer
  // taken in: still kept, and shown so. (Its first send, then the next: each marks the entry
  // as it begins and unmarks it once it has failed.)
  await expect
    .poll(async () => {
      const writes = await outboxWrites(page, request.id);
      return writes.length >= 4 && writes.at(-1) === false;
    })
    .toBe(true);
  expect(await outboxSize(page)).toBe(1);
  await expect(row.getByText('Saving your decision…')).toBeVisible();
  // Its review does not offer to decide it again.
  await row.getByRole('link').click();
  await expect(page.getByRole('status').filter({ hasText: 'being saved' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve and next' })).toHaveCount(0);
  await context.setOffline(false);
  await expectSavedOnce(page, request.id);
  await page.goto('/qc?status=pending&order=newest');
  await expect(page.getByTestId('count-saving')).toHaveCount(0);
});

test('a reload mid-save sends nothing twice', async ({ page }) => {
  expectSharedNext();
  // The held send goes through after the reloaded page's: the second is told it is decided.
  expectErrors(DECIDED_ALREADY);
  await signIn(page, DEMO.reviewer);
  const [request] = await newQcRequests(1);
  if (!request) throw new Error('no request');
  const held: Route[] = [];
  let patches = 0;
  const itsUrl = isPatchOf(request.id);
  await page.route(itsUrl, (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    held.push(route);
    return undefined;
  });
  await readyToApprove(page, request);
  await page.keyboard.press('a');
  await expect.poll(() => held.length).toBe(1);
  expect(await outboxSize(page)).toBe(1);
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The reloaded page finds it in the outbox, and the send that was under way goes through.
  expect(await outboxSize(page)).toBe(1);
  await page.unroute(itsUrl);
  for (const route of held.splice(0)) await route.continue().catch(() => undefined);
  await expectSavedOnce(page, request.id);
  expect(patches, 'PATCHes sent').toBeLessThanOrEqual(2);
  test.info().annotations.push({ type: 'outbox', description: `${patches} PATCH(es) sent` });
});

test('a browser restarted with an unsent decision sends it at the next sign-in', async ({
  baseURL,
}) => {
  expectSharedNext();
  test.slow();
  const profile = diskProfile(baseURL);
  const launch = profile.launch;
  try {
    let context = await launch();
    let page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, DEMO.reviewer);
    const [request] = await newQcRequests(1);
    if (!request) throw new Error('no request');
    let refused = 0;
    await page.route(isPatchOf(request.id), (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      refused += 1;
      return route.abort('internetdisconnected');
    });
    await readyToApprove(page, request);
    await page.keyboard.press('a');
    await expect.poll(() => refused).toBeGreaterThan(0);
    expect(await outboxSize(page)).toBe(1);
    expect((await stored(page, request.id)).status).toBe('pending');
    await context.close();

    context = await launch();
    // A new sign-in, not the old session's cookie.
    await context.clearCookies();
    page = context.pages()[0] ?? (await context.newPage());
    await signInWithForm(page, DEMO.reviewer);
    await expectSavedOnce(page, request.id);
    await context.close();
  } finally {
    profile.remove();
  }
});

test("a 409 for the reviewer's own decision counts as saved", async ({ page }) => {
  await signIn(page, DEMO.reviewer);
  const [request, next] = await newQcRequestPair();
  // The service saves it, and the answer is lost: the browser is told 409 instead, as when
  // an earlier send (a keepalive from a closed tab) got there first.
  expectErrors(DECIDED_ALREADY);
  await page.route(isPatchOf(request.id), async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    const answer = await route.fetch();
    expect(answer.status()).toBe(200);
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'QC request is already approved' }),
    });
  });
  await readyToApprove(page, request);
  await page.keyboard.press('a');
  await expect(page).toHaveURL(new RegExp(`/qc/${next.id}`));
  await expectSavedOnce(page, request.id);
  // Saved: the draft is gone, the reviewer stays where they are, and no conflict is shown.
  await expect
    .poll(() =>
      page.evaluate(
        (id) => Object.keys(localStorage).filter((key) => key.endsWith(`/qc-draft:${id}`)),
        request.id,
      ),
    )
    .toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/qc/${next.id}`));
  await expect(page.getByRole('alert')).toHaveCount(0);
});

/**
 * Riley's approval of a request, kept in the browser: the service cannot be reached for it
 * until `reach` is called.
 */
async function unsentApproval(page: Page) {
  await signIn(page, DEMO.reviewer);
  const [request] = await newQcRequests(1);
  if (!request) throw new Error('no request');
  expectErrors(OFFLINE);
  const unreachable = (route: Route) =>
    route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue();
  const itsUrl = isPatchOf(request.id);
  await page.route(itsUrl, unreachable);
  await readyToApprove(page, request);
  await page.keyboard.press('a');
  await expect.poll(() => outboxSize(page)).toBe(1);
  return { request, reach: () => page.unroute(itsUrl, unreachable) };
}

/** Signed out with the decision unsent: it and its draft stay in the browser, under Riley's name. */
async function expectKeptAfterSignOut(page: Page, request: QcRequest) {
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible({
    timeout: 15_000,
  });
  expect(await outboxSize(page)).toBe(1);
  const drafts = await page.evaluate(
    (id) => Object.keys(localStorage).filter((key) => key.endsWith(`/qc-draft:${id}`)),
    request.id,
  );
  expect(drafts).toHaveLength(1);
}

test('sign-out waits for an unsent decision, names it, and keeps it for the next sign-in', async ({
  page,
}) => {
  expectSharedNext();
  test.slow();
  const { request, reach } = await unsentApproval(page);

  // Sign-out tries for a few seconds, then says what is unsent; the reviewer may stay.
  const signOut = page.locator('.who').getByRole('button');
  await signOut.click();
  await expect(signOut).toHaveText('Saving 1 decision…');
  const dialog = page.getByRole('alertdialog', { name: '1 decision is not saved yet' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog).toContainText(`${request.document.matterReference} (approved)`);
  await expectAccessible(page);
  await bothThemes(page, 'decision-outbox-sign-out');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await signOut.click();
  await dialog.getByRole('button', { name: 'Sign out anyway' }).click({ timeout: 15_000 });
  await expectKeptAfterSignOut(page, request);

  // Riley's next sign-in here sends it.
  await reach();
  await signInWithForm(page, DEMO.reviewer);
  await expectSavedOnce(page, request.id);
});

test("sign-out offline before the app's dialog came asks with the browser's own question", async ({
  page,
}) => {
  expectSharedNext();
  test.slow();
  const { request, reach } = await unsentApproval(page);
  // The queue loaded again (the decision still unsent), its connection lost before the page
  // was idle: the dialog's code (which the review brings, the queue does not) never comes.
  await page.route(/\/assets\/dialog-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/qc');
  await expect(page.getByRole('heading', { name: 'QC queue' })).toBeVisible();
  const asked: string[] = [];
  const answer = (accept: boolean) =>
    page.once('dialog', (question) => {
      asked.push(question.message());
      void (accept ? question.accept() : question.dismiss());
    });

  // Stay: nothing else happens.
  answer(false);
  const signOut = page.locator('.who').getByRole('button');
  await signOut.click();
  await expect(signOut).toHaveText('Saving 1 decision…');
  await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(1);
  expect(asked[0]).toContain('1 decision is not saved yet');
  expect(asked[0]).toContain(`${request.document.matterReference} (approved)`);
  await expect(signOut).toHaveText('Sign out');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(await outboxSize(page)).toBe(1);

  // Sign out anyway: kept, and sent at the next sign-in.
  answer(true);
  await signOut.click();
  await expectKeptAfterSignOut(page, request);
  expect(asked).toHaveLength(2);
  await reach();
  await signInWithForm(page, DEMO.reviewer);
  await expectSavedOnce(page, request.id);
});
