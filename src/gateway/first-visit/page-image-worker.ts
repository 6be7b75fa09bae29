import { setTimeout as sleep } from 'node:timers/promises';
import { openPdf } from './pdfjs-thread.ts';
import { parentPort, workerData } from 'node:worker_threads';
import {
  MAX_PDF_BYTES,
  type PageImageFormat,
  type PageImageJob,
  type PageImageResult,
} from './page-image-job.ts';

// A PDF's first page as a WebP image (ADR 025), drawn by pdf.js (its Node build, with the
// @napi-rs/canvas it brings) in a worker thread of its own: a hostile or huge PDF costs this
// thread, which page-image.ts ends when it takes too long or too much memory, never the
// gateway's own. What lives outside the thread's heap limit is capped here (ADR 028):
// the document's size, the canvas, and every image pdf.js decodes.

/** The widest image drawn, in pixels: the review's document column on a large screen. */
const WIDTH = 960;
/** And the tallest, for a page of an odd shape. */
const HEIGHT = 1600;
/** The canvas, whatever the page's shape says (4 bytes a pixel, outside the heap). */
const MAX_CANVAS_PIXELS = WIDTH * HEIGHT;
/**
 * No image inside the PDF is decoded above this many pixels (pdf.js leaves it out): a page
 * scanned at 300 dpi, A4 or Letter, is under 9 million; each decoded costs 4 bytes a pixel.
 */
const MAX_IMAGE_PIXELS = 10_000_000;

/** pdf.js's canvas factory in Node, over @napi-rs/canvas (its types say only `object`). */
interface NodeCanvasFactory {
  create(width: number, height: number): Drawing;
  destroy(drawing: Drawing): void;
}

interface Drawing {
  canvas: {
    width: number;
    height: number;
    encodeSync(format: 'webp', quality: number): Uint8Array;
    encodeSync(
      format: 'avif',
      config: { quality: number; speed: number; threads: number },
    ): Uint8Array;
  };
  context: CanvasRenderingContext2D;
}

async function firstPage(pdf: Uint8Array, format: PageImageFormat) {
  if (pdf.byteLength > MAX_PDF_BYTES) throw new Error('the document is too large to draw');
  const task = openPdf(pdf, MAX_IMAGE_PIXELS);
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const scale = Math.min(WIDTH / unscaled.width, HEIGHT / unscaled.height);
    const viewport = page.getViewport({ scale });
    const [width, height] = [Math.ceil(viewport.width), Math.ceil(viewport.height)];
    // A page of no size, or one whose numbers make no sense, is not drawn at all.
    if (!(width >= 1 && height >= 1 && width * height <= MAX_CANVAS_PIXELS)) {
      throw new Error(`the page's size cannot be drawn (${width} x ${height})`);
    }
    const factory = document.canvasFactory as NodeCanvasFactory;
    const drawing = factory.create(width, height);
    const { canvas, context } = drawing;
    try {
      // White under the page, as pdf.js's viewer shows it.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: context,
        viewport,
      }).promise;
      // Encoded here, not on libuv's shared threads, so that it keeps this thread's priority.
      // AVIF is about 60 KB for a demo page at 960 px against WebP's 105 KB, at a speed that
      // keeps its encoding near 160 ms on one thread. This encoder's `quality` runs the other
      // way round from its documentation (measured: 80 gives the smallest, smeared file); at
      // 45 the type is clean.
      const image =
        format === 'avif'
          ? canvas.encodeSync('avif', { quality: 45, speed: 8, threads: 1 })
          : canvas.encodeSync('webp', 80);
      return { image, width, height };
    } finally {
      // Its pixels are native memory the thread's GC frees only when it runs: given back now.
      factory.destroy(drawing);
    }
  } finally {
    await task.destroy();
  }
}

// Tests only: a start-up as slow as a busy machine's.
const { slowStartMs } = workerData as { slowStartMs: number };
if (slowStartMs > 0) await sleep(slowStartMs);
parentPort?.postMessage({ ready: true } satisfies PageImageResult);
parentPort?.on('message', (job: PageImageJob) => {
  if (job.hang) return;
  firstPage(job.pdf, job.format).then(
    (drawn) => parentPort?.postMessage({ id: job.id, ...drawn } satisfies PageImageResult),
    (error: unknown) =>
      parentPort?.postMessage({ id: job.id, error: String(error) } satisfies PageImageResult),
  );
});
