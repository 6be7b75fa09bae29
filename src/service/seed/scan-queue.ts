import { Worker } from 'node:worker_threads';
import type { ServiceContext } from '../context.ts';
import type { ScanJob, ScanResult } from './scan-worker.ts';

// The demo's wet-ink scans are images (scanner.ts), and drawing them takes about a tenth of
// a second a page: some 270 pages, half a minute of one core. The seed stores each scan as
// the generator drew it (skewed, specked, with a text layer) and queues it here; once the
// service listens, one thread of low priority draws them one by one and puts each image-only
// scan in its place, so a first start takes no longer than it did. A scan opened before its
// turn is the drawn one; a service stopped meanwhile leaves the rest as drawn (ADR 038).
// Only a service started to be used scans (`npm start`, `scans: true`); tests that seed do not.

interface Queue {
  pending: { key: string; seed: number }[];
  enabled: boolean;
  worker: Worker | undefined;
  idle: Promise<void>;
  settle: () => void;
}

const queues = new WeakMap<ServiceContext, Queue>();

function queueOf(ctx: ServiceContext): Queue {
  let queue = queues.get(ctx);
  if (!queue) {
    const settled = { pending: [], enabled: false, worker: undefined, settle: () => {} };
    queue = { ...settled, idle: Promise.resolve() };
    queues.set(ctx, queue);
  }
  return queue;
}

/** The blob `key` holds a drawn scan, to be made an image-only one. */
export function queueScan(ctx: ServiceContext, key: string, seed: number): void {
  const queue = queueOf(ctx);
  queue.pending.push({ key, seed });
  if (queue.enabled && !queue.worker) run(ctx, queue);
}

/** From now on, what is queued is scanned in the background; answers once none is left. */
export function startScanning(ctx: ServiceContext): Promise<void> {
  const queue = queueOf(ctx);
  queue.enabled = true;
  if (!queue.worker && queue.pending.length > 0) run(ctx, queue);
  return queue.idle;
}

/** Stops scanning (the service is closing): what is left stays as drawn. */
export async function stopScanning(ctx: ServiceContext): Promise<void> {
  const queue = queueOf(ctx);
  queue.enabled = false;
  queue.pending = [];
  const worker = queue.worker;
  queue.worker = undefined;
  queue.settle();
  await worker?.terminate();
}

function run(ctx: ServiceContext, queue: Queue): void {
  queue.idle = new Promise((resolve) => (queue.settle = resolve));
  const worker = new Worker(new URL('./scan-worker.ts', import.meta.url), {
    // Its name is its thread's in `top -H` and `ps -L`.
    name: 'demo-scans',
    resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 },
  });
  // A service that stops does not wait for its scans.
  worker.unref();
  queue.worker = worker;
  const done = () => {
    if (queue.worker !== worker) return;
    queue.worker = undefined;
    void worker.terminate();
    queue.settle();
  };
  let nextId = 0;
  const next = () => {
    if (queue.worker !== worker) return;
    const job = queue.pending.shift();
    if (!job) return done();
    const pdf = ctx.blobs.get(job.key);
    if (!pdf) return next();
    const id = ++nextId;
    const answered = (result: ScanResult) => {
      if (result.id !== id) return;
      worker.off('message', answered);
      if (queue.worker !== worker) return;
      try {
        // One that cannot be drawn stays as the generator drew it.
        if ('pdf' in result) ctx.blobs.put(job.key, result.pdf);
        else ctx.log(`the scan ${job.key} could not be drawn`, result.error);
      } catch (error) {
        ctx.log(`the scan ${job.key} could not be stored`, error);
      }
      next();
    };
    worker.on('message', answered);
    worker.postMessage({ id, pdf, seed: job.seed } satisfies ScanJob);
  };
  // A thread that fails, or ends (past its memory limit), leaves the rest as drawn.
  worker.once('error', (error) => {
    ctx.log('the demo scans stopped', error);
    done();
  });
  worker.once('exit', done);
  next();
}
