import { PDFWorker } from 'pdfjs-dist';
// A `?url` import keeps the file as pdf.js ships it and names it /assets/pdf.worker.min-<hash>.mjs,
// which the gateway's worker rule matches (its CSP adds 'wasm-unsafe-eval' for the decoders).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export interface SharedPdfWorker {
  worker: PDFWorker;
  /** Rejects if the worker script never starts (blocked or missing); never resolves. */
  failed: Promise<never>;
}

let shared: SharedPdfWorker | undefined;

/**
 * One pdf.js worker for the whole app, started on first use and kept: every document
 * is opened on it and destroyed on it, so switching documents never pays a worker start-up.
 * Passed to `getDocument({ worker })`, it is never destroyed with a document.
 */
export function sharedPdfWorker(): SharedPdfWorker {
  if (shared) return shared;
  const port = new Worker(workerUrl, { type: 'module', name: 'pdf.worker' });
  const worker = PDFWorker.create({ port, name: 'pdf.worker' });
  const { promise: failed, reject } = Promise.withResolvers<never>();
  failed.catch(() => {});
  const started = new AbortController();
  // pdf.js's worker posts "ready" as soon as it runs; an error before that means it never will.
  port.addEventListener('message', () => started.abort(), { signal: started.signal });
  port.addEventListener(
    'error',
    () => {
      started.abort();
      reject(new Error('The PDF viewer could not start its worker.'));
      worker.destroy();
      port.terminate();
      // A later preview tries again with a fresh worker.
      if (shared?.worker === worker) shared = undefined;
    },
    { signal: started.signal },
  );
  shared = { worker, failed };
  return shared;
}
