// A `?url` import keeps the file as pdf.js ships it and names it /assets/pdf.worker.min-<hash>.mjs,
// which the gateway's worker rule matches (its CSP adds 'wasm-unsafe-eval' for the decoders).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// No pdf.js here, only the worker's URL: the page's first script
// (src/app/first-visit/first-screen.ts) starts the worker with it on a page load of a review, so
// the worker compiles its megabyte of script while the app's own entry is still loading. Elsewhere
// the queue (once its rows are shown) or the router (on opening a review) starts it.

export interface PdfWorkerPort {
  port: Worker;
  /** Rejects if the worker script never starts (blocked or missing); never resolves. */
  failed: Promise<never>;
}

let shared: PdfWorkerPort | undefined;

/** The app's one pdf.js worker thread, started on first call and kept. */
export function pdfWorkerPort(): PdfWorkerPort {
  if (shared) return shared;
  const port = new Worker(workerUrl, { type: 'module', name: 'pdf.worker' });
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
      port.terminate();
      // A later preview tries again with a fresh worker.
      if (shared?.port === port) shared = undefined;
    },
    { signal: started.signal },
  );
  shared = { port, failed };
  return shared;
}
