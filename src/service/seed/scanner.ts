import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';

// A wet-ink scan as a scanner gives it back (ADR 038): each page an image, its blacks lifted,
// a little noisy, with no text layer. The generator draws the paper (off-white, specks, a skew of a
// fraction of a degree, documents.ts `scanBegin`); this turns that drawing into what a
// flatbed scanner at 90 dpi writes: one JPEG a page, on pages of the same size, so
// the regions the generator recorded in PDF points still cover what they name.
// pdf.js (its Node build) draws the pages onto @napi-rs/canvas, as the gateway's first-page
// image does; no library is needed for the rest.

/** Pixels per PDF point: 1.25 is 90 dpi, an office scanner's quick setting. */
const SCALE = 1.25;
/** JPEG quality: a scanner's "standard" setting; a 2-page scan stays under 150 kB. */
const QUALITY = 45;
/** The grain: how far each pixel's grey moves at most, either way. */
const GRAIN = 3;

const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
let pdfjs: Promise<typeof PdfJs> | undefined;

/** pdf.js, with its worker's code in this thread (no worker of its own: one page at a time). */
function loadPdfjs() {
  pdfjs ??= (async () => {
    const PDFJS_WORKER_CODE = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
    const workerCode: unknown = await import(PDFJS_WORKER_CODE);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = workerCode;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return pdfjs;
}

interface NodeCanvas {
  width: number;
  height: number;
  encodeSync(format: 'jpeg', quality: number): Uint8Array;
}

interface NodeCanvasFactory {
  create(width: number, height: number): { canvas: NodeCanvas; context: CanvasRenderingContext2D };
}

/** A small, seeded generator: the same scan, the same grain, the same bytes. */
function grain(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

/**
 * As a colour scanner gives the page back: blacks lifted to a dark grey, the paper a shade
 * darker, and a grain over all of it (the same on every channel: grain, not colour noise).
 */
function scanned(context: CanvasRenderingContext2D, width: number, height: number, seed: number) {
  const image = context.getImageData(0, 0, width, height);
  const data = image.data;
  const next = grain(seed);
  for (let i = 0; i < data.length; i += 4) {
    const noise = 24 + (next() * 2 - 1) * GRAIN;
    data[i] = noise + data[i]! * 0.9;
    data[i + 1] = noise + data[i + 1]! * 0.9;
    data[i + 2] = noise + data[i + 2]! * 0.9;
  }
  context.putImageData(image, 0, 0);
}

/**
 * The scan of `pdf`: its pages drawn at 90 dpi, greyed and grainy, each placed as one
 * image on a page of the same size. Same input and seed, same bytes.
 */
export async function scanPages(pdf: Uint8Array, seed: number): Promise<Uint8Array> {
  const { getDocument } = await loadPdfjs();
  const task = getDocument({
    data: pdf.slice(),
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: `${join(root, 'standard_fonts')}/`,
  });
  try {
    const source = await task.promise;
    const out = await PDFDocument.create({ updateMetadata: false });
    const info = await PDFDocument.load(pdf, { updateMetadata: false });
    out.setTitle(info.getTitle() ?? 'Scan');
    out.setSubject(info.getSubject() ?? '');
    out.setAuthor(info.getAuthor() ?? '');
    out.setCreator('Attest seed documents (simulated scanner, 90 dpi)');
    out.setProducer('Attest reference service');
    const dated = info.getCreationDate();
    if (dated) {
      out.setCreationDate(dated);
      out.setModificationDate(dated);
    }
    for (let p = 1; p <= source.numPages; p += 1) {
      const page = await source.getPage(p);
      const points = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: SCALE });
      const [width, height] = [Math.ceil(viewport.width), Math.ceil(viewport.height)];
      const { canvas, context } = (source.canvasFactory as NodeCanvasFactory).create(width, height);
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: context,
        viewport,
      }).promise;
      scanned(context, width, height, seed + p);
      const jpeg = await out.embedJpg(canvas.encodeSync('jpeg', QUALITY));
      out
        .addPage([points.width, points.height])
        .drawImage(jpeg, { x: 0, y: 0, width: points.width, height: points.height });
      page.cleanup();
    }
    return await out.save({ objectsPerTick: Number.MAX_SAFE_INTEGER, useObjectStreams: false });
  } finally {
    await task.destroy();
  }
}
