import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_TYPE_HEADER } from '../../contract/webhooks.ts';
import { DocumentMismatchError, documentValidator } from './openapi.ts';

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

/**
 * A real webhook endpoint on an ephemeral loopback port, for tests. Every delivery is
 * checked against the `webhooks` section of the OpenAPI document (ADR 022); `waitFor` and
 * `close` throw the problems not yet reported, so a delivery the document does not describe
 * fails the test that received it.
 */
export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** Resolves once `count` requests have arrived; rejects after timeoutMs. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export interface ReceiverOptions {
  /** false skips the OpenAPI check of deliveries (a test posting something else on purpose). */
  validate?: boolean;
}

export async function startReceiver(
  respond: Respond = () => 204,
  options: ReceiverOptions = {},
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const problems: string[] = [];
  let reported = 0;
  // The sandbox document describes every webhook a strict service sends, and more.
  const validator = options.validate === false ? null : documentValidator(false);
  function throwUnreported() {
    if (problems.length === reported) return;
    const fresh = problems.slice(reported);
    reported = problems.length;
    throw new DocumentMismatchError('A webhook delivery', fresh);
  }
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
      const event = received.headers[EVENT_TYPE_HEADER];
      if (validator)
        problems.push(
          ...validator.validateWebhook({
            event: Array.isArray(event) ? event[0] : event,
            method: received.method,
            headers: received.headers,
            body: received.body,
          }),
        );
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
      throwUnreported();
      return requests;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      throwUnreported();
    },
  };
}
