import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './console-watch.ts';
import { FindingListSchema, type Finding } from '../src/contract/findings.ts';
import { type QcRequest } from '../src/contract/qc.ts';
import { SessionSchema } from '../src/contract/session.ts';
import { api, decideWithMarks } from './api.ts';
import { newQcRequest } from './requests.ts';
import { pdfPage } from './pdf-pages.ts';
import { bothThemes, DEMO, dismissToastsInTheWay, expectAccessible, signIn } from './support.ts';

// A finding opens where it is: a finding whose region is on page 2 opens its
// document at page 2 with the region in view and highlighted a moment (still, for those who
// ask for less motion), for the notary and for a manager alike, and its "Page 2" line, a
// button, takes the viewer back there from anywhere in the document.

test.describe.configure({ timeout: 180_000 });

/**
 * Low on page 2: out of view of a viewer that opened at page 2's top, or at page 1. "In view"
 * allows a part of a pixel: the page's scale puts a region's edges between pixels.
 */
const REGION = { page: 2, x: 300, y: 610, width: 220, height: 70 };

/** Every highlight a region got (`data-flash` set), and whether it moved as it did. */
function recordFlashes() {
  const flashes: { key: string; animated: boolean }[] = [];
  Object.assign(window, { flashes });
  new MutationObserver((records) => {
    for (const record of records) {
      const region = record.target as HTMLElement;
      if (!region.dataset.flash) continue;
      const box = region.querySelector('.region__box');
      flashes.push({
        key: region.dataset.regionKey ?? '',
        animated: (box?.getAnimations() ?? []).length > 0,
      });
    }
  }).observe(document, { attributes: true, attributeFilter: ['data-flash'], subtree: true });
}
const flashesOf = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { flashes: { key: string; animated: boolean }[] }).flashes,
  );

async function personPage(browser: Browser, who: (typeof DEMO)[keyof typeof DEMO], path: string) {
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await page.addInitScript(recordFlashes);
  await signIn(page, who, path);
  return page;
}

/**
 * A pending request of this test's own (requests.ts) that Nora is the notary of, two pages
 * long, with a check that falls to her.
 */
async function norasRequest(_page: Page, nora: string): Promise<[QcRequest, string]> {
  const request = await newQcRequest({ notary: DEMO.notary.name, pages: 2 });
  expect(request.actors).toContainEqual({ userId: nora, roleId: 'notary' });
  const roles = new Set(request.actors.map((a) => a.roleId));
  const hers = request.checklistItems.find(
    (item) => item.roleId === 'notary' || !roles.has(item.roleId),
  );
  if (!hers) throw new Error('the default process has no check for the notary');
  return [request, hers.id];
}

/** Riley rejects `request`, `item` failed with one region on page 2 (as the review sends it). */
async function rejectWithRegionOnPage2(riley: Page, request: QcRequest, item: string) {
  const reviewer = (await api(riley).get('/session', SessionSchema)).user?.id;
  const body = {
    status: 'rejected',
    reviewedBy: reviewer,
    notes: 'Please correct and resend.',
    checklistItems: request.checklistItems.map((check) =>
      check.id === item
        ? { id: check.id, status: 'rejected', reviewerNote: 'Initials missing, p. 2' }
        : { id: check.id, status: 'approved' },
    ),
  };
  const marks = { items: [{ itemId: item, regions: [REGION] }] };
  const status = await decideWithMarks(riley, request.id, body, marks);
  expect(status).toBe(200);
}

/** The document's toolbar says which page is shown. */
const pageShown = (page: Page) => page.getByRole('textbox', { name: 'Page', exact: true });

/** The finding's page: the document opens at page 2, the region in view, highlighted. */
async function expectOpensAtItsRegion(page: Page, finding: Finding, motion: boolean) {
  await page.goto(`/findings/${finding.id}`);
  await expect(page.getByRole('heading', { name: finding.itemName, level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const region = page.getByRole('button', { name: `Region 1 on page 2: ${finding.itemName}` });
  await expect(pdfPage(page, 2)).toHaveAttribute('data-painted', 'true', { timeout: 45_000 });
  await expect(region).toBeInViewport({ ratio: 0.99 });
  await expect(pageShown(page)).toHaveValue('2');
  // Highlighted a moment, moving only for those who did not ask for less motion.
  await expect.poll(() => flashesOf(page)).toEqual([{ key: `${finding.id}#0`, animated: motion }]);
  await expect(page.locator('.region[data-flash]')).toHaveCount(0, { timeout: 5_000 });
  // Opened there, the focus stays where the page put it.
  await expect(region).not.toBeFocused();
}

test('a finding whose region is on page 2 opens there, for the notary and the manager, and its line goes back to it', async ({
  browser,
}) => {
  const riley = await personPage(browser, DEMO.reviewer, '/qc');
  const nora = await personPage(browser, DEMO.notary, '/findings');
  const alex = await personPage(browser, DEMO.admin, '/findings/all');
  const noraId = (await api(nora).get('/session', SessionSchema)).user?.id;
  if (!noraId) throw new Error('Nora has no user');
  const [request, item] = await norasRequest(riley, noraId);
  await rejectWithRegionOnPage2(riley, request, item);
  const { findings } = await api(nora).get('/team/findings', FindingListSchema, {
    query: { mine: 'true', requestId: request.id, view: 'all' },
  });
  const finding = findings.find((f) => f.itemId === item);
  if (!finding) throw new Error('the rejection made no finding of Nora’s');
  for (const page of [nora, alex]) await dismissToastsInTheWay(page);

  // The notary: the gateway's copy of the document, opened at the region.
  await expectOpensAtItsRegion(nora, finding, true);
  await expectAccessible(nora);
  await bothThemes(nora, 'finding-opens-where-it-is-notary');

  // The line is a button: from page 1, it takes the viewer back, and the focus to the region.
  const viewer = nora.getByRole('region', { name: /\(PDF\)$/ });
  await viewer.evaluate((scroller) => scroller.scrollTo(0, 0));
  await expect(pageShown(nora)).toHaveValue('1');
  const region = nora.getByRole('button', { name: `Region 1 on page 2: ${finding.itemName}` });
  await expect(region).not.toBeInViewport();
  const line = nora
    .getByRole('list', { name: 'Marked places' })
    .getByRole('button', { name: 'Page 2: 1 region marked' });
  await line.focus();
  await nora.keyboard.press('Enter');
  await expect(region).toBeInViewport({ ratio: 0.99 });
  await expect(region).toBeFocused();
  await expect(pageShown(nora)).toHaveValue('2');
  await expect.poll(async () => (await flashesOf(nora)).length).toBe(2);

  // The manager, who reads the QC document itself, asking for less motion: the same place,
  // highlighted without moving.
  await alex.emulateMedia({ reducedMotion: 'reduce' });
  await expectOpensAtItsRegion(alex, finding, false);
  await expectAccessible(alex);
  await bothThemes(alex, 'finding-opens-where-it-is-manager');

  // On a phone, the line brings the document's region onto the screen.
  await alex.setViewportSize({ width: 390, height: 844 });
  const alexRegion = alex.getByRole('button', {
    name: `Region 1 on page 2: ${finding.itemName}`,
  });
  await alex
    .getByRole('list', { name: 'Marked places' })
    .getByRole('button', { name: 'Page 2: 1 region marked' })
    .click();
  await expect(alexRegion).toBeInViewport({ ratio: 0.99 });
  await expect(alexRegion).toBeFocused();
});
