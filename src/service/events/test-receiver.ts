import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The status for the n-th request (0-based), maybe later; 'hang' never answers. */
export type Respond = (
  index: number,
  request: ReceivedRequest,
) => number | 'hang' | Promise<number>;

/** A real webhook endpoint on an ephemeral loopback port, for tests. */
export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** Resolves once `count` requests have arrived; rejects after timeoutMs. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(respond: Respond = () => 204): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const answer = respond(requests.length, received);
      requests.push(received);
      for (const wake of waiters.splice(0)) wake();
      if (answer === 'hang') return;
      void Promise.resolve(answer).then((status) =>
        res.writeHead(status, { 'content-type': 'text/plain' }).end('ok'),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    requests,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
