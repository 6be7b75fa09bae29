import { Worker } from 'node:worker_threads';
import {
  MAX_PDF_BYTES,
  type PageImageFormat,
  type PageImageJob,
  type PageImageResult,
} from './page-image-job.ts';

// The worker that draws first pages (page-image-worker.ts), one job at a time: on two cores
// the gateway keeps the other. Every drawing is bounded (ADR 028):
//
// - In number. A drawing holds a slot from before its document is fetched (`reserve`) until
//   it is drawn or given up, so at most `1 + queue` documents are in the gateway's memory at
//   once, and at most `perOwner` of them for one session. Past either, the caller is refused
//   at once (PageImagesBusy, a 429), so that a burst of requests costs a quick refusal.
// - In time. A job that has used more than `timeoutMs` of the worker's time (its thread's CPU
//   time: on a busy machine the wait for a core is not the drawing's), or that has gone on for
//   `stalledMs` in all (one waiting on nothing), ends the worker, and no fresh worker starts
//   until the old one has stopped: a stuck worker is never joined by another beside it.
// - In memory. V8's heap limits bound the worker's JavaScript; what sits outside that heap
//   (the document's bytes, decoded images: pdf.js keeps them in array buffers) is watched
//   while a job runs, and a job past `externalBytes` ends the worker as a slow one does. The
//   canvas, the images pdf.js decodes and the document itself are capped in the worker.

export { MAX_PDF_BYTES, type PageImageFormat };

export interface PageImage {
  image: Uint8Array;
  width: number;
  height: number;
}

export class PageImagesBusy extends Error {}

export interface PageImagesOptions {
  /**
   * One page's drawing, at most, in the worker's own time (CPU) from when it has pdf.js loaded.
   */
  timeoutMs?: number;
  /** One page's drawing, at most, on the clock: a drawing that takes no CPU time and never ends. */
  stalledMs?: number;
  /** The worker's start-up (loading pdf.js), at most: no document can slow it. */
  startupMs?: number;
  /** Drawings held beside the one being drawn (fetching their document, or waiting), at most. */
  queue?: number;
  /** Drawings one owner (a session) may hold at once. */
  perOwner?: number;
  /** Memory outside the worker's heap (array buffers, decoded images) a drawing may use. */
  externalBytes?: number;
  /** For tests only: jobs that hang (never answer), and the worker's comings and goings. */
  testing?: {
    hang?: (job: number) => boolean;
    /** A worker that takes this long to start, as on a busy machine. */
    slowStartMs?: number;
    onWorker?: (event: 'spawn' | 'exit') => void;
  };
}

/** A place in the drawer, held from before the document is fetched until it is drawn. */
export interface PageImageSlot {
  /** PDF bytes (taken: the buffer moves to the worker) to their first page; then released. */
  draw(pdf: Uint8Array, format: PageImageFormat): Promise<PageImage>;
  /** Gives the place back without drawing (idempotent). */
  release(): void;
}

interface Pending {
  job: PageImageJob;
  resolve: (image: PageImage) => void;
  reject: (error: Error) => void;
}

const WATCH_MS = 100;

