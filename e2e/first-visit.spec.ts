import { type Page, type Request } from '@playwright/test';
import { expect, expectErrors, failedRequest, SCRIPTS_REFUSED, test } from './console-watch.ts';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIRST_SCREEN_DATA_ID } from '../src/contract/page-session.ts';
import { QcRequestListSchema } from '../src/contract/qc.ts';
import { api } from './api.ts';
import { diskProfile } from './chromium.ts';
import {
  DEMO,
  FIRST_SCREEN_DATA,
  VIEWPORTS,
  emulateSlowLink,
  expectAccessible,
  holdRequests,
  signIn,
} from './support.ts';

// ADR 017: a first visit waits on nothing it need not. The page comes with its session (no
// GET /session), and the page's first script asks for the queue's first page while the app's
// code is still arriving: the app takes that answer instead of asking again. A page that came
// with its first screen (ADR 025) carries the answer that screen was rendered from, and the
// app takes that one: nothing is asked (ADR 031).

const FIRST_SCREEN = '<fieldset class="first-screen" disabled>';
const QUEUE_LIST = /\/api\/qc\/v2\/qc\/requests\?owner=acme&status=pending&limit=\d+&/;

test('a signed-in page load asks for the queue at most once and never for the session', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const asked: Request[] = [];
  page.on('request', (request) => asked.push(request));
  const loaded = await page.goto('/qc?status=pending&order=oldest');
  const cameWithRows = (await loaded?.text())?.includes(FIRST_SCREEN);
  await expect(page.locator('[data-qc-row]').nth(9)).toBeVisible();
  await expect(page.locator('.first-screen')).toHaveCount(0);
  const paths = asked.map(
    (request) => new URL(request.url()).pathname + new URL(request.url()).search,
  );
  expect(paths.filter((path) => path === '/session')).toEqual([]);
  // The first page once, or never when the page came with it (the gateway's data may take
  // longer than its budget on a busy machine); the next (with its cursor) comes later.
  const firstPages = paths.filter((path) => QUEUE_LIST.test(path) && !path.includes('cursor='));
  expect(firstPages).toHaveLength(cameWithRows ? 0 : 1);
  // The first script and the queue's code were asked for before the app's entry had run.
  const first = asked.findIndex((request) => /\/assets\/first-screen-/.test(request.url()));
  expect(first).toBeGreaterThanOrEqual(0);
});

test('the session a page came with is not read again after signing out', async ({ page }) => {
  await signIn(page, DEMO.reviewer);
  // A full page load: this page carries acme-reviewer's session.
  await page.goto('/qc');
  await expect(page.locator('.who__name')).toHaveText(DEMO.reviewer.name);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
  await page.getByLabel('Client id').fill(DEMO.globex.id);
  await page.getByLabel('Client secret').fill(DEMO.globex.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.who__name')).toHaveText(DEMO.globex.name);
  await expect(page.getByText('globex', { exact: true }).first()).toBeVisible();
});

test('a signed-out page load goes to sign-in, with no data and no session asked for', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/qc?status=pending');
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
  // The page says no one is signed in (ADR 034): each GET /session would be a 401.
  await expect(page.getByRole('button', { name: /acme-reviewer/ })).toBeVisible();
  expect(asked.filter((path) => path.startsWith('/api/') || path === '/session')).toEqual([]);
});

