import { type Page } from '@playwright/test';
import { errorAnswer, expect, expectErrors, test } from './console-watch.ts';
import { DEMO, signIn } from './support.ts';

// Anything the browser reports that a test here does not expect fails it (console-watch.ts).

// Every screen of the console, as each demo role sees it, opened both ways a person opens
// one: in the app (the navigation, a row's link, back) and by a full page load (a bookmark,
// a reload). The console watch fails the test on any console error or failed request: a
// screen that asks the gateway for something wrong (a review of a request named "team")
// or that the CSP refuses shows here, whichever role and way in it takes.

/**
 * The detail pages worth one visit each, by the path of the link to them: the first link
 * on a screen that matches one is followed (the last, where `last` says so). A review and a
 * second review hold their seeded request while open (ADR 020): no other spec decides a
 * seeded one (each makes its own, requests.ts), but the roles' walks here run side by side
 * and open the same review. That one is the last row the queue shows, not its first:
 * first-visit.spec opens the first row as the reviewer, and a walk here, as another person,
 * holding it would have its hold refused.
 */
const DETAILS: { name: string; path: RegExp; last?: true }[] = [
  { name: 'review', path: /^\/qc\/(?!(?:processes|team|second-review)$)[^/]+$/, last: true },
  { name: 'second reviews', path: /^\/qc\/second-review$/ },
  { name: 'second review', path: /^\/qc\/second-review\/[^/]+$/ },
  { name: 'signature request', path: /^\/signatures\/(?!transactions$)[^/]+$/ },
  { name: 'finding', path: /^\/findings\/(?!all$)[^/]+$/ },
  { name: 'account', path: /^\/accounts\/[^/]+$/ },
  { name: 'entity', path: /^\/accounts\/[^/]+\/entities\/(?!new$)[^/]+$/ },
  { name: 'user', path: /^\/users\/[^/]+$/ },
];

/** The screen is shown, its data in: its heading, no loading state, no error. */
async function shown(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('.state[role="status"]')).toHaveCount(0);
  await expect(page.locator('.state--error')).toHaveCount(0);
}

/** The path (and query) the page is at. */
const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** The links on the screen (not the navigation's): each one's path, and its href as written. */
const screenLinks = (page: Page) =>
  page.locator('main a[href^="/"]').evaluateAll((links) =>
    links.map((link) => ({
      path: new URL((link as HTMLAnchorElement).href).pathname,
      href: link.getAttribute('href') ?? '',
    })),
  );

/**
 * Follows, in the app, the first link on this screen to each kind of detail page not seen
 * yet, and from there the next level down; back to this screen after each.
 */
async function followDetails(page: Page, seen: Set<string>, visited: string[]) {
  for (const detail of DETAILS) {
    if (seen.has(detail.name)) continue;
    const matching = (await screenLinks(page)).filter(({ path }) => detail.path.test(path));
    const target = detail.last ? matching.at(-1) : matching[0];
    if (!target) continue;
    const from = here(page);
    const heading = await page.locator('main h1').first().innerText();
    // Other specs change the data as this one walks: a link to a second review goes with
    // the sample another test settles. One gone by now is looked for on a later screen.
    const link = page.locator(`main a[href="${target.href}"]`).first();
    const clicked = await link.click({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (!clicked) {
      await expect(link).toHaveCount(0);
      continue;
    }
    seen.add(detail.name);
    // One's own user page is one's profile (users/detail/user.route.tsx sends it there).
    await expect(page).toHaveURL((url) => [target.path, '/profile'].includes(url.pathname));
    await shown(page);
    visited.push(here(page));
    await followDetails(page, seen, visited);
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname + url.search === from);
    // The screen it came from, not only its address: a screen left standing would pass.
    await expect(page.locator('main h1').first()).toHaveText(heading);
    await shown(page);
  }
}

/**
 * Where the page went, and when: printed beside a failure. Under load, a walk once found the
 * queue's address with a review on screen (a held click given up on landing late, ADR 031);
 * should a walk lose its way again, this says which navigations led there.
 */
let trail: string[] = [];
// Playwright reads the fixtures a hook takes from its first parameter's pattern: none here.
// eslint-disable-next-line no-empty-pattern
test.afterEach(({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus && trail.length > 0) {
    console.warn(`${testInfo.title}: where the page went\n  ${trail.join('\n  ')}`);
  }
  trail = [];
});

for (const [role, who] of Object.entries(DEMO)) {
  test(`every screen is clean for the ${role}, opened in the app and by a page load`, async ({
    page,
  }) => {
    // A dozen screens or more, each twice, on a machine the other specs share.
    test.setTimeout(240_000);
    // Another role's walk, beside this one, may hold the queue's first request as this one
    // opens it: the gateway answers the hold with a 409, and the review says who has it.
    expectErrors(errorAnswer(409, 'PUT', '/team/holds/[\\w-]+'));
    const start = Date.now();
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) trail.push(`${Date.now() - start} ms ${here(page)}`);
    });
    await signIn(page, who);
    await shown(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const areas = await nav
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
      );
    expect(areas.length).toBeGreaterThan(0);

    // In the app: each area from the navigation, the detail pages its screen links to, and
    // the person's own profile.
    const visited: string[] = [];
    const seen = new Set<string>();
    for (const area of areas) {
      await nav.locator(`a[href="${area}"]`).click();
      await expect(page).toHaveURL((url) => url.pathname === area);
      await shown(page);
      visited.push(here(page));
      await followDetails(page, seen, visited);
    }
    // A machine client has no person, and no profile.
    if (await page.locator('.who__link').isVisible()) {
      await page.locator('.who__link').click();
      await expect(page).toHaveURL(/\/profile$/);
      await shown(page);
      visited.push(here(page));
    }

    // Each of them again by a full page load.
    for (const path of visited) {
      await page.goto(path);
      await shown(page);
    }
  });
}
