import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
import { closePdf, openPdf } from './pdf-open.ts';
import { preparedCache } from './prepared.ts';

// The next review's PDF, opened on the worker while the reviewer reads the current one, its
// first page parsed and its fonts loaded there (by reading its text), so "approve and next"
// goes straight to drawing (issue 5: next page painted in under 150 ms). The review's loader
// prepares the current one the same way, beside its own render.

/** Few: each holds a parsed document in the worker, and only the next one or two are used. */
const LIMIT = 2;

function warm(task: PDFDocumentLoadingTask) {
  task.promise
    .then(async (pdf) => (await pdf.getPage(1)).getTextContent())
    // A failure shows when the viewer takes the document (and then opens it afresh).
    .catch(() => {});
}

const documents = preparedCache(
  (url) => {
    const task = openPdf({ url });
    warm(task);
    return task;
  },
  (task) => void closePdf(task),
  LIMIT,
);

/** Starts opening `url` unless it is already prepared; never throws. */
export const preparePdf = (url: string) => documents.prepare(url);

/** The prepared document for `url`, now the caller's to close; undefined when there is none. */
export const takePreparedPdf = (url: string) => documents.take(url);
