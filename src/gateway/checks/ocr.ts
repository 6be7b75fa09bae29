import { once } from 'node:events';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker as Thread } from 'node:worker_threads';
import Tesseract from 'tesseract.js';

// OCR for a page that has no text layer (a wet-ink scan), by tesseract.js: Tesseract compiled
// to wasm, in a worker thread of its own that tesseract.js starts. Everything it loads comes
// from node_modules: the wasm core (tesseract.js-core, found by tesseract.js itself) and the
// English model (@tesseract.js-data/eng); left to itself it would fetch the model from a CDN,
// which the gateway's hosts cannot reach, and cache it in the working directory.

/** A word OCR read, in PDF points from the page's top-left corner. */
export interface OcrWord {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  confidence: number;
  /** The line Tesseract found it on, numbered down the page from 0. */
  line: number;
}

export interface OcrPage {
  words: OcrWord[];
  /** mean word confidence 0..100 */
  confidence: number;
}

/**
 * The resolution to draw a page at for OCR: 3 pixels a point is 216 dpi, where the capitals
 * of 9-point type are about 19 pixels high, within the range Tesseract's model reads best.
 * Measured on the seed scans (90 dpi JPEGs, 2 cores): 1.1 to 2.1 s a page, about 95% of their
 * words read exactly; 2 px/pt is barely faster and no more accurate on them, and 4 gains
 * nothing for 20% more time. A whole number, so that a caller drawing at a multiple of
 * 1 px/pt lands on it.
 */
export const OCR_PIXELS_PER_POINT = 3;

/**
 * The LSTM-only model ("best_int", 2.9 MB gzipped): the one tesseract.js itself downloads for
 * its default engine. The package's other folder adds the legacy engine's data, unused here.
 */
const LANG_PATH = join(
  dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

/** tesseract.js's worker, its thread, and the pages it is reading. */
interface Ocr {
  tesseract: Tesseract.Worker;
  thread: Thread | undefined;
  /** Each page's way to fail at once if the thread dies under it. */
  pending: Set<(error: Error) => void>;
}

let ocr: Promise<Ocr> | undefined;

function start(): Promise<Ocr> {
  const started: Promise<Ocr> = Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    // Read the model from langPath every start and write no copy of it anywhere.
    cacheMethod: 'none',
    // Without a handler tesseract.js throws a failed job's error from its message listener,
    // an uncaught exception that would end the caller's thread; the job's promise rejects anyway.
    errorHandler: () => {},
  }).then((tesseract) => watch(tesseract, started));
  return started;
}

/**
 * tesseract.js listens for neither 'error' nor 'exit' on its thread: a crash (a wasm abort,
 * memory) would be an unhandled 'error' event in the caller's thread and leave every page
 * waiting for ever. The thread is in its `worker` field, untyped, so it is looked for.
 */
function watch(tesseract: Tesseract.Worker, started: Promise<Ocr>): Ocr {
  const found: unknown = (tesseract as { worker?: unknown }).worker;
  const thread = found instanceof Thread ? found : undefined;
  const self: Ocr = { tesseract, thread, pending: new Set() };
  const died = (reason: string) => {
    if (ocr === started) ocr = undefined;
    for (const fail of self.pending) fail(new Error(`the OCR thread ended: ${reason}`));
  };
  thread?.on('error', (error) => died(String(error)));
  thread?.on('exit', (code) => died(`exit code ${code}`));
  return self;
}

/**
 * A gray image as a binary PGM (P5): Leptonica, which Tesseract reads images with, takes it
 * as it is, with no PNG to encode and decode on the way.
 */
function pgm(gray: Uint8Array, width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  return Buffer.concat([header, gray.subarray(0, width * height)]);
}

/** Reads a page image: `gray` is one luminance byte per pixel (0 black .. 255 white), row-major, `width` x `height` pixels, drawn at `pixelsPerPoint` pixels per PDF point. */
export async function ocrPage(
  gray: Uint8Array,
  width: number,
  height: number,
  pixelsPerPoint: number,
): Promise<OcrPage> {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1)) {
    throw new RangeError(`no image of ${width} x ${height} pixels`);
  }
  if (gray.length < width * height) throw new RangeError('fewer bytes than pixels');
  if (!(pixelsPerPoint > 0)) throw new RangeError(`bad pixelsPerPoint: ${pixelsPerPoint}`);
  const { tesseract, pending } = await (ocr ??= start().catch((error: unknown) => {
    ocr = undefined; // the next page tries again
    throw error;
  }));
  // Told, not guessed: a PGM carries no resolution, and Tesseract scales what it reads by it.
  // Set for this job alone (tesseract.js sets and restores the parameters around it).
  const options: Partial<Tesseract.RecognizeOptions & Tesseract.WorkerParams> = {
    user_defined_dpi: String(Math.round(72 * pixelsPerPoint)),
    // Not read again upside down in colour: a line Tesseract is unsure of is otherwise tried
    // as white on black too, which a signed paper document never prints. 7% of a scanned
    // page's time, measured on the bench's two-page scan, for the same words.
    tessedit_do_invert: '0',
  };
  let fail!: (error: Error) => void;
  const died = new Promise<never>((_, reject) => (fail = reject));
  pending.add(fail);
  try {
    const read = tesseract.recognize(pgm(gray, width, height), options, {
      text: false,
      blocks: true,
    });
    const { data } = await Promise.race([read, died]);
    return page(data, pixelsPerPoint);
  } finally {
    pending.delete(fail);
  }
}

function page(data: Tesseract.Page, pixelsPerPoint: number): OcrPage {
  const words: OcrWord[] = [];
  let lineNumber = 0;
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const number = lineNumber++;
        for (const word of line.words) {
          const text = word.text.trim();
          if (text === '') continue;
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({
            text,
            x: x0 / pixelsPerPoint,
            y: y0 / pixelsPerPoint,
            width: (x1 - x0) / pixelsPerPoint,
            height: (y1 - y0) / pixelsPerPoint,
            confidence: word.confidence,
            line: number,
          });
        }
      }
    }
  }
  const sum = words.reduce((total, word) => total + word.confidence, 0);
  return { words, confidence: words.length > 0 ? sum / words.length : 0 };
}

/** Ends the OCR worker (tests, shutdown). */
export async function closeOcr(): Promise<void> {
  const closing = ocr;
  ocr = undefined;
  const self = await closing?.catch(() => undefined);
  if (!self) return;
  // tesseract.js's terminate() does not wait for the thread to be gone; this does.
  const gone = self.thread && self.thread.threadId !== -1 ? once(self.thread, 'exit') : undefined;
  await self.tesseract.terminate();
  await gone;
}
