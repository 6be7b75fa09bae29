import { openPdf } from '../first-visit/pdfjs-thread.ts';
import { parentPort } from 'node:worker_threads';
import {
  DETAIL_SCALE,
  INK_SCALE,
  MAX_READ_PAGES,
  type CheckFacts,
  type DocumentRead,
  type InkMap,
  type PageRead,
  type ReadJob,
  type ReadResult,
  type Word,
} from './document-read.ts';
import type * as OcrModule from './ocr.ts';
import { withDoubtfulDatesReread } from './ocr-dates-reread.ts';
import { withPartsReread } from './ocr-reread.ts';
import { readSealText } from './seal-reread.ts';
import { judge } from './rules/index.ts';

// A document read for the machine's checks (ADR 042), in a thread of its own as the first
// page's image is drawn (ADR 028): every page's text with where it is, and its ink at one
// pixel a point. A page with no text layer (a scan) is drawn larger and read by OCR where it
// is on. reader.ts ends this thread when a document takes too long or too much memory.

const { createCanvas, loadImage } = await import('@napi-rs/canvas');

/** No image in a PDF is decoded above this many pixels (a 300 dpi Letter scan is 8.4 M). */
const MAX_IMAGE_PIXELS = 10_000_000;
/** A page bigger than this (in points, either side) is not drawn: no real page is 5 m long. */
const MAX_PAGE_POINTS = 14_400;

/**
 * pdf.js leaves out an image over MAX_IMAGE_PIXELS with only a warning, and the page would
 * read as blank where it holds a scan: the warnings are counted, page by page, so that its
 * ink checks say they could not see it (the pages are drawn one at a time).
 */
const UNDRAWN = 'Image exceeded maximum allowed size';
let undrawn = 0;
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (String(args[0]).includes(UNDRAWN)) undrawn++;
  else warn(...args);
};

type Ocr = typeof OcrModule;
let ocr: Promise<Ocr | undefined> | undefined;
/** OCR, loaded on the first page that needs it; undefined where it cannot load. */
const ocrModule = () => (ocr ??= import('./ocr.ts').catch(() => undefined));

interface Drawn {
  gray: Uint8Array;
  width: number;
  height: number;
}

function grayOf(rgba: Uint8ClampedArray, width: number, height: number): Drawn {
  const gray = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < gray.length; i += 4, j++) {
    // Luminance over white: a transparent pixel is paper.
    const a = rgba[i + 3]! / 255;
    const l = 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
    gray[j] = Math.round(255 - a * (255 - l));
  }
  return { gray, width, height };
}

const inkOf = ({ gray, width, height }: Drawn, scale: number): InkMap => {
  const dark = new Uint8Array(gray.length);
  for (let i = 0; i < gray.length; i++) dark[i] = 255 - gray[i]!;
  return { width, height, scale, dark };
};

/**
 * Images drawn larger than they are, smoothed. pdf.js turns smoothing off for an image it
 * draws larger (as the PDF spec's /Interpolate asks by default), which is right on screen and
 * wrong for OCR: a 90 dpi scan drawn at 216 dpi came out in blocks, and Tesseract misread its
 * small print ("PR-2026-0995" for PR-2026-69996) where the same page smoothed read right.
 */
function smoothImages(context: CanvasRenderingContext2D) {
  Object.defineProperty(context, 'imageSmoothingEnabled', { get: () => true, set: () => {} });
  context.imageSmoothingQuality = 'high';
}

/** What a notarial certificate says: its page is drawn finer for the seal's comparison. */
const CERTIFICATE = /\b(before me|sworn|acknowledged|subscribed)\b/i;

/** A drawing at `scale` pixels a point, shrunk to the ink map's when it was drawn larger. */
function shrink({ gray, width, height }: Drawn, factor: number): Drawn {
  const w = Math.floor(width / factor);
  const h = Math.floor(height / factor);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += gray[row + dx]!;
      }
      out[y * w + x] = Math.round(sum / (factor * factor));
    }
  }
  return { gray: out, width: w, height: h };
}

