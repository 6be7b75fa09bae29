import type { Locator, Page } from '@playwright/test';
import { errorAnswer, expect, expectErrors, test, expectSharedNext } from './console-watch.ts';
import { api } from './api.ts';
import { ACME, GLOBEX, readableRequest, type Owner } from './readable-requests.ts';
import { TAKING_SCREENSHOTS, VIEWPORTS, expectAccessible, signIn } from './support.ts';
import { FindingListSchema } from '../src/contract/findings.ts';
import { QcRequestSchema, type QcRequest } from '../src/contract/qc.ts';

// The machine's verdicts in the review (ADR 042), end to end and from the keyboard only: the
// gateway reads each document in the background, the review shows what it found beside the
// reviewer's own verdicts and over the page, and a key takes its verdicts. Each test makes a
// document the machine can read as a notary's would be (the notary's seal on file stamped on
// it, the venue filled in), clean or with a defect drawn where a real one would be, and
// counts the keys pressed from the moment the machine's verdicts are on screen.

/** The gateway reads a document in a few seconds; behind other specs' reads, longer. */
const READ_MS = 45_000;

/** The review opened, and the machine's verdicts on screen. */
async function openWithVerdicts(page: Page, owner: Owner, request: QcRequest) {
  await signIn(page, owner.login, `/qc/${request.id}?status=pending&order=newest`);
  await expect(page.getByRole('heading', { name: request.document.matterReference })).toBeVisible();
  const summary = page.locator('.machine-summary[data-state="ready"]');
  await expect(summary).toBeVisible({ timeout: READ_MS });
  return summary;
}

/** Presses keys one at a time, as a person does, and keeps count. */
function keyboard(page: Page) {
  const pressed: string[] = [];
  return {
    pressed,
    async press(key: string, settled?: Locator) {
      pressed.push(key);
      await page.keyboard.press(key);
      if (settled) await expect(settled).toBeVisible();
    },
  };
}

const check = (page: Page, name: string) =>
  page.locator('.check').filter({ has: page.getByText(name, { exact: true }) });

/**
 * The screen as a person sees it with `focus` in the middle, at both sizes, light and dark
 * (support.ts `bothThemes` takes the whole page, whose review panel scrolls on its own).
 */
async function shotsOf(page: Page, name: string, focus: Locator) {
  if (!TAKING_SCREENSHOTS) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await focus.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      // The theme's colour transitions run out first.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a instanceof CSSTransition)
            .map((a) => a.finished.catch(() => undefined)),
        ),
      );
      const path = `test-results/screenshots/${name}-${colorScheme}-${viewport.name}.png`;
      await page.screenshot({ path });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWPORTS[0]);
}

const stored = (page: Page, id: string) =>
  api(page).get(`/api/qc/v2/qc/requests/${id}`, QcRequestSchema);

test.describe.configure({ timeout: 120_000 });

test('a clean document whose items are all bound is approved in two keys', async ({ page }) => {
  expectSharedNext();
  const request = await readableRequest(GLOBEX, 'Document review');
  const summary = await openWithVerdicts(page, GLOBEX, request);
  const items = request.checklistItems.length;
  await expect(summary).toContainText(`${items} pass`);
  await expect(page.locator('.machine-chip[data-verdict="pass"]')).toHaveCount(items);
  await expectAccessible(page);
  await shotsOf(page, 'machine-review-passes', summary);

  const keys = keyboard(page);
  await keys.press(
    'Shift+V',
    page.getByRole('button', { name: 'Approve and next' }).and(page.locator(':focus')),
  );
  await expect(summary).toContainText('Every item is decided');
  await keys.press('a');
  await expect(page).not.toHaveURL(new RegExp(`/qc/${request.id}`));
  await expect.poll(async () => (await stored(page, request.id)).status).toBe('approved');
  const decided = await stored(page, request.id);
  expect(decided.checklistItems.map((i) => i.status)).toEqual(Array(items).fill('approved'));
  test.info().annotations.push({ type: 'keys', description: keys.pressed.join(', ') });
  expect(keys.pressed).toEqual(['Shift+V', 'a']);
});

test("a clean affidavit: the machine's passes, then the items it cannot judge, by hand", async ({
  page,
}) => {
  expectSharedNext();
  const request = await readableRequest(ACME, 'Affidavit review');
  const summary = await openWithVerdicts(page, ACME, request);
  // Three items are bound to no check; the digital-signature check is unsure of an unsigned PDF.
  await expect(summary).toContainText('7 pass');
  await expect(summary).toContainText('1 unsure');
  await expect(check(page, 'No alterations').locator('.machine-chip')).toContainText('Unsure');
  await expect(check(page, 'Identification noted').locator('.machine-chip')).toHaveCount(0);

  const keys = keyboard(page);
  await keys.press('Shift+V');
  await expect(summary).toContainText(
    "Took the machine's 7 passes. Next: \u201cNo alterations\u201d",
  );
  await expect(check(page, 'No alterations')).toHaveAttribute('data-selected', 'true');
  // `v` on an unsure takes nothing: a person must look (not counted: it decides nothing).
  await page.keyboard.press('v');
  await expect(check(page, 'No alterations')).toContainText('a person must look');
  await expect(check(page, 'No alterations')).toHaveAttribute('data-verdict', 'pending');
  // Space passes each item left and goes on to the next one open: from No alterations back
  // up to Identification noted, then Initials where required and Commission current; with
  // none open after that, on to the next item, as ever.
  for (const name of [
    'Identification noted',
    'Initials where required',
    'Commission current',
    'Venue completed',
  ]) {
    await keys.press(' ');
    await expect(check(page, name)).toHaveAttribute('data-selected', 'true');
  }
  await expect(page.getByRole('button', { name: 'Approve and next' })).toBeEnabled();
  await keys.press('a');
  await expect.poll(async () => (await stored(page, request.id)).status).toBe('approved');
  const decided = await stored(page, request.id);
  expect(decided.checklistItems.every((i) => i.status === 'approved')).toBe(true);
  test.info().annotations.push({ type: 'keys', description: keys.pressed.join(', ') });
  expect(keys.pressed).toEqual(['Shift+V', ' ', ' ', ' ', ' ', 'a']);
});

