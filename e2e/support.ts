import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { FIRST_SCREEN_DATA_ID } from '../src/contract/page-session.ts';

export const DEMO = {
  reviewer: { id: 'acme-reviewer', secret: 'acme-reviewer-secret', name: 'Riley Reviewer' },
  notary: { id: 'acme-notary', secret: 'acme-notary-secret', name: 'Nora Notary' },
  admin: { id: 'acme-admin', secret: 'acme-admin-secret', name: 'Alex Admin' },
  qcManager: { id: 'acme-qc-manager', secret: 'acme-qc-manager-secret', name: 'Morgan Manager' },
  globex: { id: 'globex-admin', secret: 'globex-admin-secret', name: 'Gwen Globex' },
} as const;

type Who = { id: string; secret: string; name: string };

/**
 * `who` signed in, and `path` opened with the shell shown: the session asked for as the sign-in
 * form asks for it (POST /session), from the browser's own cookie jar, then a page load. For
 * every test whose subject is not the sign-in itself; those use `signInWithForm`.
 */
export async function signIn(page: Page, who: Who, path = '/') {
  const { origin } = new URL(path, test.info().project.use.baseURL);
  const answer = await page.request.post(`${origin}/session`, {
    headers: { 'x-attest': '1', origin },
    data: { clientId: who.id, clientSecret: who.secret },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await page.goto(path);
  await shellOf(page, who);
}

/** `who` signed in through the sign-in page's form, as a person does, from `path`. */
export async function signInWithForm(page: Page, who: Who, path = '/') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
  await page.getByLabel('Client id').fill(who.id);
  await page.getByLabel('Client secret').fill(who.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await shellOf(page, who);
}

async function shellOf(page: Page, who: Who) {
  // The shell, not just the name: demo logins on the sign-in page show names too.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('.who__name')).toHaveText(who.name);
}

/**
 * axe over the page, run as `axe.run` in the page itself (AxeBuilder's legacy mode). Its
 * default mode runs each frame apart and joins the results in a blank page it opens for that:
 * two to three times the time per check here, for frames the console does not have (no page
 * of it holds an iframe).
 */
export const axe = (page: Page) =>
  new AxeBuilder({ page })
    .setLegacyMode(true)
    // Only violations are read: axe then stops collecting every node that passes each rule,
    // which took a third of its time on the console's longer screens.
    .options({ resultTypes: ['violations'] });

/** No serious or critical accessibility violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  await transitionsDone(page);
  const results = await axe(page).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

/**
 * Whether this run keeps screenshots: `npm run screenshots` (E2E_SCREENSHOTS=1), for a person
 * to look at. They assert nothing, and took a fifth of the suite's time, so `npm test` does
 * without them.
 */
export const TAKING_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** One screenshot as the page is now, kept as `test-results/screenshots/{name}.png`. */
export async function shot(page: Page, name: string) {
  if (TAKING_SCREENSHOTS) await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

/** Screenshots kept by the run (test-results/screenshots), at both viewports. */
export async function screenshots(page: Page, name: string) {
  if (!TAKING_SCREENSHOTS) return;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: `test-results/screenshots/${name}-${viewport.name}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

/** Screenshots in the light theme and the dark one, at both viewports. */
export async function bothThemes(page: Page, name: string) {
  if (!TAKING_SCREENSHOTS) return;
  await screenshots(page, `${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await transitionsDone(page);
  await screenshots(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await transitionsDone(page);
}

/**
 * Waits out the colour transitions a theme switch starts (buttons fade their background over
 * 120 ms): measured mid-way, a button's new text sits on its old background and axe reports a
 * contrast the reader never sees. Only transitions: a spinner's animation never finishes.
 */
async function transitionsDone(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Closes an open dialog with Escape, as a person would, once it can hear it: Radix listens
 * for Escape from an effect that runs a render after the dialog is painted, so a key pressed
 * the moment it shows can be lost. Pressed again only while the dialog is still open.
 */
export async function closeWithEscape(dialog: Locator) {
  await expect(dialog).toBeVisible();
  await expect(async () => {
    await dialog.page().keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass();
}

/** A page of a browser context of its own, `who` signed in there, at `path`. */
export async function personPage(browser: Browser, who: Who, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who, path);
  return page;
}

/**
 * Toasts dismissed, so the screenshots show the screen under them. Their buttons are clicked
 * in the page, not as actions: an action would first run the page's own toast handler
 * (dismissToastsInTheWay), which may leave it nothing to click.
 */
export async function dismissToasts(page: Page) {
  await expect(async () => {
    await page
      .locator('.toast__close')
      .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLElement).click()));
    await expect(page.locator('.toast')).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
}

/**
 * From now on, a toast that covers what the test is about to use is dismissed first, as a
 * person would: live events from the specs running beside this one toast over forms. By
 * the click event alone: a real click would take the focus a test may be following.
 */
export async function dismissToastsInTheWay(page: Page): Promise<() => Promise<void>> {
  const toast = page.locator('.toast').first();
  // Every toast there, at once: several may have come together.
  await page.addLocatorHandler(toast, () =>
    page
      .locator('.toast')
      .getByRole('button', { name: 'Dismiss' })
      .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLElement).click())),
  );
  // For a test that watches where the toasts themselves go.
  return () => page.removeLocatorHandler(toast);
}

/**
 * The first screen's data block in a page's HTML (ADR 031): the whole element, the GET it
 * answers (as written in the attribute: `&amp;` for `&`) and its JSON text.
 */
export const FIRST_SCREEN_DATA = new RegExp(
  `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}" data-url="([^"]*)">([^<]*)</script>`,
);

/**
 * Holds the page's requests for `url` until the returned function is called, as a slow link
 * holds them: then each goes on (or is dropped quietly, if the page has gone meanwhile).
 */
export async function holdRequests(
  page: Page,
  url: RegExp | ((url: URL) => boolean),
): Promise<() => void> {
  const { promise, resolve } = Promise.withResolvers<void>();
  await page.route(url, async (route) => {
    await promise;
    await route.continue().catch(() => {});
  });
  return () => resolve();
}

/**
 * A slow link's round trip, as the browser estimates it (`navigator.connection`, which the
 * app reads to know a slow link: pdf/first-page.ts `cameSlowly`), with bandwidth to spare so
 * the test stays quick.
 */
export async function emulateSlowLink(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 450,
    downloadThroughput: 10_000_000,
    uploadThroughput: 10_000_000,
  });
}
