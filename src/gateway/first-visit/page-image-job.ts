// What the gateway and its page-drawing worker (page-image-worker.ts) say to each other, in a
// module of its own so that neither imports the other: the worker is loaded by its URL.

/** The largest document drawn (a signed PDF, scanned pages and all), fetched or taken. */
export const MAX_PDF_BYTES = 32 * 1024 * 1024;

export type PageImageFormat = 'avif' | 'webp';

export interface PageImageJob {
  id: number;
  pdf: Uint8Array;
  format: PageImageFormat;
  /** Tests only: a drawing that never ends, as a hostile document's might. */
  hang?: true;
}
export type PageImageResult =
  | { id: number; image: Uint8Array; width: number; height: number }
  | { id: number; error: string }
  /** Sent once, when pdf.js is loaded: drawings are timed from then. */
  | { ready: true };
