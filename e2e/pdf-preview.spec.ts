import { type ConsoleMessage, type Page, type Request } from '@playwright/test';
import { errorAnswer, expect, expectErrors, failedRequest, test } from './console-watch.ts';
import { newQcRequest } from './requests.ts';
import { DEMO, expectAccessible, screenshots, signIn } from './support.ts';

// The PDF preview on the review screen, in real Chromium under the gateway's CSP: pdf.js's
// own viewer, one worker from /assets, data files from /pdfjs, and failures kept inside
// the preview. Read-only: these tests never decide a request.

/** A pending request of the test's own (requests.ts), the newest of the queue. */
async function pendingRequest() {
  const request = await newQcRequest();
  return { id: request.id, fileUrl: request.fileUrl, matter: request.document.matterReference };
}

// Not the next document's, drawn ahead in a hidden park of its own (pdf-standby.ts).
const preview = (page: Page) => page.locator('.pdf-preview:not(.pdf-standby)');
const firstPage = (page: Page) => page.locator('.pdf-preview__stage .page[data-page-number="1"]');

/** Console lines that mean the preview is not running as designed. */
function watchConsole(page: Page) {
  const bad: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    if (/fake worker|Content Security Policy|Refused to/i.test(text)) bad.push(text);
  });
  page.on('pageerror', (error) => bad.push(error.message));
  return bad;
}

test('paints the first page with its text through one worker from /assets', async ({ page }) => {
  const problems = watchConsole(page);
  const request = await pendingRequest();
  await signIn(page, DEMO.reviewer, `/qc/${request.id}`);

  await expect(firstPage(page)).toHaveAttribute('data-painted', 'true', { timeout: 15_000 });
  await expect(preview(page)).toHaveAttribute('data-pdf-state', 'ready');
  const inked = await firstPage(page)
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 16) if ((data[i] ?? 255) < 200) dark += 1;
      return dark;
    });
  expect(inked).toBeGreaterThan(100);
  await expect(firstPage(page).locator('.textLayer')).toContainText(request.matter);

  // The worker is the file the gateway's worker CSP rule names, and under that policy it
  // reaches pdf.js's data files and may compile the wasm decoders.
  const workers = page.workers();
  expect(workers).toHaveLength(1);
  const worker = workers[0]!;
  expect(new URL(worker.url()).pathname).toMatch(/^\/assets\/pdf\.worker[^/]*\.m?js$/);
  const reach = await worker.evaluate(async () => {
    const paths = [
      '/pdfjs/cmaps/78-H.bcmap',
      '/pdfjs/standard_fonts/FoxitSerif.pfb',
      '/pdfjs/iccs/CGATS001Compat-v2-micro.icc',
    ];
    const statuses = await Promise.all(paths.map(async (path) => (await fetch(path)).status));
    await WebAssembly.compileStreaming(fetch('/pdfjs/wasm/openjpeg.wasm'));
    return statuses;
  });
  expect(reach).toEqual([200, 200, 200]);
  expect(problems).toEqual([]);
});

test('a review page load starts the worker ahead of the app; the queue starts it once rows show', async ({
  page,
}) => {
  expectErrors(failedRequest('GET', '/assets/index-[\\w-]+\\.js', 'FAILED'));
  await signIn(page, DEMO.reviewer);
  const request = await pendingRequest();
  const isWorker = (url: string) =>
    /^\/assets\/pdf\.worker[^/]*\.m?js$/.test(new URL(url).pathname);

  // The app's own entry held back: only the small early entry can start the worker, and it
  // does so on a review's URL only. A page of its own, so that no worker of the signed-in
  // page's queue (which starts one once its rows show) is still closing while it is counted.
  const early = await page.context().newPage();
  // Every worker the page's scripts construct, as they construct it.
  await early.addInitScript(() => {
    const started: string[] = [];
    Object.assign(window, { workersStarted: started });
    window.Worker = class extends window.Worker {
      constructor(url: string | URL, options?: WorkerOptions) {
        started.push(String(url));
        super(url, options);
      }
    };
  });
  let entryAsked = 0;
  await early.route(/\/assets\/index-[^/]*\.js$/, (route) => {
    entryAsked += 1;
    return route.abort();
  });
  // Scripts on their way: the early entry's own, and the queue's code it asks for.
  const scripts = new Set<Request>();
  early.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(r);
  });
  early.on('requestfinished', (r) => scripts.delete(r));
  early.on('requestfailed', (r) => scripts.delete(r));
  for (const path of ['/qc', '/qc/processes']) {
    const asked = entryAsked;
    // Once loaded, the early entry has run (an async script holds the load event back); the
    // app's entry is the last thing it asks for (on the queue, a frame after the rows show),
    // and the code it asked for has come.
    await early.goto(path);
    await expect.poll(() => entryAsked, path).toBeGreaterThan(asked);
    await expect.poll(() => scripts.size, path).toBe(0);
    expect(
      await early.evaluate(() => (window as { workersStarted?: string[] }).workersStarted),
    ).toEqual([]);
    expect(
      early.workers().map((w) => w.url()),
      path,
    ).toEqual([]);
  }
  const started = early.waitForEvent('worker', { predicate: (worker) => isWorker(worker.url()) });
  await early.goto(`/qc/${request.id}`);
  await started;
  await early.close();

  // The queue itself, once its rows are on screen, starts the worker for the review to come.
  await page.goto('/qc');
  await expect(page.locator('[data-qc-row]').first()).toBeVisible();
  await expect
    .poll(() => page.workers().filter((worker) => isWorker(worker.url())))
    .toHaveLength(1);
});

