import { AnnotationMode, type PDFDocumentLoadingTask } from 'pdfjs-dist';
import { closePdf, openPdf } from './pdf-open.ts';
import { preparedCache } from './prepared.ts';

// A review's PDF, opened on the worker by the review's loader beside the screen's own render,
// its first page drawn once off screen (see warm), so the viewer goes straight to painting.
// The next review's is drawn whole instead (pdf-standby.ts), and is not opened twice here.

/** Few: each holds a parsed document in the worker, and only the latest one or two are used. */
const LIMIT = 2;

/**
 * Draws the first page once, small and off screen: the worker builds its drawing
 * instructions and its fonts load into the page, and pdf.js keeps both for the viewer's own
 * render of the same intent (display, annotations on), which then only paints.
 */
async function warm(task: PDFDocumentLoadingTask) {
  const page = await (await task.promise).getPage(1);
  const viewport = page.getViewport({ scale: 0.1 });
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(viewport.width);
  canvas.height = Math.ceil(viewport.height);
  await page.render({ canvas, viewport, annotationMode: AnnotationMode.ENABLE }).promise;
}

const documents = preparedCache(
  (url) => {
    const task = openPdf(url);
    // A failure shows when the viewer takes the document (and then opens it afresh).
    warm(task).catch(() => {});
    return task;
  },
  (task) => void closePdf(task),
  LIMIT,
);

/**
 * Starts opening `url` unless it is already prepared; never throws. Not for one drawn ahead
 * (pdf-standby.ts `drawnAheadUrl`): its viewer holds its own document.
 */
export const preparePdf = (url: string) => documents.prepare(url);

/** The prepared document for `url`, now the caller's to close; undefined when there is none. */
export const takePreparedPdf = (url: string) => documents.take(url);
