// The first page of a review opened cold, as the gateway drew it (ADR 025): the page
// comes with an image of it, which the preview shows until pdf.js has drawn the page itself.
// No pdf.js here: main.tsx reads the page's image before the app replaces the first screen.

/** The class of the first page's image, in the gateway's first screen and in the preview. */
export const FIRST_PAGE_CLASS = 'pdf-first-page';

interface Served {
  forUrl: string;
  src: string;
  settled?: Promise<void>;
}
let served: Served | undefined;
const watchers = new Set<() => void>();
const serve = (next: Served | undefined) => {
  served = next;
  watchers.forEach((watcher) => watcher());
};

/** Keeps the page's first-page image, if it has one: before the app's first render. */
export function keepServedFirstPage(): void {
  const image = document.querySelector<HTMLImageElement>(
    `#root > .first-screen .${FIRST_PAGE_CLASS}`,
  );
  const forUrl = image?.dataset.for;
  const src = image?.getAttribute('src');
  serve(forUrl && src ? { forUrl, src } : undefined);
}

/** Where the gateway draws a review's first page (ADR 025). */
export const firstPageImagePath = (id: string) =>
  `/preview/qc/${encodeURIComponent(id)}/first-page`;

/**
 * Whether the gateway takes on drawing `path` for this session: asked first, as the gateway
 * does for a page it renders (ADR 034), because an image asked for outright and refused (a
 * busy drawer's 429) is an error the browser logs. 202: it is being drawn, and kept for the
 * image's own ask; 204: it will not be, and nothing is asked for.
 */
async function takenOn(path: string): Promise<boolean> {
  try {
    // The image's own ask takes AVIF, as every current browser does: the same drawing.
    const answer = await fetch(path, {
      headers: { Prefer: 'respond-async', Accept: 'image/avif,image/webp,*/*' },
    });
    return answer.status === 202;
  } catch {
    return false;
  }
}

function imageLoaded(src: string): Promise<void> {
  const image = new Image();
  const settled = new Promise<void>((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  });
  image.src = src;
  return settled;
}

interface Expected {
  id: string;
  placed: Promise<boolean>;
  settled: Promise<void>;
}
let expected: Expected | undefined;

/**
 * A review opened by a click held on the first screen (held-clicks.ts), before the app's code
 * has come: its first page is asked of the gateway now, and the preview shows it until pdf.js
 * has drawn the page, as for a review opened cold. On a slow link pdf.js and the app's code
 * take seconds more than the image. Resolves once the image has loaded or failed, or at once
 * when the gateway is too busy to draw it.
 */
export function expectFirstPage(id: string): Promise<void> {
  const src = firstPageImagePath(id);
  const placed = takenOn(src);
  const settled = placed.then((yes) => (yes ? imageLoaded(src) : undefined));
  expected = { id, placed, settled };
  return settled;
}

/** Settles with the image asked for review `id` (expectFirstPage), if one was. */
function expectedFirstPageSettled(id: string): Promise<void> | undefined {
  return expected?.id === id ? expected.settled : undefined;
}

let adopted: { forUrl: string; settled: Promise<void> } | undefined;

/**
 * The review `id` has its document at `url`: the preview shows the image asked for, if any,
 * once the gateway has taken it on. Answers whether an image stands in for the document.
 */
export async function adoptExpectedFirstPage(id: string, url: string): Promise<boolean> {
  const asked = expected;
  if (asked?.id !== id) return servedFirstPage(url) !== undefined;
  expected = undefined;
  adopted = { forUrl: url, settled: asked.settled };
  const placed = await asked.placed;
  if (placed && adopted.forUrl === url) {
    serve({ forUrl: url, src: firstPageImagePath(id), settled: asked.settled });
  }
  return placed;
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

/** Calls `watcher` whenever the image standing in changes; answers the unsubscribe. */
export function watchServedFirstPage(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/**
 * Settles once the image standing in for the document at `url` has loaded or failed: at once
 * when there is none, or it came with the page (main.tsx waited for it on a slow link).
 */
export async function firstPageSettled(url: string): Promise<void> {
  if (served?.forUrl === url) await served.settled;
  else if (adopted?.forUrl === url) await adopted.settled;
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
