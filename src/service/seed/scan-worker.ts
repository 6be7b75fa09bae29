import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { scanPages } from './scanner.ts';

// The demo's scans are drawn here, a thread of their own at a low priority (scan-queue.ts):
// the service answers its callers while the first start's scans are made behind it.

if (process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    // Drawn all the same, at the usual priority.
  }
}

export interface ScanJob {
  id: number;
  pdf: Uint8Array;
  seed: number;
}

export type ScanResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (job: ScanJob) => {
  scanPages(job.pdf, job.seed).then(
    (pdf) =>
      parentPort?.postMessage({ id: job.id, pdf } satisfies ScanResult, [
        pdf.buffer as ArrayBuffer,
      ]),
    (error: unknown) =>
      parentPort?.postMessage({ id: job.id, error: String(error) } satisfies ScanResult),
  );
});