test("a missing signature is rejected with the machine's finding, its note and region", async ({
  page,
}) => {
  expectSharedNext();
  const request = await readableRequest(ACME, 'Affidavit review', ['unsigned']);
  const summary = await openWithVerdicts(page, ACME, request);
  await expect(summary).toContainText('1 fail');
  const signed = check(page, 'Signature on every signature line');
  const reason = (await signed.locator('.machine__reason').getAttribute('title')) ?? '';
  expect(reason).toMatch(/^No ink on .+'s line on page 2$/);
  const onPage = page.getByRole('button', { name: `Machine: ${reason}`, exact: true });
  await expect(onPage).toHaveCount(1);
  await expect(page.locator('.region[data-tone="machine"]')).toHaveCount(1);

  const keys = keyboard(page);
  await keys.press('Shift+V', signed.and(page.locator('[data-selected="true"]')));
  // Shown on the page: the viewer went to it.
  await expect(onPage).toBeInViewport();
  await expectAccessible(page);
  await shotsOf(page, 'machine-review-defect', signed);
  await keys.press('v');
  await expect(signed).toHaveAttribute('data-verdict', 'rejected');
  await expect(signed.getByRole('textbox', { name: /What is wrong/ })).toHaveValue(reason);
  await expect(signed.getByRole('button', { name: /Marked region 1 on page 2/ })).toBeVisible();
  await expectAccessible(page);
  await shotsOf(page, 'machine-review-finding', signed);

  // The seal beside the one on file, for the look of it: the seal item selected (not a key
  // counted, nor a decision: the reject below is the third key).
  await page.keyboard.press('6');
  const seal = check(page, 'Seal legible and complete');
  await expect(seal.getByRole('img', { name: /^The seal as it is on page 2$/ })).toBeVisible();
  await expect(seal.getByRole('img', { name: /^The seal on file for / })).toBeVisible();
  await expect(seal.locator('.on-file__note')).toContainText('% alike');
  await expectAccessible(page);
  await shotsOf(page, 'machine-review-seal', seal);

  await keys.press('r');
  await expect(page).not.toHaveURL(new RegExp(`/qc/${request.id}`));
  await expect.poll(async () => (await stored(page, request.id)).status).toBe('rejected');
  const item = (await stored(page, request.id)).checklistItems.find(
    (i) => i.displayName === 'Signature on every signature line',
  );
  expect(item?.reviewerNote).toBe(`${reason} (p. 2)`);
  const { findings } = await api(page).get('/team/findings', FindingListSchema, {
    query: { view: 'all', requestId: request.id },
  });
  expect(findings).toHaveLength(1);
  expect(findings[0]?.note).toContain(reason);
  expect(findings[0]?.regions).toHaveLength(1);
  expect(findings[0]?.regions[0]?.page).toBe(2);
  test.info().annotations.push({ type: 'keys', description: keys.pressed.join(', ') });
  expect(keys.pressed).toEqual(['Shift+V', 'v', 'r']);
});

/** The queue's and the review's question of the gateway: has the machine read these yet? */
const summaries = (url: URL) => url.pathname === '/team/checks';

test('while the machine reads, and when its read fails, the review works without it', async ({
  page,
}) => {
  expectSharedNext();
  expectErrors(errorAnswer(503, 'GET', '/team/checks'));
  const request = await readableRequest(ACME, 'Affidavit review');
  // Still reading: the gateway's answer held back as "waiting".
  await page.route(summaries, (route) =>
    route.fulfill({
      json: {
        summaries: [{ requestId: request.id, state: 'waiting', failed: 0, unsure: 0, passed: 0 }],
      },
    }),
  );
  await signIn(page, ACME.login, `/qc/${request.id}?status=pending&order=newest`);
  await expect(
    page.locator('.machine-summary[data-state="reading"] .machine-summary__line'),
  ).toHaveText('Machine reading…');
  // The room each bound item's verdict takes is kept while it reads: nothing moves after.
  await expect(page.locator('.machine__skeleton')).toHaveCount(8);
  await page.keyboard.press('V');
  await expect(page.locator('.machine-summary__said')).toHaveText(
    'The machine is still reading this document.',
  );
  await expectAccessible(page);
  await shotsOf(page, 'machine-review-reading', page.locator('.machine-summary'));

  // The read comes: the last item's buttons stay where the reviewer's pointer is.
  const last = page.locator('.check').last().getByRole('button', { name: 'Pass' });
  const before = await last.boundingBox();
  await page.unroute(summaries);
  await expect(page.locator('.machine-summary[data-state="ready"]')).toBeVisible({
    timeout: READ_MS,
  });
  await expect(page.locator('.machine-chip')).toHaveCount(8);
  expect(await last.boundingBox()).toEqual(before);

  // The gateway cannot be asked: the review goes on without the machine.
  await page.route(summaries, (route) => route.fulfill({ status: 503, json: { message: 'down' } }));
  await page.reload();
  await expect(page.locator('.machine-summary[data-state="error"]')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.locator('.machine-chip')).toHaveCount(0);
  // Decided by hand as ever.
  await page.keyboard.press('1');
  await page.keyboard.press('f');
  await page.keyboard.type('Printed name differs');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Reject and next' })).toBeEnabled();
});