async function readDocument(job: ReadJob): Promise<DocumentRead> {
  const task = openPdf(job.pdf, MAX_IMAGE_PIXELS);
  try {
    const document = await task.promise;
    const pageCount = document.numPages;
    const pages: PageRead[] = [];
    if (pageCount > MAX_READ_PAGES) return { pageCount, pages };
    type Drawing = { canvas: { width: number; height: number }; context: CanvasRenderingContext2D };
    const factory = document.canvasFactory as {
      create(w: number, h: number): Drawing;
      destroy(drawing: Drawing): void;
    };
    const draw = async (
      page: Awaited<ReturnType<typeof document.getPage>>,
      scale: number,
      smooth = false,
    ) => {
      const viewport = page.getViewport({ scale });
      const [w, h] = [Math.ceil(viewport.width), Math.ceil(viewport.height)];
      const drawing = factory.create(w, h);
      const { canvas, context } = drawing;
      try {
        if (smooth) smoothImages(context);
        context.fillStyle = '#fff';
        context.fillRect(0, 0, w, h);
        await page.render({
          canvas: canvas as unknown as HTMLCanvasElement,
          canvasContext: context,
          viewport,
        }).promise;
        return grayOf(context.getImageData(0, 0, w, h).data, w, h);
      } finally {
        // Its pixels (17 MB for a Letter page at 3 px/pt) are native memory, which the
        // thread's heap limits do not see and its GC frees only when it runs: given back now.
        factory.destroy(drawing);
      }
    };
    for (let n = 1; n <= pageCount; n++) {
      const page = await document.getPage(n);
      const viewport = page.getViewport({ scale: 1 });
      if (!(viewport.width >= 1 && viewport.height >= 1)) throw new Error(`page ${n} has no size`);
      if (viewport.width > MAX_PAGE_POINTS || viewport.height > MAX_PAGE_POINTS) {
        throw new Error(`page ${n} is too large to read`);
      }
      const words = await wordsOf(page, viewport);
      undrawn = 0;
      let source: PageRead['source'] = 'text';
      let ocrConfidence: number | undefined;
      let drawn: Drawn;
      let large: Drawn | undefined;
      const ocrNeeded = words.length === 0;
      const reader = ocrNeeded && job.ocr ? await ocrModule() : undefined;
      if (reader) {
        const factor = Math.max(1, Math.round(reader.OCR_PIXELS_PER_POINT / INK_SCALE));
        large = await draw(page, INK_SCALE * factor, true);
        const ppp = INK_SCALE * factor;
        const read = await reader.ocrPage(large.gray, large.width, large.height, ppp);
        const reread = await withPartsReread(reader.ocrPage, large, ppp, read.words);
        words.push(...(await withDoubtfulDatesReread(reader.ocrPage, large, ppp, reread)));
        source = 'ocr';
        ocrConfidence = read.confidence;
        drawn = shrink(large, factor);
      } else {
        if (ocrNeeded) source = 'none';
        drawn = await draw(page, INK_SCALE);
      }
      // What OCR read of a page whose image was left out is nothing: the page is unread.
      if (undrawn > 0 && words.length === 0) source = 'none';
      const certificate = words.some((w) => CERTIFICATE.test(w.text));
      if (certificate && !large) large = await draw(page, DETAIL_SCALE);
      const detailScale = large ? large.width / viewport.width : 0;
      pages.push({
        page: n,
        width: viewport.width,
        height: viewport.height,
        words,
        source,
        ...(ocrConfidence !== undefined && { ocrConfidence }),
        ink: inkOf(drawn, INK_SCALE),
        ...(undrawn > 0 && { undrawn }),
        ...(certificate && large && { detail: inkOf(large, detailScale) }),
      });
      page.cleanup();
    }
    const sealOnFile = job.sealOnFile ? await imageInk(job.sealOnFile) : undefined;
    return { pageCount, pages, ...(sealOnFile && { sealOnFile }) };
  } finally {
    await task.destroy();
  }
}

async function wordsOf(
  page: { getTextContent(): Promise<{ items: unknown[] }> },
  viewport: { convertToViewportPoint(x: number, y: number): number[] },
): Promise<Word[]> {
  const content = await page.getTextContent();
  const words: Word[] = [];
  for (const item of content.items) {
    const { str, transform, width, height } = item as {
      str?: string;
      transform?: number[];
      width?: number;
      height?: number;
    };
    if (!str?.trim() || !transform) continue;
    const size = Math.hypot(transform[2] ?? 0, transform[3] ?? 0) || (height ?? 0);
    const [x0 = 0, y0 = 0] = viewport.convertToViewportPoint(transform[4] ?? 0, transform[5] ?? 0);
    words.push({ text: str, x: x0, y: y0 - size, width: width ?? 0, height: size });
  }
  return words;
}

/** The seal on file (PNG or JPEG) as ink, at most 400 pixels a side. */
async function imageInk(bytes: Uint8Array): Promise<InkMap | undefined> {
  try {
    const image = await loadImage(Buffer.from(bytes));
    const scale = Math.min(1, 400 / Math.max(image.width, image.height));
    const [w, h] = [
      Math.max(1, Math.round(image.width * scale)),
      Math.max(1, Math.round(image.height * scale)),
    ];
    const canvas = createCanvas(w, h);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0, w, h);
    return inkOf(grayOf(context.getImageData(0, 0, w, h).data, w, h), 1);
  } catch {
    return undefined;
  }
}

/** The seal on a scanned certificate and the one on file, read by OCR, where there are both. */
async function sealTextOf(read: DocumentRead, facts: CheckFacts) {
  if (!read.pages.some((p) => p.source === 'ocr')) return undefined;
  const reader = await ocrModule();
  if (!reader) return undefined;
  return readSealText(read, facts, reader.ocrPage).catch(() => undefined);
}

/** The read, judged here where the job carries the request's facts. */
async function answer(job: ReadJob): Promise<void> {
  const read = await readDocument(job);
  if (job.facts) {
    const sealText = await sealTextOf(read, job.facts);
    const judged = judge(sealText ? { ...read, sealText } : read, job.facts);
    const none = { width: 0, height: 0, scale: 1, dark: new Uint8Array(0) };
    const pages = read.pages.map(({ detail: _, ...page }) => ({ ...page, words: [], ink: none }));
    const slim: DocumentRead = { pageCount: read.pageCount, pages };
    parentPort?.postMessage({ id: job.id, read: slim, judged } satisfies ReadResult);
    return;
  }
  const buffers = read.pages.flatMap((page) =>
    [page.ink, page.detail].flatMap((ink) => (ink ? [ink.dark.buffer as ArrayBuffer] : [])),
  );
  if (read.sealOnFile) buffers.push(read.sealOnFile.dark.buffer as ArrayBuffer);
  parentPort?.postMessage({ id: job.id, read } satisfies ReadResult, buffers);
}

parentPort?.postMessage({ ready: true } satisfies ReadResult);
parentPort?.on('message', (job: ReadJob) => {
  answer(job).catch((error: unknown) =>
    parentPort?.postMessage({ id: job.id, error: String(error) } satisfies ReadResult),
  );
});
