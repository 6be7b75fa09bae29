import { PDFWorker } from 'pdfjs-dist';
import { pdfWorkerPort } from './pdf-worker-port.ts';

export interface SharedPdfWorker {
  worker: PDFWorker;
  /** Rejects if the worker script never starts (blocked or missing); never resolves. */
  failed: Promise<never>;
}

let shared: { port: Worker; value: SharedPdfWorker } | undefined;

/**
 * One pdf.js worker for the whole app, started on first use and kept: every document
 * is opened on it and destroyed on it, so switching documents never pays a worker start-up.
 * Passed to `getDocument({ worker })`, it is never destroyed with a document.
 */
export function sharedPdfWorker(): SharedPdfWorker {
  const { port, failed } = pdfWorkerPort();
  if (shared?.port === port) return shared.value;
  // A port that failed to start is replaced by pdfWorkerPort; its PDFWorker goes with it.
  shared?.value.worker.destroy();
  const worker = PDFWorker.create({ port, name: 'pdf.worker' });
  shared = { port, value: { worker, failed } };
  return shared.value;
}