test('without requestIdleCallback (Safari), the queue still shows and starts the worker', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, DEMO.reviewer, '/qc');
  await expect(page.locator('[data-qc-row]').first()).toBeVisible();
  await expect
    .poll(() => page.workers().filter((worker) => /pdf\.worker/.test(worker.url())))
    .toHaveLength(1);
  expect(errors).toEqual([]);
});

test('pages, zoom, fit width and find work from the toolbar and the keyboard', async ({ page }) => {
  const problems = watchConsole(page);
  const request = await pendingRequest();
  await signIn(page, DEMO.reviewer, `/qc/${request.id}`);
  await expect(firstPage(page)).toHaveAttribute('data-painted', 'true', { timeout: 15_000 });

  const toolbar = page.getByRole('toolbar', { name: 'PDF controls' });
  const pageInput = toolbar.getByLabel('Page', { exact: true });
  await expect(pageInput).toHaveValue('1');
  const pages = Number((await toolbar.getByText(/^of \d+$/).textContent())?.slice(3));
  expect(pages).toBeGreaterThan(1);

  await toolbar.getByRole('button', { name: 'Next page' }).click();
  await expect(pageInput).toHaveValue('2');
  await pageInput.fill(String(pages));
  await pageInput.press('Enter');
  await expect(pageInput).toHaveValue(String(pages));
  await expect(
    page.locator(`.pdf-preview__stage .page[data-page-number="${pages}"]`),
  ).toHaveAttribute('data-painted', 'true');
  await toolbar.getByRole('button', { name: 'Previous page' }).click();
  await expect(pageInput).toHaveValue(String(pages - 1));

  // Fit width is the default; zooming leaves it, the button returns to it.
  const fit = toolbar.getByRole('button', { name: 'Fit width' });
  await expect(fit).toHaveAttribute('aria-pressed', 'true');
  const zoom = toolbar.locator('.pdf-toolbar__zoom');
  const fitted = await zoom.textContent();
  await toolbar.getByRole('button', { name: 'Zoom in' }).click();
  await expect(fit).toHaveAttribute('aria-pressed', 'false');
  await expect(zoom).not.toHaveText(fitted ?? '');
  await fit.click();
  await expect(zoom).toHaveText(fitted ?? '');

  // Back to the first page: find starts from the page on screen (as a browser's does), and
  // the count below reads from the first match.
  await pageInput.fill('1');
  await pageInput.press('Enter');
  await expect(pageInput).toHaveValue('1');

  // Ctrl+F inside the viewer goes to the preview's find box (pdf.js's text, not the browser's).
  await page.locator('.pdf-preview__stage .pdf-preview__scroller').focus();
  await page.keyboard.press('Control+f');
  const find = toolbar.getByRole('searchbox', { name: 'Find in document' });
  await expect(find).toBeFocused();
  // The matter reference is printed in every page's header.
  await find.fill(request.matter);
  const matches = toolbar.locator('.pdf-toolbar__matches');
  await expect(matches).toHaveText(/^1 of \d+$/);
  expect(Number((await matches.textContent())?.split(' of ')[1])).toBeGreaterThanOrEqual(pages);
  await find.press('Enter');
  await expect(matches).toHaveText(/^2 of \d+$/);
  await expect(page.locator('.textLayer .highlight.selected')).toHaveCount(1);
  await find.press('Escape');
  await expect(page.locator('.textLayer .highlight')).toHaveCount(0);
  expect(problems).toEqual([]);
});

for (const failure of [
  { name: 'an expired link (403)', status: 403, body: '{"message":"this URL has expired"}' },
  { name: 'a missing file (404)', status: 404, body: '{"message":"no such file"}' },
  { name: 'a file that is not a PDF', status: 200, body: '<!doctype html><title>nope</title>' },
]) {
  test(`${failure.name}: a message and a download link, and the checklist still works`, async ({
    page,
  }) => {
    expectErrors(errorAnswer(404, 'GET', '/blobs/files/[\\w-]+\\.pdf'));
    expectErrors(errorAnswer(403, 'GET', '/blobs/files/[\\w-]+\\.pdf'));
    await signIn(page, DEMO.reviewer);
    const request = await pendingRequest();
    await page.route(
      (url) => url.pathname.startsWith('/blobs/'),
      (route) =>
        route.fulfill({
          status: failure.status,
          body: failure.body,
          headers: { 'access-control-allow-origin': '*' },
        }),
    );
    await page.goto(`/qc/${request.id}`);

    await expect(preview(page)).toHaveAttribute('data-pdf-state', 'error', { timeout: 15_000 });
    const alert = preview(page).getByRole('alert');
    await expect(alert).toContainText('The PDF preview is not available');
    await expect(alert).toContainText(
      failure.status === 403 ? 'expired' : failure.status === 404 ? 'not found' : 'not a valid PDF',
    );
    const download = alert.getByRole('link', { name: 'Download the PDF' });
    // The same file; the signature in its URL is fresh on every read of the request.
    const file = new URL(request.fileUrl);
    await expect(download).toHaveAttribute(
      'href',
      new RegExp(`^${file.origin}${file.pathname}\\?`),
    );
    await expect(download).toHaveAttribute('download');

    const pass = page.locator('.check').first().getByRole('button', { name: 'Pass' });
    await pass.click();
    await expect(pass).toHaveAttribute('aria-pressed', 'true');
  });
}

test('accessible, and screenshots at both viewports', async ({ page }) => {
  const request = await pendingRequest();
  await signIn(page, DEMO.reviewer, `/qc/${request.id}`);
  await expect(firstPage(page)).toHaveAttribute('data-painted', 'true', { timeout: 15_000 });
  await expectAccessible(page);
  await screenshots(page, 'pdf-preview');
});
