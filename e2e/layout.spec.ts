import { type Page } from '@playwright/test';
import { expect, test } from './console-watch.ts';
import { DEMO, expectAccessible, signIn, TAKING_SCREENSHOTS } from './support.ts';

// The side navigation stays whole and in place: on a long page (the team view,
// a finding's) it stays beside the content at every scroll position, from its brand to the
// signed-in card, with no blank column below; on a short screen its links scroll and the
// card stays; on a phone it is a drawer, and the top bar stays at the top.

test.describe.configure({ timeout: 240_000 });

/** Where the navigation, its card and its column are, with the page scrolled to `y`. */
async function navAt(page: Page, y: number) {
  await page.evaluate((to) => window.scrollTo(0, to), y);
  await page
    .waitForFunction(
      // Inside the page: nothing of this file's is there.
      (to) => {
        const max = document.documentElement.scrollHeight - innerHeight;
        return Math.abs(scrollY - Math.min(to, max)) < 2;
      },
      y,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no ${selector}`);
      return element.getBoundingClientRect().toJSON() as DOMRect;
    };
    return {
      height: innerHeight,
      nav: box('aside > :first-child'),
      column: box('aside'),
      card: box('aside .who'),
      brand: box('aside .brand'),
    };
  });
}

async function expectNavInPlace(page: Page, what: string) {
  const max = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  // Scrolls at all, by more than a card: how far depends on the finding the list shows first.
  expect(max, `${what} is longer than the screen`).toBeGreaterThan(100);
  for (const y of [0, Math.round(max / 3), Math.round(max / 2), max]) {
    const at = await navAt(page, y);
    const where = `${what} scrolled to ${y} of ${max}`;
    // The navigation fills the screen's height, from its top, as wide as its column.
    expect(Math.abs(at.nav.top), where).toBeLessThan(1);
    expect(Math.abs(at.nav.bottom - at.height), where).toBeLessThan(1);
    expect(Math.abs(at.nav.width - (at.column.width - 1)), where).toBeLessThan(1);
    // Its brand and its signed-in card are on screen, whole.
    expect(at.brand.top, where).toBeGreaterThanOrEqual(0);
    expect(at.card.top, where).toBeGreaterThanOrEqual(0);
    expect(at.card.bottom, where).toBeLessThanOrEqual(at.height);
    // Its column reaches the bottom of the screen: no blank below it.
    expect(at.column.bottom, where).toBeGreaterThanOrEqual(at.height - 1);
  }
}

/** The team view, opened from the navigation, with its figures drawn. */
async function teamView(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'QC team' })
    .click();
  await expect(page.getByRole('heading', { name: 'QC team', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Viewport screenshots of the page scrolled half-way, light and dark: a full-page one
 * would not show where a sticky column is. */
async function scrolledShots(page: Page, name: string) {
  if (!TAKING_SCREENSHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate(() =>
      window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2),
    );
    const size = page.viewportSize();
    await page.screenshot({
      path: `test-results/screenshots/${name}-${scheme}-${size?.width}x${size?.height}.png`,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the side navigation stays whole and in place on long pages, at every height', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.admin, '/qc');
  await teamView(page);
  await expectNavInPlace(page, 'the team view at 1280x800');
  await scrolledShots(page, 'layout-team-scrolled');

  // A short screen: the links scroll inside the navigation, the card stays in view.
  await page.setViewportSize({ width: 1280, height: 600 });
  await expectNavInPlace(page, 'the team view at 1280x600');
  const links = page.locator('aside nav');
  const overflows = await links.evaluate((nav) => nav.scrollHeight > nav.clientHeight);
  if (overflows) {
    const last = page.getByRole('navigation', { name: 'Main' }).getByRole('link').last();
    await last.focus();
    await expect(last).toBeInViewport();
  }
  await scrolledShots(page, 'layout-team-scrolled');
  await expectAccessible(page);

  // A finding's page, from the list.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Findings', exact: true })
    .click();
  await page.locator('[data-finding-id] a').first().click();
  await expect(page.locator('.finding-page')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNavInPlace(page, 'a finding at 1280x800');
});

test('on a phone the navigation is a drawer, whole, and the top bar stays at the top', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/qc');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await teamView(page);
  const max = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  for (const y of [0, Math.round(max / 2), max]) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    const bar = await page.locator('.topbar').boundingBox();
    expect(Math.abs(bar?.y ?? -1), `the top bar, scrolled to ${y}`).toBeLessThan(1);
  }
  await scrolledShots(page, 'layout-team-scrolled');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  const card = drawer.locator('.who');
  await expect(card).toBeInViewport({ ratio: 1 });
  await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectAccessible(page);
});
