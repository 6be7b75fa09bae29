import { getDocument, type PDFDocumentLoadingTask } from 'pdfjs-dist';
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
