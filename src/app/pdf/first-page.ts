// The first page of a review opened cold, as the gateway drew it (ADR 025): the page
// comes with an image of it, which the preview shows until pdf.js has drawn the page itself.
// No pdf.js here: main.tsx reads the page's image before the app replaces the first screen.

/** The class of the first page's image, in the gateway's first screen and in the preview. */
export const FIRST_PAGE_CLASS = 'pdf-first-page';

let served: { forUrl: string; src: string; settled?: Promise<void> } | undefined;

/** Keeps the page's first-page image, if it has one: before the app's first render. */
export function keepServedFirstPage(): void {
  const image = document.querySelector<HTMLImageElement>(
    `#root > .first-screen .${FIRST_PAGE_CLASS}`,
  );
  const forUrl = image?.dataset.for;
  const src = image?.getAttribute('src');
  served = forUrl && src ? { forUrl, src } : undefined;
}

/** Where the gateway draws a review's first page (ADR 025). */
export const firstPageImagePath = (id: string) =>
  `/preview/qc/${encodeURIComponent(id)}/first-page`;

let expected: { id: string; settled: Promise<void> } | undefined;

/**
 * A review opened by a click held on the first screen (held-clicks.ts), before the app's code
 * has come: its first page is asked of the gateway now, and the preview shows it until pdf.js
 * has drawn the page, as for a review opened cold. On a slow link pdf.js and the app's code
 * take seconds more than the image. Resolves once the image has loaded or failed.
 */
export function expectFirstPage(id: string): Promise<void> {
  const image = new Image();
  const settled = new Promise<void>((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
  image.src = firstPageImagePath(id);
  expected = { id, settled };
  return settled;
}

/** Settles with the image asked for review `id` (expectFirstPage), if one was. */
function expectedFirstPageSettled(id: string): Promise<void> | undefined {
  return expected?.id === id ? expected.settled : undefined;
}

/** The review `id` has its document at `url`: the preview shows the image asked for, if any. */
export function adoptExpectedFirstPage(id: string, url: string): void {
  if (expected?.id !== id) return;
  served = { forUrl: url, src: firstPageImagePath(id), settled: expected.settled };
  expected = undefined;
}

/**
 * On a slow link, before pdf.js has come (`pdfHere` false): asks the gateway for the first
 * page of QC request `id`'s document, which the preview shows until pdf.js has drawn it
 * (once `adoptExpectedFirstPage` knows the document's URL), unless an image of it came with
 * the page or is on its way already. For a review, a second review or a finding's document
 * opened in the app; the page's first script does the same for a click on its first screen.
 * On a fast link pdf.js is a moment away: nothing is asked.
 */
export function standInFirstPage(id: string, pdfHere: boolean): void {
  const here = served?.src === firstPageImagePath(id) || expectedFirstPageSettled(id);
  if (cameSlowly() && !pdfHere && !here) void expectFirstPage(id);
}

/** The image the page came with for the document at `url`, if it came with one. */
export function servedFirstPage(url: string): string | undefined {
  return served?.forUrl === url ? served.src : undefined;
}

/**
 * Settles once the image standing in for the document at `url` has loaded or failed: at once
 * when there is none, or it came with the page (main.tsx waited for it on a slow link).
 */
export async function firstPageSettled(url: string): Promise<void> {
  if (served?.forUrl === url) await served.settled;
}

/** A page that took longer than this to start arriving came over a slow link. */
const SLOW_FIRST_BYTE_MS = 300;

/**
 * Whether the page came slowly: the browser's own estimate of the link's round trip says so
 * (Chromium's `navigator.connection`, which network throttling sets too), or its first byte
 * took long after its request was sent (where there is no estimate).
 */
export function cameSlowly(): boolean {
  // Where the browser has an estimate, it alone: a first byte that was slow because the
  // server was busy (its first screen waits on the service) says nothing of the link.
  const rtt = (navigator as { connection?: { rtt?: number } }).connection?.rtt;
  if (rtt !== undefined) return rtt > SLOW_FIRST_BYTE_MS;
  const [page] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return page ? page.responseStart - page.requestStart > SLOW_FIRST_BYTE_MS : false;
}

/**
 * Resolves once the page's first-page image has loaded or failed, on a slow link: there,
 * pdf.js and its worker (hundreds of kilobytes) wait for it rather than share the link with
 * it. At once on a fast link (where both arrive quickly, and pdf.js's page should not wait),
 * or without an image.
 */
export async function servedFirstPageSettled(): Promise<void> {
  // The page's first script may run before the body is parsed: until then (not until the
  // app's scripts have run, as DOMContentLoaded would).
  if (document.readyState === 'loading') {
    await new Promise((resolve) =>
      document.addEventListener('readystatechange', resolve, { once: true }),
    );
  }
  const image = document.querySelector<HTMLImageElement>(
    `#root > .first-screen .${FIRST_PAGE_CLASS}`,
  );
  if (!image || image.complete || !cameSlowly()) return;
  await new Promise<void>((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
}
