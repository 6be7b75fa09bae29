import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Region } from '../../contract/findings.ts';
import { renderScan } from '../../service/seed/documents.ts';
import { scanPages } from '../../service/seed/scanner.ts';
import { onPostgres } from '../testing/database.ts';
import { OCR_PIXELS_PER_POINT, closeOcr, ocrPage, type OcrWord } from './ocr.ts';

// OCR of pages drawn the way the document checker draws them: by pdf.js's Node build onto
// @napi-rs/canvas, at OCR_PIXELS_PER_POINT, as gray. Tesseract runs for real, from the
// model and wasm in node_modules.

/** How far a word's box may be from where it was drawn, in points. */
const NEAR = 6;

let pdfjs: typeof PdfJs;

interface NodeCanvasFactory {
  create(width: number, height: number): { canvas: object; context: CanvasRenderingContext2D };
}

/** Page `n` of `pdf` drawn on white at `scale` pixels a point, one luminance byte a pixel. */
async function grayPage(pdf: Uint8Array, n: number, scale = OCR_PIXELS_PER_POINT) {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const task = pdfjs.getDocument({
    data: pdf.slice(),
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: `${join(root, 'standard_fonts')}/`,
  });
  try {
    const document = await task.promise;
    const page = await document.getPage(n);
    const viewport = page.getViewport({ scale });
    const [width, height] = [Math.ceil(viewport.width), Math.ceil(viewport.height)];
    const { canvas, context } = (document.canvasFactory as NodeCanvasFactory).create(width, height);
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvas: canvas as HTMLCanvasElement, canvasContext: context, viewport })
      .promise;
    const rgba = context.getImageData(0, 0, width, height).data;
    const gray = new Uint8Array(width * height);
    for (let i = 0; i < gray.length; i += 1) {
      gray[i] = (rgba[4 * i]! * 299 + rgba[4 * i + 1]! * 587 + rgba[4 * i + 2]! * 114) / 1000;
    }
    return { gray, width, height, scale };
  } finally {
    await task.destroy();
  }
}

const read = async (pdf: Uint8Array, n = 1) => {
  const { gray, width, height, scale } = await grayPage(pdf, n);
  return ocrPage(gray, width, height, scale);
};

/** The run of words that reads `phrase`, and the box around it. */
function find(words: readonly OcrWord[], phrase: string) {
  const wanted = phrase.split(' ');
  for (let i = 0; i + wanted.length <= words.length; i += 1) {
    const run = words.slice(i, i + wanted.length);
    if (run.some((word, k) => word.text !== wanted[k])) continue;
    const x = Math.min(...run.map((w) => w.x));
    const y = Math.min(...run.map((w) => w.y));
    const right = Math.max(...run.map((w) => w.x + w.width));
    const bottom = Math.max(...run.map((w) => w.y + w.height));
    return { x, y, width: right - x, height: bottom - y };
  }
  return undefined;
}

/** Whether `word` lies within `region`, give or take NEAR points. */
const inside = (word: OcrWord, region: Region) =>
  word.x >= region.x - NEAR &&
  word.y >= region.y - NEAR &&
  word.x + word.width <= region.x + region.width + NEAR &&
  word.y + word.height <= region.y + region.height + NEAR;

// OCR keeps nothing in a database: it runs in the unit project alone, not again on PostgreSQL.
describe.skipIf(onPostgres())('ocrPage', () => {
  beforeAll(async () => {
    // pdf.js's worker code in this thread, as the gateway's readers load it.
    const PDFJS_WORKER_CODE = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(PDFJS_WORKER_CODE);
    pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  });
  afterAll(closeOcr);

  it('reads printed lines, each boxed where it was drawn, in points from the top', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    const lines = [
      { text: 'STATE OF TEXAS', x: 72, y: 700, size: 12 },
      { text: 'COUNTY OF TRAVIS', x: 72, y: 680, size: 12 },
      { text: 'Matter No. SMITH-2024-0042', x: 330, y: 760, size: 10 },
      { text: 'Subscribed and sworn to before me on March 3, 2026', x: 90, y: 420, size: 12 },
      { text: 'Page 1 of 2', x: 490, y: 42, size: 9 },
    ];
    for (const { text, ...at } of lines) page.drawText(text, { ...at, font });

    const { words, confidence } = await read(await doc.save());
    expect(confidence).toBeGreaterThan(80);
    for (const { text, x, y, size } of lines) {
      const box = find(words, text);
      expect(box, `${text} in ${words.map((w) => w.text).join(' ')}`).toBeDefined();
      // Helvetica's capitals stand 0.72 em above the baseline, the box's foot; a tail adds 0.21.
      expect(Math.abs(box!.x - x), text).toBeLessThan(NEAR);
      expect(Math.abs(box!.y - (792 - y - 0.72 * size)), text).toBeLessThan(NEAR);
      expect(Math.abs(box!.y + box!.height - (792 - y)), text).toBeLessThan(NEAR);
      expect(Math.abs(box!.width - font.widthOfTextAtSize(text, size)), text).toBeLessThan(NEAR);
    }
  });

  it('finds no words on a blank page', async () => {
    const [width, height] = [612 * OCR_PIXELS_PER_POINT, 792 * OCR_PIXELS_PER_POINT];
    const blank = await ocrPage(
      new Uint8Array(width * height).fill(255),
      width,
      height,
      OCR_PIXELS_PER_POINT,
    );
    expect(blank).toEqual({ words: [], confidence: 0 });
  });

  it('refuses an image whose size and bytes disagree, and reads on after', async () => {
    await expect(ocrPage(new Uint8Array(10), 4, 4, 1)).rejects.toThrow(RangeError);
    await expect(ocrPage(new Uint8Array(16), 4, 0, 1)).rejects.toThrow(RangeError);
    await expect(ocrPage(new Uint8Array(16).fill(255), 4, 4, 1)).resolves.toEqual({
      words: [],
      confidence: 0,
    });
  });

  it('starts again after closeOcr', async () => {
    await closeOcr();
    await closeOcr();
    const white = new Uint8Array(64 * 64).fill(255);
    await expect(ocrPage(white, 64, 64, 1)).resolves.toEqual({ words: [], confidence: 0 });
  });

  it("reads a seed scan's matter reference and page number where the generator drew them", async () => {
    const reference = 'MR-2026-000777';
    const drawn = await renderScan({
      matterReference: reference,
      signerName: 'Samanta Wilkinson',
      notaryName: 'Nora Notary',
      state: 'Texas',
    });
    const { words } = await read(await scanPages(drawn.bytes, 7));
    const [referenceAt] = drawn.layout.parts.reference ?? [];
    const [numberAt] = drawn.layout.parts.pageNumber ?? [];
    if (!referenceAt || !numberAt) throw new Error('the generator recorded no header or footer');

    const matter = words.find((word) => word.text === reference);
    expect(matter, words.map((w) => w.text).join(' ')).toBeDefined();
    expect(inside(matter!, referenceAt)).toBe(true);
    // The footer is small grey type at the scanner's 90 dpi: "Page" and the numbers are read,
    // the "of" between them often is not ("af", "lof"), so the test does not ask for it.
    const footer = words.filter((word) => inside(word, numberAt)).map((word) => word.text);
    expect(footer[0]).toBe('Page');
    expect(footer.at(-1)).toBe(String(drawn.layout.pages));
  });
});
