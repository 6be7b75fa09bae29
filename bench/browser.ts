import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { summarise } from './lib.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { plainChromium } from './plain-chromium.ts';

// Browser figures of the QC reviewer, in headless Chromium against the real console over a
// large data set: medians of repeated runs. It reports; it asserts nothing.

export const VIEWPORT = { width: 1280, height: 800 };
/** Unmeasured page loads of a review before the measured ones: the server's and the
 * browser's first run of each code path (JIT, compile caches) is not what reviewers see. */
const WARM_UPS = 2;

export async function signIn(page: Page, base: string, clientId = 'acme-reviewer') {
  await page.goto(`${base}/sign-in`);
  await page.getByLabel('Client id').fill(clientId);
  await page.getByLabel('Client secret').fill(`${clientId}-secret`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/**
 * When `selector` first matched, in ms from the navigation's start, plus the frame that shows
 * it. Watched and waited for in the page (from an init script): the test driver's polling is
 * not counted, and no Playwright locator runs mid-measurement (its first use in a page
 * injects Playwright's own script there, about 25 ms of the page's main thread here).
 */
async function shownAt(page: Page, selector: string): Promise<number> {
  return page.evaluate(
    (selector) =>
      (window as unknown as { shownAt: (selector: string) => Promise<number> }).shownAt(selector),
    selector,
  );
}

/**
 * Once the app has replaced the first screen the gateway rendered (ADR 025): a click on
 * a row before then is a link followed by a page load, not the app's own opening of a review.
 */
export async function appRunning(page: Page): Promise<void> {
  await page.locator('.first-screen').waitFor({ state: 'detached' });
}

/** Runs in every page before its own scripts: records when watched selectors first match. */
export function watchShown() {
  const seen = new Map<string, number>();
  const watched = ['[data-qc-row]', '.pdf-preview__stage .page[data-painted="true"]'];
  const check = () => {
    for (const selector of watched) {
      if (seen.has(selector) || !document.querySelector(selector)) continue;
      seen.set(selector, Number.NaN);
      // Shown once the frame that holds it is painted: after the next animation frame.
      requestAnimationFrame(() => setTimeout(() => seen.set(selector, performance.now())));
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
  });
  // NaN if it is not shown within 30 s.
  (window as unknown as { shownAt: (selector: string) => Promise<number> }).shownAt = async (
    selector,
  ) => {
    const until = performance.now() + 30_000;
    while (!Number.isFinite(seen.get(selector) ?? Number.NaN) && performance.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10));
    return seen.get(selector) ?? Number.NaN;
  };
}

/** How long the simulated reviewer looks at each document before approving it. */
export const READING_MS = 1_000;

export const painted = (page: Page) =>
  page
    .locator('.pdf-preview__stage .page[data-painted="true"]')
    .first()
    .waitFor({ timeout: 30_000 });

/**
 * Passes every item with the keyboard and approves. The time is taken in the page, from the
 * `a` keydown to the next document's first page painted (canvas and text layer), so test
 * driver round trips are not counted.
 */
export async function approveAndNext(page: Page): Promise<Timed> {
  const count = await page.locator('.check').count();
  await page.keyboard.press('1');
  for (let i = 0; i < count; i += 1) await page.keyboard.press('Space');
  const passes = await page
    .getByText('Every item passes.')
    .waitFor({ timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!passes) return { committed: Number.NaN, frame: Number.NaN };
  // A reviewer reads before deciding; the next document is prepared meanwhile (the review
  // "prefetched while the reviewer reads the current one"). A second is a fast read.
  await page.waitForTimeout(READING_MS);
  return timedToPainted(page, 'keydown', () => page.keyboard.press('a'));
}

/**
 * Reject and next with a region on the page (ADR 029): the first item failed with a note and
 * the whole page shown marked for it, from the keyboard as a reviewer does, then `r`.
 */
async function rejectMarkedAndNext(page: Page): Promise<Timed> {
  await page.keyboard.press('1');
  await page.keyboard.press('f');
  await page.keyboard.type('Seal cut off');
  await page.keyboard.press('Escape');
  await page.keyboard.press('m');
  const whole = page.getByRole('button', { name: /^Mark all of page/ });
  const marked = await whole
    .waitFor({ timeout: 5_000 })
    .then(async () => {
      await whole.focus();
      await page.keyboard.press('Enter');
      await page.locator('.pdf-preview__stage .region').first().waitFor({ timeout: 5_000 });
      await page.keyboard.press('Escape');
      return true;
    })
    .catch(() => false);
  if (!marked) return { committed: Number.NaN, frame: Number.NaN };
  await page.waitForTimeout(READING_MS);
  return timedToPainted(page, 'keydown', () => page.keyboard.press('r'));
}

/** When the page was in the DOM, painted, and when the frame that shows it was (ms). */
type Timed = { committed: number; frame: number };

/**
 * Time in the page from the first `trigger` event (the `a` keydown, a click on a queue row)
 * to the next document's first page painted (canvas and text layer) in the preview on
 * screen, and to the frame that shows it, after `act` has caused it.
 */
async function timedToPainted(
  page: Page,
  trigger: 'keydown' | 'click',
  act: () => Promise<void>,
): Promise<Timed> {
  await page.evaluate((trigger) => {
    const from = location.pathname;
    // This document's pages stay in the DOM until the next screen commits: marked, they are
    // not taken for the next document's. The next document's, drawn ahead in a hidden layer
    // (pdf-standby.ts), count once that layer is the one shown (`.pdf-preview__stage`: a
    // change of its class).
    for (const left of document.querySelectorAll('.pdf-preview__stage .page')) {
      left.setAttribute('data-left', '');
    }
    (window as unknown as { nextPainted: Promise<Timed> }).nextPainted = new Promise((resolve) => {
      let started = 0;
      window.addEventListener(trigger, () => (started = performance.now()), {
        capture: true,
        once: true,
      });
      setTimeout(() => resolve({ committed: Number.NaN, frame: Number.NaN }), 15_000);
      const observer = new MutationObserver(() => {
        if (!started || location.pathname === from) return;
        if (
          !document.querySelector('.pdf-preview__stage .page[data-painted="true"]:not([data-left])')
        )
          return;
        observer.disconnect();
        const committed = performance.now() - started;
        // Shown once the frame that holds it is painted: after the next animation frame.
        requestAnimationFrame(() =>
          setTimeout(() => resolve({ committed, frame: performance.now() - started })),
        );
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-painted', 'class'],
      });
    });
  }, trigger);
  await act();
  return page.evaluate(() => (window as unknown as { nextPainted: Promise<Timed> }).nextPainted);
}

/**
 * A review's page load, from the navigation's start to its first page painted, in Chromium
 * with nothing attached to pdf.js's worker (plain-chromium.ts says why), each from the
 * previous review's page as a reviewer going down a list of links would.
 */
async function reviewPageLoads(base: string, ids: string[]): Promise<number[]> {
  const chromium = await plainChromium(CHROMIUM_PATH);
  try {
    const page = await chromium.newPage(VIEWPORT, watchShown);
    await page.goto(`${base}/sign-in`);
    // What the sign-in form sends.
    const signedIn = await page.evaluate<number>(
      `fetch('/session', { method: 'POST', headers: { 'content-type': 'application/json', 'x-attest': '1' }, body: JSON.stringify({ clientId: 'acme-reviewer', clientSecret: 'acme-reviewer-secret' }) }).then((response) => response.status)`,
    );
    if (signedIn !== 200) throw new Error(`sign-in answered ${signedIn}`);
    const ms: number[] = [];
    for (const [i, id] of ids.entries()) {
      await page.goto(`${base}/qc/${id}?status=pending&order=newest`);
      const shown = await page.evaluate<number>(
        `window.shownAt('.pdf-preview__stage .page[data-painted="true"]')`,
      );
      if (i >= WARM_UPS) ms.push(shown);
    }
    return ms;
  } finally {
    await chromium.close();
  }
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

export async function browserFigures(base: string, runs = 7) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await context.addInitScript(watchShown);
    const page = await context.newPage();

    // JavaScript the sign-in and queue screens load (gzip), and whether pdf.js is among it.
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (!response.url().endsWith('.js')) return;
      const body = await response.body().catch(() => null);
      if (body) scripts.set(response.url(), gzipSync(body).byteLength);
    });
    await signIn(page, base);
    await page.goto(`${base}/qc?status=pending&order=oldest`);
    await page.locator('[data-qc-row]').first().waitFor();
    const entryKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    // pdf.js's library chunk or its worker; not the few lines that start the worker on a review.
    const pdfInEntry = [...scripts.keys()].some((url) => /\/(pdfjs|pdf\.worker)[.-]/.test(url));
    page.removeAllListeners('response');

    // Queue: navigation to first rows visible.
    const queueMs: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      await page.goto(`${base}/qc/processes`).catch(() => undefined);
      await page.goto(`${base}/qc?status=pending&order=oldest`);
      queueMs.push(await shownAt(page, '[data-qc-row]'));
    }

    // Rows in the DOM after scrolling 10,000 rows down the list: the app's list, not the
    // gateway's first screen, whose scroller is gone (and 0 px high) once the app has run.
    await appRunning(page);
    const rowsInDom = await page.evaluate(async () => {
      const scroller = document.querySelector<HTMLElement>('[data-qc-scroller]');
      if (!scroller || scroller.clientHeight === 0) return -1;
      const rowHeight = document.querySelector<HTMLElement>('[data-qc-row]')?.offsetHeight ?? 60;
      for (let y = 0; y < rowHeight * 10_000; y += scroller.clientHeight * 4) {
        scroller.scrollTop = y;
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return document.querySelectorAll('[data-qc-row]').length;
    });

    // Review: navigation to the first page painted, without Playwright and, for reference,
    // with it (which pauses pdf.js's worker at its start for its debugger).
    const { qcRequests } = await page.evaluate(
      async () =>
        (await (
          await fetch(
            '/api/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=desc&limit=40',
          )
        ).json()) as { qcRequests: { id: string }[] },
    );
    const ids = qcRequests.map((request) => request.id);
    const openMs = await reviewPageLoads(base, ids.slice(0, WARM_UPS + runs));
    const openUnderPlaywrightMs: number[] = [];
    for (const [i, id] of ids.slice(WARM_UPS + runs, 2 * (WARM_UPS + runs)).entries()) {
      await page.goto(`${base}/qc/${id}?status=pending&order=newest`);
      const shown = await shownAt(page, '.pdf-preview__stage .page[data-painted="true"]');
      if (i >= WARM_UPS) openUnderPlaywrightMs.push(shown);
    }

    // Review opened from the queue (a click on a row) to the first page painted, the queue
    // freshly loaded each time, so each open starts pdf.js's worker as a reviewer's first does.
    const fromQueueMs: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      await page.goto(`${base}/qc?status=pending&order=newest`);
      const link = page.locator('[data-qc-row] .qc-row__link').nth(i);
      await link.waitFor();
      await appRunning(page);
      fromQueueMs.push((await timedToPainted(page, 'click', () => link.click())).frame);
    }

    // Approve and next, 200 documents, with the team's holds on (every document opened is
    // held, every decision releases it); the heap after 50 and after 200.
    await page.goto(`${base}/qc?status=pending&order=oldest`);
    await appRunning(page);
    await page.locator('[data-qc-row]').first().click();
    await painted(page);
    const nextMs: number[] = [];
    const nextInDomMs: number[] = [];
    let heapAt50 = 0;
    for (let i = 1; i <= 200; i += 1) {
      const { committed, frame } = await approveAndNext(page);
      if (Number.isNaN(frame))
        console.error(
          `review ${i}: not measured: the checklist did not pass, or the next document was not painted within 15 s (${page.url()})`,
        );
      else {
        nextMs.push(frame);
        nextInDomMs.push(committed);
      }
      if (i === 50) heapAt50 = await heapMb(page);
    }
    const heapAt200 = await heapMb(page);

    // Reject and next with a marked region on the page, 30 documents: the overlay drawn over
    // the document being decided costs the move to the next nothing it should not.
    const rejectMarkedMs: number[] = [];
    for (let i = 1; i <= 30; i += 1) {
      const { frame } = await rejectMarkedAndNext(page);
      if (Number.isNaN(frame)) console.error(`rejection ${i}: not measured (${page.url()})`);
      else rejectMarkedMs.push(frame);
    }
    return {
      rejectMarkedAndNextPainted: summarise(rejectMarkedMs),
      queueRowsVisible: summarise(queueMs),
      firstPagePainted: summarise(openMs),
      firstPagePaintedUnderPlaywright: summarise(openUnderPlaywrightMs),
      firstPagePaintedFromQueue: summarise(fromQueueMs),
      approveAndNextPainted: summarise(nextMs),
      approveAndNextInDom: summarise(nextInDomMs),
      rowsInDomAfter10000: rowsInDom,
      heapMbAfter50: heapAt50,
      heapMbAfter200: heapAt200,
      entryJsGzipKb: entryKb,
      pdfJsInEntry: pdfInEntry,
    };
  } finally {
    await browser.close();
  }
}
