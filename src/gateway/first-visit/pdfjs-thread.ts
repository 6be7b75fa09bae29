import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';

// pdf.js in one of the gateway's own threads (the first page's drawer, the checks' reader):
// the thread gives way to requests, pdf.js's worker code is loaded up front (start-up is
// bounded apart from any one document), and every document is opened with the same limits.

/**
 * On Linux, where a thread has a priority of its own, this one gives way to the gateway's
 * other threads and to anything else on the machine (on loopback, the browser whose page it
 * draws). Elsewhere the priority is the whole process's, so it is left alone. A host that
 * refuses it gets its work done all the same, at the usual priority.
 */
function lowerThreadPriority() {
  if (process.platform !== 'linux') return;
  try {
    setPriority(10);
  } catch {
    // Done all the same.
  }
}

// Before pdf.js loads: only the gateway's own threads import this module.
lowerThreadPriority();

const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
export const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
// (Named by a variable: the package declares no types for it, and none are needed.)
const PDFJS_WORKER_CODE = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(PDFJS_WORKER_CODE);

/** A document opened with no fonts of the system's, no XFA, and no image above `maxImageSize`. */
export const openPdf = (data: Uint8Array, maxImageSize: number) =>
  pdfjs.getDocument({
    data,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    maxImageSize,
    standardFontDataUrl: `${join(root, 'standard_fonts')}/`,
    cMapUrl: `${join(root, 'cmaps')}/`,
    cMapPacked: true,
  });