test('a full page load of a QC screen of its own asks for no review of it', async ({ page }) => {
  // The first script once took `/qc/team` for a review of a request named "team".
  await signIn(page, DEMO.admin);
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  for (const [path, heading] of [
    ['/qc/team', 'QC team'],
    ['/qc/second-review', 'Second review'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(asked.filter((path) => /^\/api\/qc\/v2\/qc\/requests\/./.test(path))).toEqual([]);
});

// ADR 025: a signed-in first visit to the queue comes with its rows in the page, made
// by the gateway with the app's own components, which the app then replaces with its own.

const served = async (page: Page, path: string) => {
  const response = await page.request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  return response.text();
};
/**
 * The page as served with its first screen. One whose data takes longer than the gateway's
 * budget comes without it (ADR 025), as it should: on a busy machine, ask again.
 */
const servedWithScreen = async (page: Page, path: string) => {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await served(page, path);
        return html.includes(FIRST_SCREEN);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return html;
};
const firstPageOf = async (page: Page) =>
  (
    await api(page).get(
      '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=25&orderBy=createdOn&orderDirection=asc',
      QcRequestListSchema,
    )
  ).qcRequests;

test("the queue's page comes with the first page's rows, the service's own", async ({ page }) => {
  await signIn(page, DEMO.reviewer);
  const html = await servedWithScreen(page, '/qc');
  const rows = html.match(/data-qc-row=""/g) ?? [];
  expect(rows.length).toBeGreaterThanOrEqual(10);
  // Each row links to its request, in the service's order; no data besides the HTML.
  const ids = [...html.matchAll(/href="\/qc\/([0-9a-f-]{36})\?/g)].map((m) => m[1]);
  expect(ids).toHaveLength(rows.length);
  const listed = (await firstPageOf(page)).map((request) => request.id);
  expect(ids).toEqual(listed.slice(0, ids.length));
  // Two data blocks: the session's (ADR 017), and in the screen, the answer it was rendered
  // from, for the app (ADR 031): the rows' own, every `<` escaped.
  expect(html.match(/application\/json/g)).toHaveLength(2);
  expect(html).toContain('id="attest-session"');
  const data = FIRST_SCREEN_DATA.exec(html);
  // Last in the screen, inside its fieldset.
  expect(html).toContain(`${data?.[0]}</fieldset>`);
  expect(data?.[1]?.replace(/&amp;/g, '&')).toMatch(QUEUE_LIST);
  const carried = QcRequestListSchema.parse(JSON.parse(data?.[2] ?? ''));
  expect(carried.qcRequests.map((request) => request.id).slice(0, ids.length)).toEqual(ids);
});

test("the queue's page carries its stylesheets, allowed by their hashes alone", async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  let fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  // A page whose data took longer than the gateway's budget comes without its first screen,
  // and as before, with its stylesheets linked: on a busy machine, load it again.
  let html = '';
  let policy = '';
  await expect(async () => {
    fetched = [];
    const response = await page.goto('/qc', { waitUntil: 'commit' });
    html = (await response?.text()) ?? '';
    policy = (await response?.headerValue('content-security-policy')) ?? '';
    expect(html).toContain(FIRST_SCREEN);
  }).toPass({ timeout: 30_000 });
  // The head has the app's and the queue's stylesheets in it; the policy allows those, by
  // their hashes, and nothing else that is inline.
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
  expect(styles.length).toBeGreaterThanOrEqual(2);
  const hashes = styles.map(
    (css) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  );
  expect(/style-src ([^;]*)/.exec(policy)?.[1]).toBe(["'self'", ...hashes].join(' '));
  expect(policy).not.toMatch(/unsafe-inline|unsafe-hashes/);
  // Styled before the app runs, and still once it has taken over: no sheet refused.
  const row = page.locator('[data-qc-row]').first();
  await expect(page.locator('.first-screen')).toHaveCount(0);
  await expect(row).toBeVisible();
  expect(await row.evaluate((element) => getComputedStyle(element).display)).not.toBe('inline');
  expect(refused).toEqual([]);
  // Each names its file, which the app's loader finds linked (disabled) and so neither
  // fetches nor waits for, nor did the browser: the page's stylesheets crossed the wire once.
  const files = [...html.matchAll(/<style data-href="([^"]+)">/g)].map((m) => m[1]);
  expect(files).toHaveLength(styles.length);
  const linked = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
  expect(linked).toEqual(files);
  expect(fetched.filter((path) => files.includes(path))).toEqual([]);
});

test('before any script runs the rows are there, nothing can be typed, and a row opens', async ({
  page,
  browser,
}) => {
  expectErrors(SCRIPTS_REFUSED);
  await signIn(page, DEMO.reviewer);
  const [first] = await firstPageOf(page);
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        storageState: await page.context().storageState(),
        javaScriptEnabled: false,
        viewport,
        colorScheme,
      });
      const bare = await context.newPage();
      // A page whose data takes longer than the gateway's budget comes without its first
      // screen (ADR 025): on a busy machine, load it again.
      await expect(async () => {
        await bare.goto('/qc');
        await expect(bare.locator('[data-qc-row]').nth(9)).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      // The toolbar's choices are shown as text until the app brings its selects.
      await expect(bare.getByText('Oldest first')).toBeVisible();
      await expect(bare.getByRole('combobox')).toHaveCount(0);
      await bare.screenshot({
        path: `test-results/screenshots/first-screen-queue-${colorScheme}-${viewport.name}.png`,
      });
      if (viewport.name === 'desktop' && colorScheme === 'light') {
        await expect(bare.getByRole('button', { name: 'Sign out' })).toBeDisabled();
        await bare.locator('[data-qc-row]').first().getByRole('link').click();
        await expect(bare).toHaveURL(new RegExp(`/qc/${first?.id}\\?`));
        await expect(
          bare.getByRole('heading', { name: first?.document.matterReference ?? '' }),
        ).toBeVisible();
      }
      await context.close();
    }
  }
});

/**
 * The queue's page with its first screen's rows on screen, whatever its scripts are doing
 * (loaded again if it came without: ADR 025).
 */
async function firstScreenPainted(page: Page) {
  await expect(async () => {
    await page.goto('/qc', { waitUntil: 'commit' });
    await expect(page.locator('.first-screen [data-qc-row]').first()).toBeVisible({
      timeout: 5_000,
    });
  }).toPass({ timeout: 30_000 });
}

/**
 * The queue's page with its first screen (loaded again if it came without: ADR 025), and the
 * page's first script running: it holds keys and clicks once it has taken the screen's data
 * for the app (ADR 031).
 */
async function firstScreenHolding(page: Page) {
  await expect(async () => {
    await page.goto('/qc', { waitUntil: 'domcontentloaded' });
    expect(await page.locator('.first-screen').count()).toBe(1);
    await expect(page.locator(`#${FIRST_SCREEN_DATA_ID}`)).toHaveCount(0, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

test('the app takes the rows over, and keys pressed before it ran still work', async ({ page }) => {
  await signIn(page, DEMO.reviewer);
  // The libraries held back until the keys are pressed, as on a slow link: the gateway's rows
  // are all there is.
  const release = await holdRequests(page, /\/assets\/vendor-[^/]*\.js$/);
  // A page whose data takes longer than the gateway's budget comes without its rows (ADR
  // 025): on a busy machine, load it again. Parsed, it has run no app yet (its libraries are
  // held back).
  await firstScreenHolding(page);
  await expect(page.locator('[data-qc-row]').nth(3)).toBeVisible();
  // At once, as a reviewer would, before the app has run.
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  release();
  const links = page.locator('[data-qc-row]').getByRole('link');
  await expect(links.nth(1)).toBeFocused();
  await expect(links.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.first-screen')).toHaveCount(0);
  await expect(page.getByTestId('count-pending')).toHaveText(/^\d+$/);
  await expectAccessible(page);
});

test('a row clicked before the app ran opens in the app, with no second page load', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const [first] = await firstPageOf(page);
  const release = await holdRequests(page, /\/assets\/vendor-[^/]*\.js$/);
  await firstScreenHolding(page);
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  const row = page.locator('[data-qc-row]').first().getByRole('link');
  await row.click();
  // Held, and seen to be: still the served queue, the row busy.
  await expect(row).toHaveAttribute('aria-busy', 'true');
  expect(new URL(page.url()).pathname).toBe('/qc');
  release();
  await expect(page).toHaveURL(new RegExp(`/qc/${first?.id}\\?`));
  await expect(
    page.getByRole('heading', { name: first?.document.matterReference ?? '' }),
  ).toBeVisible();
  await expect(page.locator('.first-screen')).toHaveCount(0);
  expect(documents).toEqual([]);
  // The queue is where Back goes.
  await page.goBack();
  await expect(page).toHaveURL(/\/qc(\?[^/]*)?$/);
  await expect(page.locator('[data-qc-row]').first()).toBeVisible();
  expect(documents).toEqual([]);
});

test('a row clicked before any script file has come is held by the page, and opens in the app', async ({
  page,
}) => {
  // On a slow link the rows are painted a round trip before the page's first script arrives
  // (their stylesheets are in the page): the page's own inline script holds the click.
  await signIn(page, DEMO.reviewer);
  const [first] = await firstPageOf(page);
  const release = await holdRequests(page, /\/assets\/first-screen-[^/]*\.js$/);
  await firstScreenPainted(page);
  const documents: string[] = [];
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
    if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
  });
  const row = page.locator('[data-qc-row]').first().getByRole('link');
  await row.click();
  await expect(row).toHaveAttribute('aria-busy', 'true');
  expect(new URL(page.url()).pathname).toBe('/qc');
  release();
  // The review's first page is asked of the gateway as soon as the first script has the
  // click: it stands in until pdf.js has drawn the page, as for a review opened cold.
  await expect
    .poll(() => images)
    .toContain(`/preview/qc/${encodeURIComponent(first?.id ?? '')}/first-page`);
  await expect(page).toHaveURL(new RegExp(`/qc/${first?.id}\\?`));
  await expect(
    page.getByRole('heading', { name: first?.document.matterReference ?? '' }),
  ).toBeVisible();
  expect(documents).toEqual([]);
});

test('on a slow link a review opened by a held click is usable with its first page before pdf.js', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const [first] = await firstPageOf(page);
  await emulateSlowLink(page);
  const releaseApp = await holdRequests(page, /\/assets\/vendor-[^/]*\.js$/);
  const releasePdfJs = await holdRequests(page, /\/assets\/pdfjs-[^/]*\.js$/);
  await firstScreenHolding(page);
  const image = `/preview/qc/${encodeURIComponent(first?.id ?? '')}/first-page`;
  const order: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/pdfjs-[^/]*\.js$/.test(request.url())) order.push('pdf.js asked');
  });
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname === image) order.push('image in');
  });
  await page.locator('[data-qc-row]').first().getByRole('link').click();
  releaseApp();
  // The app's own review, its checklist usable, the gateway's image where the page will be.
  await expect(page).toHaveURL(new RegExp(`/qc/${first?.id}\\?`));
  await expect(page.locator('.review__panel')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.first-screen')).toHaveCount(0);
  await expect(page.locator('img.pdf-first-page')).toBeVisible();
  await expect(page.locator('.check').first().getByRole('button', { name: 'Fail' })).toBeEnabled();
  // pdf.js (hundreds of kilobytes with its worker) was asked for once the image was in.
  await expect.poll(() => order).toEqual(['image in', 'pdf.js asked']);
  releasePdfJs();
  await expect(page.locator('.pdf-preview__stage .page[data-painted="true"]').first()).toBeVisible({
    timeout: 15_000,
  });
});

