import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// An HTTP endpoint on an ephemeral loopback port that keeps what each request brought and
// answers what the test says. The service's webhook receiver (src/service/testing/receiver.ts)
// and the gateway's notice receiver (src/gateway/testing/notices.ts) are this with their own
// checks. Test support only.

/** The status to answer with, maybe later; 'hang' never answers. */
export type Answer = number | 'hang' | Promise<number>;

export interface LoopbackEndpoint<T> {
  url: string;
  /** What each request brought, in arrival order. */
  kept: T[];
  /** Resolves once `count` requests have arrived; rejects after timeoutMs. */
  waitFor(count: number, timeoutMs?: number): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Listens on `path` (only the URL names it; every request is taken). `take` turns the n-th
 * request (0-based) and its UTF-8 body into what is kept and the answer; `noun` names the
 * requests in a timeout's message.
 */
export async function startLoopbackEndpoint<T>(
  path: string,
  noun: string,
  take: (req: IncomingMessage, body: string, index: number) => { kept: T; answer: Answer },
): Promise<LoopbackEndpoint<T>> {
  const kept: T[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const one = take(req, Buffer.concat(chunks).toString('utf8'), kept.length);
      kept.push(one.kept);
      for (const wake of waiters.splice(0)) wake();
      const send = (status: number) =>
        res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      if (typeof one.answer === 'number') send(one.answer);
      else if (one.answer !== 'hang') void one.answer.then(send);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    kept,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (kept.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} ${noun}, got ${kept.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return kept;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