export function pageImages({
  timeoutMs = 4_000,
  stalledMs = 30_000,
  startupMs = 30_000,
  queue = 3,
  perOwner = Infinity,
  externalBytes = 320 * 1024 * 1024,
  testing,
}: PageImagesOptions = {}) {
  let worker: Worker | undefined;
  /** Resolves once `worker` has pdf.js loaded. */
  let ready: Promise<void> | undefined;
  /** A worker being ended: no other starts until it has. */
  let stopping: Promise<void> | undefined;
  let current: (Pending & { timers: NodeJS.Timeout[] }) | undefined;
  const waiting: Pending[] = [];
  let held = 0;
  const heldBy = new Map<string, number>();
  let nextId = 1;
  let closed = false;

  const finish = (outcome: Exclude<PageImageResult, { ready: true }> | Error) => {
    const done = current;
    if (!done) return;
    current = undefined;
    for (const timer of done.timers) clearInterval(timer);
    if (outcome instanceof Error) done.reject(outcome);
    else if ('error' in outcome) done.reject(new Error(outcome.error));
    else done.resolve({ image: outcome.image, width: outcome.width, height: outcome.height });
    start();
  };

  /** Ends `running` and fails its job; the next job waits until it has stopped. */
  const retire = (running: Worker, why: string) => {
    if (worker === running) {
      worker = undefined;
      ready = undefined;
    }
    const stopped = running.terminate().then(
      () => undefined,
      () => undefined,
    );
    const mine = stopped.then(() => {
      if (stopping === mine) stopping = undefined;
      start();
    });
    stopping = mine;
    finish(new Error(why));
  };

  const spawn = () => {
    const fresh = new Worker(new URL('./page-image-worker.ts', import.meta.url), {
      // Its name is its thread's in `top -H` and `ps -L`: where a busy gateway's CPU goes.
      name: 'first-pages',
      resourceLimits: { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 32 },
      workerData: { slowStartMs: testing?.slowStartMs ?? 0 },
    });
    testing?.onWorker?.('spawn');
    fresh.unref();
    let loaded = () => {};
    ready = new Promise((resolve) => (loaded = resolve));
    fresh.on('message', (result: PageImageResult) => {
      if ('ready' in result) loaded();
      else if (worker === fresh && current?.job.id === result.id) finish(result);
    });
    // An error ends the thread: it is ended and awaited like a slow one.
    fresh.on('error', (error) => {
      if (worker === fresh) retire(fresh, String(error));
    });
    fresh.on('exit', (code) => {
      testing?.onWorker?.('exit');
      if (worker === fresh) retire(fresh, `the page drawer stopped (${code})`);
    });
    return fresh;
  };

  const start = () => {
    if (current || stopping || closed) return;
    const next = waiting.shift();
    if (!next) return;
    worker ??= spawn();
    const running = worker;
    const startup = setTimeout(() => retire(running, 'the page drawer did not start'), startupMs);
    current = { ...next, timers: [startup] };
    const job = next.job;
    const mine = () => worker === running && current?.job.id === job.id;
    void ready?.then(async () => {
      if (!mine()) return;
      clearTimeout(startup);
      const cpuBefore = await running.cpuUsage().catch(() => undefined);
      if (!mine() || !current) return;
      const posted = Date.now();
      /** The drawing's own time so far: the worker's CPU time (the clock's, where unknown). */
      const used = async () => {
        if (!cpuBefore) return Date.now() - posted;
        const { user, system } = await running.cpuUsage(cpuBefore);
        return (user + system) / 1000;
      };
      const stalled = setTimeout(() => {
        if (mine()) retire(running, 'the page took too long to draw');
      }, stalledMs);
      // Its time and its memory outside the heap, read every WATCH_MS while it draws.
      const watch = setInterval(() => {
        Promise.all([used(), running.getHeapStatistics()]).then(
          ([ms, stats]) => {
            if (!mine()) return;
            if (stats.external_memory > externalBytes) {
              retire(running, 'the page needed too much memory to draw');
            } else if (ms > timeoutMs) retire(running, 'the page took too long to draw');
          },
          () => undefined,
        );
      }, WATCH_MS);
      current.timers.push(stalled, watch);
      running.postMessage(job, [job.pdf.buffer as ArrayBuffer]);
    });
  };

  const reserve = (owner?: string): PageImageSlot => {
    const mine = owner === undefined ? 0 : (heldBy.get(owner) ?? 0);
    if (closed || held >= 1 + queue || mine >= perOwner) throw new PageImagesBusy('busy');
    held += 1;
    if (owner !== undefined) heldBy.set(owner, mine + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held -= 1;
      if (owner === undefined) return;
      const left = (heldBy.get(owner) ?? 1) - 1;
      if (left > 0) heldBy.set(owner, left);
      else heldBy.delete(owner);
    };
    return {
      release,
      draw(pdf, format) {
        if (released || closed) {
          release();
          return Promise.reject(new Error('this place in the drawer was given back'));
        }
        const id = nextId++;
        const job: PageImageJob = { id, pdf, format, ...(testing?.hang?.(id) && { hang: true }) };
        const drawn = new Promise<PageImage>((resolve, reject) => {
          waiting.push({ job, resolve, reject });
          start();
        });
        return drawn.finally(release);
      },
    };
  };

  return {
    /** A place in the drawer for `owner`, or PageImagesBusy when there is none. */
    reserve,
    /** A place and its drawing at once. */
    draw(pdf: Uint8Array, format: PageImageFormat, owner?: string): Promise<PageImage> {
      try {
        return reserve(owner).draw(pdf, format);
      } catch (error) {
        return Promise.reject(error as Error);
      }
    },
    async close() {
      closed = true;
      for (const pending of waiting.splice(0)) pending.reject(new Error('closed'));
      if (worker) retire(worker, 'closed');
      await stopping;
    },
  };
}

export type PageImages = ReturnType<typeof pageImages>;
