import { type Browser, type Page } from '@playwright/test';
import { PDFDocument, rgb } from 'pdf-lib';
import { expect, expectErrors, failedRequest, SCRIPTS_REFUSED, test } from './console-watch.ts';
import { SampleListSchema } from '../src/contract/qc-management.ts';
import type { QcRequest } from '../src/contract/qc.ts';
import { api } from './api.ts';
import { newQcRequest, newQcRequests } from './requests.ts';
import {
  DEMO,
  FIRST_SCREEN_DATA,
  VIEWPORTS,
  emulateSlowLink,
  expectAccessible,
  holdRequests,
  signIn,
} from './support.ts';

// ADR 025: a review loaded cold comes with its frame and its document's first page,
// drawn by the gateway, before the app or pdf.js has run; the preview shows that image until
// pdf.js has drawn the page, and another owner's browser gets neither. Each test reviews a
// request of its own (requests.ts), the newest of the queue.

/** The paths `page` asks for from now on, as they are asked. */
function askedPaths(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  return asked;
}

/**
 * `request`'s review opened by a click on the app's own queue, once the gateway's first
 * screen is gone: the click is the app's, not one held for it.
 */
async function openFromAppQueue(page: Page, request: QcRequest) {
  await page.goto('/qc?status=pending&order=newest');
  await expect(page.locator('.first-screen')).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('link', { name: request.document.matterReference, exact: true }).click();
}

/** A browser context signed in as `page`'s, with JavaScript off: what the gateway sent. */
async function withoutScripts(
  browser: Browser,
  page: Page,
  viewport: { width: number; height: number },
) {
  return browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: false,
    viewport,
  });
}

const image = (page: Page) => page.locator('img.pdf-first-page');

/** A one-page PDF of thirty thousand small squares: a second or two of pdf.js's drawing. */
async function slowToDraw(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const sheet = pdf.addPage([612, 792]);
  for (let i = 0; i < 30_000; i++) {
    const color = rgb((i % 7) / 7, 0.2, 0.4);
    sheet.drawRectangle({ x: (i * 7) % 600, y: (i * 13) % 780, width: 3, height: 3, color });
  }
  return pdf.save();
}
const loaded = (page: Page) =>
  image(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test('a review loaded cold shows its header and first page before any script runs', async ({
  page,
  browser,
}) => {
  expectErrors(SCRIPTS_REFUSED);
  await signIn(page, DEMO.reviewer);
  const request = await newQcRequest();
  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await withoutScripts(browser, page, viewport);
      const bare = await context.newPage();
      await bare.emulateMedia({ colorScheme });
      // A page whose data takes longer than the gateway's budget comes without its first
      // screen (ADR 025): on a busy machine, load it again.
      await expect(async () => {
        await bare.goto(`/qc/${request.id}?status=pending&order=oldest`);
        await expect(
          bare.getByRole('heading', { name: request.document.matterReference }),
        ).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await expect(image(bare)).toBeVisible();
      await expect.poll(() => loaded(bare)).toBe(true);
      // Drawn from the page's PDF, a page's shape (taller than wide).
      const shape = await image(bare).evaluate((img: HTMLImageElement) => ({
        width: img.naturalWidth,
        height: img.naturalHeight,
      }));
      expect(shape.width).toBeGreaterThan(500);
      expect(shape.height).toBeGreaterThan(shape.width);
      // Nothing in it can be used before the app runs, but the way back to the queue.
      const control =
        viewport.name === 'desktop'
          ? bare.getByRole('button', { name: 'Sign out' })
          : bare.getByRole('button', { name: 'Open menu' });
      await expect(control).toBeDisabled();
      await expect(bare.getByRole('link', { name: '← Queue' })).toBeEnabled();
      await bare.screenshot({
        path: `test-results/screenshots/first-screen-review-${colorScheme}-${viewport.name}.png`,
      });
      await context.close();
    }
  }
});

test('the preview shows the drawn page until pdf.js has drawn its own, then only its own', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const request = await newQcRequest();
  const asked = askedPaths(page);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`/qc/${request.id}?status=pending&order=oldest`);
  const painted = page.locator('.pdf-preview__stage .page[data-painted="true"]').first();
  await expect(painted).toBeVisible({ timeout: 15_000 });
  // Once pdf.js's page is on screen the image has gone, and the app is the app.
  await expect(image(page)).toHaveCount(0);
  await expect(page.locator('.first-screen')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Checklist' })).toBeVisible();
  expect(asked).toContain(`/preview/qc/${request.id}/first-page`);
  expect(errors).toEqual([]);
  await expectAccessible(page);
});

