import { Worker } from 'node:worker_threads';
import type { PageImageFormat, PageImageJob, PageImageResult } from './page-image-worker.ts';

// The worker that draws first pages (page-image-worker.ts), one job at a time: on two cores
// the gateway keeps the other. A job that takes too long ends the worker (a fresh one starts
// with the next job); jobs beyond a short queue are refused at once, so that a burst of
// requests costs nothing but a quick refusal.

export type { PageImageFormat };

export interface PageImage {
  image: Uint8Array;
  width: number;
  height: number;
}

export class PageImagesBusy extends Error {}

export interface PageImagesOptions {
  /** One page's drawing, pdf.js's start-up included, at most. */
  timeoutMs?: number;
  /** Jobs waiting behind the one being drawn, at most. */
  queue?: number;
}

interface Pending {
  job: PageImageJob;
  resolve: (image: PageImage) => void;
  reject: (error: Error) => void;
}

export function pageImages({ timeoutMs = 4_000, queue = 4 }: PageImagesOptions = {}) {
  let worker: Worker | undefined;
  let current: (Pending & { timer: NodeJS.Timeout }) | undefined;
  const waiting: Pending[] = [];
  let nextId = 1;

  const finish = (outcome: PageImageResult | Error) => {
    const done = current;
    if (!done) return;
    current = undefined;
    clearTimeout(done.timer);
    if (outcome instanceof Error) done.reject(outcome);
    else if ('error' in outcome) done.reject(new Error(outcome.error));
    else done.resolve({ image: outcome.image, width: outcome.width, height: outcome.height });
    start();
  };

  const spawn = () => {
    const fresh = new Worker(new URL('./page-image-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    });
    fresh.unref();
    fresh.on('message', (result: PageImageResult) => {
      if (current?.job.id === result.id) finish(result);
    });
    const lost = (why: string) => {
      if (worker !== fresh) return;
      worker = undefined;
      finish(new Error(why));
    };
    fresh.on('error', (error) => lost(String(error)));
    fresh.on('exit', (code) => lost(`the page drawer stopped (${code})`));
    return fresh;
  };

  const start = () => {
    if (current) return;
    const next = waiting.shift();
    if (!next) return;
    worker ??= spawn();
    const running = worker;
    const timer = setTimeout(() => {
      worker = undefined;
      void running.terminate();
      finish(new Error('the page took too long to draw'));
    }, timeoutMs);
    current = { ...next, timer };
    running.postMessage(next.job, [next.job.pdf.buffer as ArrayBuffer]);
  };

  return {
    /** PDF bytes (taken: the buffer moves to the worker) to their first page as WebP. */
    draw(pdf: Uint8Array, format: PageImageFormat): Promise<PageImage> {
      if (waiting.length >= queue) return Promise.reject(new PageImagesBusy('busy'));
      return new Promise((resolve, reject) => {
        waiting.push({ job: { id: nextId++, pdf, format }, resolve, reject });
        start();
      });
    },
    async close() {
      for (const pending of waiting.splice(0)) pending.reject(new Error('closed'));
      const running = worker;
      worker = undefined;
      finish(new Error('closed'));
      await running?.terminate();
    },
  };
}

export type PageImages = ReturnType<typeof pageImages>;
