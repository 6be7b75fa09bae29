import { getDocument, type PDFDocumentLoadingTask, type PDFDocumentProxy } from 'pdfjs-dist';
import type { EventBus } from 'pdfjs-dist/web/pdf_viewer.mjs';
import { sharedPdfWorker } from './pdf-worker.ts';
import {
  isPdfFetchFailure,
  rememberPdfFetchFailures,
  watchPdfFetch,
} from './pdf-fetch-failures.ts';

// pdf.js's failed fetch of a document dropped before it read it is nobody's (see
// pdf-fetch-failures.ts): not a page error. Only that failure, never another rejection.
if (typeof window !== 'undefined') {
  rememberPdfFetchFailures(window);
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    if (isPdfFetchFailure(event.reason)) event.preventDefault();
  });
}

// Served from the app's own origin by the pdf.js plugin in vite.config.ts.
const assets = (dir: string) =>
  new URL(`${import.meta.env.BASE_URL}pdfjs/${dir}/`, document.baseURI).href;

/** Opens a PDF on the shared worker: no XFA, no scripting, data files from the app. */
export function openPdf(url: string): PDFDocumentLoadingTask {
  watchPdfFetch(new URL(url, document.baseURI).href);
  return getDocument({
    url,
    worker: sharedPdfWorker().worker,
    enableXfa: false,
    cMapUrl: assets('cmaps'),
    cMapPacked: true,
    standardFontDataUrl: assets('standard_fonts'),
    wasmUrl: assets('wasm'),
    iccUrl: assets('iccs'),
  });
}

/**
 * `await loadingTask.destroy()`, unless the worker never started (then there is nothing).
 * A document opened meanwhile need not wait for it: pdf.js asks that only when the loading
 * task owns its worker (the global `workerPort`), and ours is passed in and outlives it.
 */
export async function closePdf(task: PDFDocumentLoadingTask): Promise<void> {
  await Promise.race([task.destroy(), sharedPdfWorker().failed]).catch(() => {});
}

/** `promise`, or nothing once `ms` have passed: a teardown never waits on pdf.js for ever. */
async function withinBound(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((done) => (timer = setTimeout(done, ms)));
  await Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

/**
 * Closes a document that was given to pdf.js's viewer. As it is set, the viewer asks the
 * document for its first page, its metadata and its optional content, and logs an error for
 * each of those answers the document's closing loses ("Unable to initialize viewer",
 * "Transport destroyed"), or rejects a promise nobody handles. pdf.js caches each answer, so
 * asking the same questions here waits for the very ones the viewer waits for (the rest of
 * its pages: viewerSettling); then the document goes.
 */
export async function closeShownPdf(
  task: PDFDocumentLoadingTask,
  pdf: PDFDocumentProxy,
): Promise<void> {
  const asked = [
    pdf.getPage(1),
    pdf.getMetadata(),
    pdf.getOptionalContentConfig({ intent: 'display' }),
  ];
  await withinBound(Promise.allSettled(asked), 5_000);
  await closePdf(task);
}

/**
 * When pdf.js's viewer over `eventBus` may be reset (`setDocument(null)`). Once it has laid the
 * pages out it asks the document for each page in turn and sets it on its view, and it does
 * not check that the view is still there: reset meanwhile, it throws on a view that is gone
 * (a page error). So a viewer that has laid its pages out is reset once it has set them all
 * (pagesloaded), or after 10 s; one that has not, at once (its first page's answer then
 * finds the viewer on no document, and stops).
 */
export function viewerSettling(eventBus: EventBus): () => Promise<void> {
  let laidOut = false;
  const { promise: allSet, resolve } = Promise.withResolvers<void>();
  eventBus.on('pagesinit', () => (laidOut = true), { once: true });
  eventBus.on('pagesloaded', () => resolve(), { once: true });
  return () => (laidOut ? withinBound(allSet, 10_000) : Promise.resolve());
}