test('a click the page held is followed as a plain link if its script never comes', async ({
  page,
}) => {
  expectErrors(failedRequest('GET', '/assets/first-screen-[\\w-]+\\.js', 'FAILED'));
  await signIn(page, DEMO.reviewer);
  const [first] = await firstPageOf(page);
  await page.route(/\/assets\/first-screen-[^/]*\.js$/, (route) => route.abort());
  await firstScreenPainted(page);
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  await page.locator('[data-qc-row]').first().getByRole('link').click();
  // Held for a while (the script may yet come), then followed: the click is never lost.
  expect(new URL(page.url()).pathname).toBe('/qc');
  await expect(page).toHaveURL(new RegExp(`/qc/${first?.id}\\?`), { timeout: 10_000 });
  expect(documents).toEqual([`/qc/${first?.id}`]);
});

test('a click given up on is opened by its page load alone, not again by a script that comes later', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const [first] = await firstPageOf(page);
  const releaseScript = await holdRequests(page, /\/assets\/first-screen-[^/]*\.js$/);
  await firstScreenPainted(page);
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });
  const review = `/qc/${first?.id}`;
  const releaseReview = await holdRequests(page, (url) => url.pathname === review);
  await page.locator('[data-qc-row]').first().getByRole('link').click();
  // Given up on (the page's script still held): the review is asked for as a page load.
  await expect.poll(() => documents, { timeout: 10_000 }).toEqual([review]);
  // The script comes while that load is on its way: the app starts (its shell asks for the
  // team's holds), and opens nothing itself. Watched from outside: Playwright's locators and
  // evaluations wait for the load to land.
  const went: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) went.push(new URL(frame.url()).pathname);
  });
  const appRuns = page.waitForRequest((r) => new URL(r.url()).pathname === '/team/holds');
  releaseScript();
  await appRuns;
  // Its router would have opened the review a frame or so after it ran.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(went).toEqual([]);
  expect(new URL(page.url()).pathname).toBe('/qc');
  releaseReview();
  await expect(
    page.getByRole('heading', { name: first?.document.matterReference ?? '' }),
  ).toBeVisible();
  expect(documents).toEqual([review]);
  // One step back is the queue again.
  await page.goBack();
  await expect(page).toHaveURL(/\/qc(\?[^/]*)?$/);
  await expect(page.locator('[data-qc-row]').first()).toBeVisible();
});

