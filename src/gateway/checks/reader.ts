import { Worker } from 'node:worker_threads';
import type { DocumentRead, Judgements, ReadJob, ReadResult } from './document-read.ts';
import type { CheckFacts } from './rules/judgement.ts';

// The thread that reads documents for the checks (read-worker.ts), one at a time: checking is
// background work and the gateway keeps the other core for requests. Bounded as the first-page
// drawer is (ADR 028): a read past its time (on the clock: a hostile document's, or OCR's of
// too many pages) or past its memory outside the heap ends the thread, the document is unsure
// with the reason, and a fresh thread reads the next one.

export interface ReaderOptions {
  /** One document's read, at most, on the clock. */
  timeoutMs?: number;
  /** Memory outside the thread's heap (the document, decoded images, canvases), at most. */
  externalBytes?: number;
  /** OCR for pages without a text layer. */
  ocr?: boolean;
}

export class ReadFailed extends Error {}

const WATCH_MS = 200;

export function documentReader({
  timeoutMs = 60_000,
  externalBytes = 384 * 1024 * 1024,
  ocr = true,
}: ReaderOptions = {}) {
  let worker: Worker | undefined;
  let ready: Promise<void> | undefined;
  let chain: Promise<unknown> = Promise.resolve();
  let nextId = 1;
  let closed = false;

  const spawn = () => {
    const fresh = new Worker(new URL('./read-worker.ts', import.meta.url), {
      // Its name is its thread's in `top -H` and `ps -L`: where a busy gateway's CPU goes.
      name: 'checks',
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    });
    fresh.unref();
    ready = new Promise((resolve, reject) => {
      fresh.once('message', (message: ReadResult) => ('ready' in message ? resolve() : undefined));
      fresh.once('error', reject);
      fresh.once('exit', () => reject(new ReadFailed('the reader stopped')));
    });
    ready.catch(() => undefined);
    worker = fresh;
    return fresh;
  };

  const retire = async (running: Worker) => {
    if (worker === running) worker = undefined;
    await running.terminate().catch(() => undefined);
  };

  type Read = { read: DocumentRead; judged?: Judgements };
  const readOne = async (
    pdf: Uint8Array,
    sealOnFile?: Uint8Array,
    facts?: CheckFacts,
  ): Promise<Read> => {
    if (closed) throw new ReadFailed('closed');
    const running = worker ?? spawn();
    await ready;
    const id = nextId++;
    return new Promise<Read>((resolve, reject) => {
      const timers: NodeJS.Timeout[] = [];
      const done = (fail?: string) => {
        for (const timer of timers) clearTimeout(timer);
        running.off('message', onMessage);
        running.off('exit', onExit);
        if (fail) {
          void retire(running);
          reject(new ReadFailed(fail));
        }
      };
      const onMessage = (message: ReadResult) => {
        if ('ready' in message || message.id !== id) return;
        done();
        if ('error' in message) reject(new ReadFailed(message.error));
        else resolve({ read: message.read, ...(message.judged && { judged: message.judged }) });
      };
      const onExit = () => done('the reader stopped');
      running.on('message', onMessage);
      running.on('exit', onExit);
      timers.push(setTimeout(() => done('the document took too long to read'), timeoutMs));
      const watch = setInterval(() => {
        running.getHeapStatistics().then(
          (stats) => {
            if (stats.external_memory > externalBytes) done('the document needed too much memory');
          },
          () => undefined,
        );
      }, WATCH_MS);
      timers.push(watch);
      const job: ReadJob = {
        id,
        pdf,
        ocr,
        ...(sealOnFile && { sealOnFile }),
        ...(facts && { facts }),
      };
      running.postMessage(job, [pdf.buffer as ArrayBuffer]);
    });
  };

  /** One document at a time, in the order asked. */
  const queued = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = chain.then(work);
    chain = turn.catch(() => undefined);
    return turn;
  };

  return {
    /** The document's words and ink (its bytes are taken: they move to the thread). */
    read(pdf: Uint8Array, sealOnFile?: Uint8Array): Promise<DocumentRead> {
      return queued(() => readOne(pdf, sealOnFile)).then((done) => done.read);
    },
    /**
     * Read and judged in the thread (every check but alterations): the document's pages come
     * back with their sizes only.
     */
    judge(pdf: Uint8Array, sealOnFile: Uint8Array | undefined, facts: CheckFacts) {
      return queued(() => readOne(pdf, sealOnFile, facts));
    },
    async close() {
      closed = true;
      if (worker) await retire(worker);
    },
  };
}

export type DocumentReader = ReturnType<typeof documentReader>;