/**
 * Signed in, with a pending request of this test's, over an emulated slow link, and pdf.js's
 * own code held back as a slow link holds its 150 kB: `release` lets it come. On a slow link
 * a review does not wait for pdf.js; on a fast one it does, pdf.js being a moment away.
 */
async function slowLinkWithoutPdfJs(page: Page) {
  await signIn(page, DEMO.reviewer);
  const request = await newQcRequest();
  await emulateSlowLink(page);
  const release = await holdRequests(page, /\/assets\/pdfjs-[^/]+\.js$/);
  return { request, release };
}

/**
 * The review's checklist worked beside the first page's image, pdf.js still held back; then
 * pdf.js comes and draws the page in the image's place, and what was typed is kept.
 */
async function workedBeforePdfJs(page: Page, release: () => void, text: string) {
  await page.locator('.check').first().getByRole('button', { name: 'Fail' }).click();
  const note = page.getByRole('textbox', { name: /What is wrong/ });
  await note.fill(text);
  await expect(page.locator('.pdf-preview__stage')).toHaveCount(0);
  await expectAccessible(page);

  release();
  const painted = page.locator('.pdf-preview__stage .page[data-painted="true"]').first();
  await expect(painted).toBeVisible({ timeout: 15_000 });
  await expect(image(page)).toHaveCount(0);
  await expect(note).toHaveValue(text);
}