test("another owner's queue page holds that owner's rows only", async ({ page, browser }) => {
  await signIn(page, DEMO.reviewer);
  const acme = (await firstPageOf(page)).map((request) => request.id);
  const context = await browser.newContext();
  const stranger = await context.newPage();
  await signIn(stranger, DEMO.globex);
  const html = await servedWithScreen(stranger, '/qc');
  expect(html.match(/data-qc-row=""/g)?.length ?? 0).toBeGreaterThan(0);
  for (const id of acme) expect(html).not.toContain(id);
  await context.close();
});

test('other views and other screens come as the app alone', async ({ page }) => {
  await signIn(page, DEMO.admin);
  for (const path of ['/qc?processId=00000000-0000-4000-8000-000000000000', '/qc/processes']) {
    const html = await served(page, path);
    expect(html, path).not.toContain(FIRST_SCREEN);
    expect(html, path).toContain('<div id="root"></div>');
  }
});

test('a signed-out browser keeps no page with queue rows on its disk', async ({ baseURL }) => {
  // A profile of its own on disk, to read the browser's cache as it was left.
  const profile = diskProfile(baseURL);
  try {
    const context = await profile.launch();
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await signIn(page, DEMO.reviewer);
      // A full page load: the queue with its first screen of rows, kept for revalidation.
      await page.goto('/qc');
      await expect(page.locator('.qc-row').first()).toBeVisible();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
    } finally {
      await context.close();
    }
    // Chromium's cache files name the address they hold: none may still be the queue's page.
    const files = await readdir(profile.dir, { recursive: true });
    const withQueue: string[] = [];
    for (const file of files.filter((f) => f.includes('Cache_Data'))) {
      const bytes = await readFile(join(profile.dir, file)).catch(() => Buffer.alloc(0));
      if (bytes.includes(`${baseURL}/qc`)) withQueue.push(file);
    }
    expect(withQueue).toEqual([]);
  } finally {
    profile.remove();
  }
});
