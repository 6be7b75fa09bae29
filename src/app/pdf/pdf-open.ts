import { getDocument, type PDFDocumentLoadingTask, type PDFDocumentProxy } from 'pdfjs-dist';
import type { EventBus } from 'pdfjs-dist/web/pdf_viewer.mjs';
import { sharedPdfWorker } from './pdf-worker.ts';

// Served from the app's own origin by the pdf.js plugin in vite.config.ts.
const assets = (dir: string) =>
  new URL(`${import.meta.env.BASE_URL}pdfjs/${dir}/`, document.baseURI).href;

/** Opens a PDF on the shared worker: no XFA, no scripting, data files from the app. */
export function openPdf(url: string): PDFDocumentLoadingTask {
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

/** How long a closing document waits for answers the viewer asked for: past it, it closes. */
const SETTLE_MS = 5_000;

/**
 * Closes a document that was given to pdf.js's viewer. The viewer asks the document for its
 * first page as it is set, for its other pages and metadata once one page is drawn, and it
 * logs an error for each of those answers the document's closing loses ("Unable to initialize
 * viewer", "Transport destroyed"), rejecting a promise nobody handles. pdf.js caches each of
 * those answers, so asking the same questions here waits for the very ones the viewer waits
 * for; then the document goes.
 */
export async function closeShownPdf(
  task: PDFDocumentLoadingTask,
  pdf: PDFDocumentProxy,
): Promise<void> {
  const asked: Promise<unknown>[] = [
    pdf.getMetadata(),
    pdf.getOptionalContentConfig({ intent: 'display' }),
  ];
  for (let page = 1; page <= pdf.numPages; page++) asked.push(pdf.getPage(page));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise((resolve) => (timer = setTimeout(resolve, SETTLE_MS)));
  await Promise.race([Promise.allSettled(asked), late]);
  clearTimeout(timer);
  await closePdf(task);
}

/** How long a viewer being torn down may go on setting its pages before it is reset anyway. */
const PAGES_BOUND_MS = 10_000;

/**
 * When pdf.js's viewer over `eventBus` may be reset (`setDocument(null)`). Once it has laid the
 * pages out it asks the document for each page in turn and sets it on its view, and it does
 * not check that the view is still there: reset meanwhile, it throws on a view that is gone
 * (a page error). So a viewer that has laid its pages out is reset once it has set them all
 * (pagesloaded), or after a bound; one that has not, at once (its first page's answer then
 * finds the viewer on no document, and stops).
 */
export function viewerSettling(eventBus: EventBus): () => Promise<void> {
  let laidOut = false;
  const { promise: allSet, resolve } = Promise.withResolvers<void>();
  eventBus.on('pagesinit', () => (laidOut = true), { once: true });
  eventBus.on('pagesloaded', () => resolve(), { once: true });
  return () => {
    if (!laidOut) return Promise.resolve();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<void>((done) => (timer = setTimeout(done, PAGES_BOUND_MS)));
    return Promise.race([allSet, bound]).finally(() => clearTimeout(timer));
  };
}
