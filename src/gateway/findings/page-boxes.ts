import { PDFDocument } from 'pdf-lib';
import type { PageBox } from './marks.ts';

// A document's page boxes (ADR 029), read with pdf-lib: each page's crop box as stored,
// unrotated, which is what a region's points are measured in. Nothing else of the document
// is looked at. Bounded (ADR 028): a few documents are read at once in a process, and a
// caller past the queue is turned away at once rather than held.

/** Documents read at once, and callers waiting for a turn, in one process. */
const READING = 2;
const WAITING = 6;

export class PageBoxesBusy extends Error {
  constructor() {
    super('the gateway is checking other marks: try again shortly');
  }
}

export class NotAPdf extends Error {
  constructor(cause: unknown) {
    super("the document's pages could not be read", { cause });
  }
}

/** The page boxes of `pdf` (its bytes), first page first. */
export async function readPageBoxes(pdf: Uint8Array): Promise<PageBox[]> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(pdf, {
      updateMetadata: false,
      // The boxes are not encrypted: an encrypted document's pages are measured all the same.
      ignoreEncryption: true,
    });
  } catch (error) {
    throw new NotAPdf(error);
  }
  return document.getPages().map((page) => {
    // The crop box, or the media box where there is none (pdf-lib's fallback); a box given
    // corner-first the other way round has the same size.
    const box = page.getCropBox();
    return { width: Math.abs(box.width), height: Math.abs(box.height) };
  });
}

/**
 * A turn to fetch and read one document: `run` waits for one of READING places; past
 * WAITING callers waiting, it refuses at once (PageBoxesBusy).
 */
export function documentTurns(reading = READING, waiting = WAITING) {
  let busy = 0;
  const queue: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (busy >= reading) {
      if (queue.length >= waiting) throw new PageBoxesBusy();
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      busy += 1;
    }
    try {
      return await work();
    } finally {
      // The place passes straight to the next in line, or is given back.
      const next = queue.shift();
      if (next) next();
      else busy -= 1;
    }
  };
}
