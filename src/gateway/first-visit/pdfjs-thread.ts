import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { lowerThreadPriority } from '../thread-priority.ts';

// pdf.js in one of the gateway's own threads (the first page's drawer, the checks' reader):
// the thread gives way to requests, pdf.js's worker code is loaded up front (start-up is
// bounded apart from any one document), and every document is opened with the same limits.

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