test('a review loaded cold can be worked before pdf.js has come, and keeps what was typed', async ({
  page,
}) => {
  const { request, release } = await slowLinkWithoutPdfJs(page);
  // The image stands in only where the page came with its first screen (ADR 025): on a busy
  // machine the page may come without it, and then the screen waits for pdf.js.
  await expect(async () => {
    await page.goto(`/qc/${request.id}?status=pending&order=oldest`);
    await expect(page.locator('.review__panel')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // The app's own screen, the gateway's gone: its checklist answers, beside the image.
  await expect(page.locator('.first-screen')).toHaveCount(0);
  await expect(page.locator('.review__panel')).toBeVisible();
  await expect.poll(() => loaded(page)).toBe(true);
  await workedBeforePdfJs(page, release, 'Seal cut off on page 3');
});

test('on a slow link, a review opened in the app before pdf.js has come shows its first page and can be worked', async ({
  page,
}) => {
  // pdf.js held back from the start: the queue's idle preloading of it too.
  const { request, release } = await slowLinkWithoutPdfJs(page);
  const asked = askedPaths(page);
  await openFromAppQueue(page, request);

  // The review comes without waiting for pdf.js, the gateway's image of its first page in
  // the preview, and its checklist answers.
  await expect(page.locator('.review__panel')).toBeVisible({ timeout: 15_000 });
  await expect(image(page)).toBeVisible();
  await expect.poll(() => loaded(page)).toBe(true);
  expect(asked).toContain(`/preview/qc/${request.id}/first-page`);
  await workedBeforePdfJs(page, release, 'Signature block is blank');
});

test('on a fast link, a review opened in the app asks the gateway for no image', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const request = await newQcRequest();
  const asked = askedPaths(page);
  await openFromAppQueue(page, request);
  // pdf.js is a moment away here: its page is the first the preview shows, with no image
  // drawn for it (the gateway's work, on the same two cores).
  const painted = page.locator('.pdf-preview__stage .page[data-painted="true"]').first();
  await expect(painted).toBeVisible({ timeout: 15_000 });
  expect(asked.filter((path) => path.startsWith('/preview/'))).toEqual([]);
});

test('on a slow link, a second review shows its first page before pdf.js has come', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  // An open sample of someone else's approval (the list leaves out the caller's own).
  const { samples } = await api(page).get('/team/samples', SampleListSchema, {
    query: { state: 'open' },
  });
  // Only read here, never decided: the newest open sample of the demo's (the sampling spec
  // makes and decides its own).
  const sample = samples.at(-1);
  if (!sample) throw new Error('the demo has no open sample');
  await emulateSlowLink(page);
  const release = await holdRequests(page, /\/assets\/pdfjs-[^/]+\.js$/);
  await page.goto(`/qc/second-review/${sample.requestId}`);
  await expect(image(page)).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => loaded(page)).toBe(true);
  // Its checklist answers meanwhile.
  await page.locator('.check').first().getByRole('button', { name: 'Pass' }).click();
  await expect(
    page.locator('.check').first().getByRole('button', { name: 'Pass' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);

  release();
  const painted = page.locator('.pdf-preview__stage .page[data-painted="true"]').first();
  await expect(painted).toBeVisible({ timeout: 15_000 });
  await expect(image(page)).toHaveCount(0);
});

test('pdf.js failing to come is said in the preview, the checklist still works, and it is tried again', async ({
  page,
}) => {
  expectErrors(failedRequest('GET', '/assets/pdfjs-[\\w-]+\\.js', 'CONNECTION_RESET'));
  await signIn(page, DEMO.reviewer);
  const request = await newQcRequest();
  let refuse = true;
  await page.route(/\/assets\/pdfjs-[^/]+\.js$/, (route) =>
    refuse ? route.abort('connectionreset') : route.continue(),
  );
  await expect(async () => {
    await page.goto(`/qc/${request.id}?status=pending&order=oldest`);
    await expect(page.getByText('The PDF viewer did not load')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);
  await page.locator('.check').first().getByRole('button', { name: 'Fail' }).click();
  const note = page.getByRole('textbox', { name: /What is wrong/ });
  await note.fill('Seal cut off on page 3');

  refuse = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  const painted = page.locator('.pdf-preview__stage .page[data-painted="true"]').first();
  await expect(painted).toBeVisible({ timeout: 15_000 });
  await expect(note).toHaveValue('Seal cut off on page 3');
});

test('a review loaded cold asks for its document as the page arrives, and once', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const request = await newQcRequest();
  // Each ask for the document: its path, whatever its signature.
  const file = new URL(request.fileUrl, 'http://x').pathname;
  let asked = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === file) asked += 1;
  });
  // A page whose data takes longer than the gateway's budget comes without its first
  // screen, and so without the preload (ADR 025): on a busy machine, load it again.
  await expect(async () => {
    asked = 0;
    const loaded = await page.goto(`/qc/${request.id}?status=pending&order=oldest`);
    const html = (await loaded?.text()) ?? '';
    // The document is asked for by the page itself, from the answer it was rendered with.
    expect(html).toMatch(/<link rel="preload" as="fetch" crossorigin href="[^"]+">/);
    expect(html).toMatch(FIRST_SCREEN_DATA);
  }).toPass({ timeout: 15_000 });
  const painted = page.locator('.pdf-preview__stage .page[data-painted="true"]').first();
  await expect(painted).toBeVisible({ timeout: 15_000 });
  // Only once: pdf.js took what the page preloaded. And asked for before the app's router
  // was made, which is where the app itself would first ask for it.
  expect(asked).toBe(1);
  const started = await page.evaluate((path) => {
    const document = performance
      .getEntriesByType('resource')
      .find((entry) => new URL(entry.name).pathname === path);
    return {
      document: document?.startTime,
      router: performance.getEntriesByName('attest:router')[0]?.startTime,
    };
  }, file);
  expect(started.document).toBeLessThan(started.router ?? 0);
});

