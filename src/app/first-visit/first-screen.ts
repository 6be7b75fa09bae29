import { answerEarly, fetchEarly } from '../../client/early-responses.ts';
import { QC_REQUESTS } from '../../client/qc-paths.ts';
import { buildUrl } from '../../client/url.ts';
import { plainPendingView, queueListQuery } from '../features/qc/queue-request.ts';
import { QUEUE_PATH, REVIEW_PATH, queueScreen, reviewScreen } from '../features/qc/screens.ts';
import { AFTER_FIRST_PAINT } from '../../contract/page-session.ts';
import { afterFrame } from '../ui/next-paint.ts';
import { holdClicks } from './held-clicks.ts';
import { holdKeys } from './held-keys.ts';
import { linkInlineStyles } from './inline-styles.ts';
import { cameRendered, readPageSession, takeFirstScreenData, whenParsed } from './page-session.ts';
import { cameSlowly, expectFirstPage, servedFirstPageSettled } from '../pdf/first-page.ts';
import { pdfWorkerPort } from '../pdf/pdf-worker-port.ts';

// The page's first script (ADR 017), an entry of its own that index.html loads `async`
// ahead of the app (vite.config.ts): a few kilobytes with no libraries, it runs as soon as it
// arrives, while the app's entry (which runs only once all of its hundred-odd kilobytes are
// in) is still on the wire. On a reviewer's first visit it starts what the first screen
// waits for, so that none of it waits for the app's code on a slow link:
// - the queue: its code and, for the plain pending queue, its first page of data;
// - a review: pdf.js's worker, the screen's code, the request and the list it came from.
// Each data answer is taken by the app's client when it asks for the same URL
// (client/early-responses.ts); anything the script guesses wrong is just asked again.

// Before anything here loads a screen's code (the stylesheets are above this script's tag).
linkInlineStyles();

const path = location.pathname.slice(import.meta.env.BASE_URL.length - 1);
const session = readPageSession();
// Without the page's session the person is signed out: sign-in is what comes first.
const owner =
  typeof session === 'object' && session !== null && 'owner' in session
    ? String(session.owner)
    : undefined;
const view = plainPendingView(location.search);
const queueUrl = owner && view && buildUrl('', QC_REQUESTS, queueListQuery(owner, view));
const review = REVIEW_PATH.exec(path)?.[1];

/** The review's id as the router reads it (decoded), if `path` is a review's. */
const reviewIdOf = (path: string) => {
  const segment = REVIEW_PATH.exec(path)?.[1];
  try {
    return segment && decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

const reviewId = reviewIdOf(path);

/**
 * Starts what review `id` needs. pdf.js (its module and its worker, hundreds of kilobytes)
 * waits for `pdfAfter` when given: the first page's image, on a slow link, which the screen
 * shows meanwhile.
 */
const startReview = (id = reviewId, pdfAfter?: Promise<void>) => {
  const startPdf = () => {
    // Compiling the worker takes longest of all: first.
    pdfWorkerPort();
    if (owner) void reviewScreen.viewer().catch(() => {});
  };
  if (pdfAfter) void pdfAfter.then(startPdf);
  else startPdf();
  if (owner) {
    if (id) fetchEarly(`${QC_REQUESTS}/${encodeURIComponent(id)}`);
    if (queueUrl) fetchEarly(queueUrl);
    void reviewScreen.loader().catch(() => {});
    void reviewScreen.component().catch(() => {});
  }
};
// A review on a fast link starts at once: its worker compiles while the gateway is still
// sending and the browser parsing the page's body. On a slow link it waits for the first
// page's image (servedFirstPageSettled), which needs the body.
const reviewNow = review !== undefined && !cameSlowly();

/**
 * The answer the first screen was rendered from is the app's first answer too (ADR 031): no
 * second ask, and a review's document is the one the page has preloaded. Once the body is in;
 * the block is taken once, so calling this again does nothing.
 */
const takeServedAnswer = () => {
  const served = takeFirstScreenData();
  if (served) answerEarly(served.url, served.json);
};
// The body may be in already (this script is async): then nothing need be asked for below.
if (document.readyState !== 'loading') takeServedAnswer();
if (reviewNow) startReview();

/** The app's entry as the gateway held it back (a type the browser does not run), if here. */
const heldEntry = () =>
  document.querySelector<HTMLScriptElement>(`script[type="${AFTER_FIRST_PAINT}"]`);

function runEntry(held: HTMLScriptElement) {
  performance.mark('attest:entry');
  const entry = document.createElement('script');
  entry.type = 'module';
  entry.crossOrigin = '';
  entry.src = held.src;
  held.replaceWith(entry);
}

// A review on a fast link runs the app's entry at once, before the body has come: there the
// app's code is what pdf.js's own page waits for, and its modules are evaluated while the
// gateway renders the first screen (main.tsx waits for the body before it renders). Waiting
// a frame for it cost that page 90-120 ms; waiting for the body, the gateway's render more.
// The entry is in the head, after this script, which may run before the parser reaches it:
// then once the page is parsed (below).
if (reviewNow) {
  const held = heldEntry();
  if (held) runEntry(held);
}

whenParsed(() => {
  takeServedAnswer();

  if (review) {
    // The served review shows its checklist: a reviewer's `?` or `1` waits for the app's keys.
    if (cameRendered()) holdKeys();
    if (!reviewNow) {
      // The worker, the longest to fetch and compile, at once; the rest after the image.
      pdfWorkerPort();
      void servedFirstPageSettled().then(() => startReview());
    }
  } else if (QUEUE_PATH.test(path) && owner) {
    const start = () => {
      if (queueUrl) fetchEarly(queueUrl);
      void queueScreen.loader().catch(() => {});
      void queueScreen.component().catch(() => {});
    };
    // A page that came with its rows (ADR 025) paints them first: on a slow link, the
    // queue's data and code would share it with the stylesheets the rows wait for.
    if (cameRendered()) {
      holdKeys();
      afterFrame(start);
    } else {
      start();
    }
  }

  // A click on the first screen before the app runs is held for the app's router; a review
  // it opens is started on at once, as one opened cold is, its first page image with it.
  if (cameRendered()) {
    holdClicks((href) => {
      const id = reviewIdOf(new URL(href, location.href).pathname);
      if (!id) return;
      const image = expectFirstPage(id);
      startReview(id, cameSlowly() ? image : undefined);
    });
  }

  // A page meant to come with its first screen (ADR 025) holds the app's entry back
  // until that screen is painted: run it then, whether or not the screen came (the data may
  // have come too late). A review on a fast link, at once (above).
  const held = heldEntry();
  if (held && reviewNow) runEntry(held);
  else if (held) afterFrame(() => runEntry(held));
});