test('a review loaded cold while the gateway is drawing others comes without the image, and no error', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  // Two documents whose first page takes the drawer a second or more: still being drawn
  // when the review's page is rendered.
  const pdf = await slowToDraw();
  const [one, two] = await newQcRequests(2, { pdf });
  const request = await newQcRequest();
  if (!one || !two) throw new Error('two requests');
  // Asked as the gateway asks for a page it renders: answered once a place is taken or not.
  const ask = (id: string, accept: string) =>
    page.request.get(`/preview/qc/${id}/first-page`, {
      headers: { accept, prefer: 'respond-async' },
    });
  await expect(async () => {
    // This session's places in the drawer taken (two at most, ADR 028), as a reviewer's
    // other tabs might: the review's page is told so while it is rendered, and goes without.
    const flood = [one, two].flatMap(({ id }) => [ask(id, 'image/avif'), ask(id, 'image/webp')]);
    const statuses = await Promise.all(flood.map(async (answer) => (await answer).status()));
    expect(statuses.filter((status) => status === 204)).toHaveLength(2);
    const loaded = await page.goto(`/qc/${request.id}?status=pending&order=oldest`);
    const html = (await loaded?.text()) ?? '';
    expect(html).toMatch(FIRST_SCREEN_DATA);
    expect(html).not.toMatch(/<img [^>]*class="pdf-first-page"/);
    await expect(
      page.getByRole('heading', { name: request.document.matterReference }),
    ).toBeVisible();
  }).toPass({ timeout: 30_000 });
  // pdf.js draws the page; the browser logged nothing it was refused (console-watch.ts).
  const painted = page.locator('.pdf-preview__stage .page[data-painted="true"]').first();
  await expect(painted).toBeVisible({ timeout: 15_000 });
});

test('on a slow link, a review opened in the app while the gateway is drawing others goes without the image, and no error', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO.reviewer);
  await emulateSlowLink(page);
  const pdf = await slowToDraw();
  // The app's asks: first whether the gateway takes the drawing on, then (if it does) the image.
  const answers: string[] = [];
  page.on('response', (response) => {
    if (!/^\/preview\/qc\/[\w-]+\/first-page$/.test(new URL(response.url()).pathname)) return;
    const asked = response.request().headers()['prefer'] === 'respond-async' ? 'ask' : 'image';
    answers.push(`${asked} ${response.status()}`);
  });
  await expect(async () => {
    const [one, two] = await newQcRequests(2, { pdf });
    const request = await newQcRequest();
    if (!one || !two) throw new Error('two requests');
    // pdf.js held back, the queue's idle preloading of it too: the review asks for the image.
    const release = await holdRequests(page, /\/assets\/pdfjs-[^/]+\.js$/);
    try {
      await page.goto('/qc?status=pending&order=newest');
      await expect(page.locator('.first-screen')).toHaveCount(0, { timeout: 30_000 });
      answers.length = 0;
      // This session's two places in the drawer taken, as its other tabs might (ADR 028).
      const held = await Promise.all(
        [one, two].map(({ id }) =>
          page.request.get(`/preview/qc/${id}/first-page`, {
            headers: { accept: 'image/avif', prefer: 'respond-async' },
          }),
        ),
      );
      expect(held.map((answer) => answer.status())).toEqual([202, 202]);
      await page.getByRole('link', { name: request.document.matterReference, exact: true }).click();
      // Told no while the two were drawn: nothing else is asked, nothing is refused.
      await expect.poll(() => answers).toEqual(['ask 204']);
    } finally {
      release();
    }
  }).toPass({ timeout: 120_000 });
  // Without the image the review waits for pdf.js, whose page is the first the preview shows.
  const painted = page.locator('.pdf-preview__stage .page[data-painted="true"]').first();
  await expect(painted).toBeVisible({ timeout: 15_000 });
  await expect(image(page)).toHaveCount(0);
  expect(answers).toEqual(['ask 204']);
});

test("another owner's browser gets no first screen of the review, and no image of it", async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.reviewer);
  const request = await newQcRequest();
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await signIn(stranger, DEMO.globex);
  const served = await stranger.request.get(`/qc/${request.id}`, {
    headers: { accept: 'text/html' },
  });
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).not.toContain('class="first-screen"');
  expect(html).not.toContain(request.document.matterReference);
  // A gateway drawing for others answers 429 before it asks whose the request is (a refusal
  // costs nothing, and says nothing of the request): the first other answer is the one.
  let drawn = 0;
  await expect
    .poll(
      async () => {
        drawn = (await stranger.request.get(`/preview/qc/${request.id}/first-page`)).status();
        return drawn;
      },
      { intervals: [2_000], timeout: 30_000 },
    )
    .not.toBe(429);
  expect(drawn).toBe(404);
  // And a browser with no session at all gets a 401, not an image.
  const anonymous = await browser.newContext();
  const none = await anonymous.request.get(`/preview/qc/${request.id}/first-page`);
  expect(none.status()).toBe(401);
  await other.close();
  await anonymous.close();
});
