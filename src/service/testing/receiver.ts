import type { IncomingHttpHeaders } from 'node:http';
import { EVENT_TYPE_HEADER } from '../../contract/webhooks.ts';
import { startLoopbackEndpoint, type Answer } from '../../shared/testing/loopback-endpoint.ts';
import { DocumentMismatchError, documentValidator } from './openapi.ts';
import { startTestService } from './service.ts';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The status for the n-th request (0-based), maybe later; 'hang' never answers. */
export type Respond = (index: number, request: ReceivedRequest) => Answer;

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
  const endpoint = await startLoopbackEndpoint<ReceivedRequest>(
    '/webhooks',
    'requests',
    (req, body, index) => {
      const received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
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
      return { kept: received, answer: respond(index, received) };
    },
  );
  return {
    url: endpoint.url,
    requests: endpoint.kept,
    async waitFor(count, timeoutMs) {
      await endpoint.waitFor(count, timeoutMs);
      throwUnreported();
      return endpoint.kept;
    },
    async close() {
      await endpoint.close();
      throwUnreported();
    },
  };
}

/**
 * A test service whose webhooks go to a receiver of their own (answering with `respond`),
 * signed with a secret made from `label`; `close` ends both.
 */
export async function startServiceWithReceiver(label: string, respond?: Respond) {
  const secret = `whsec_${Buffer.from(label).toString('base64')}`;
  const receiver = await startReceiver(respond);
  const service = await startTestService({ webhook: { url: receiver.url, secrets: [secret] } });
  return {
    receiver,
    service,
    secret,
    close: async () => {
      await service.close();
      await receiver.close();
    },
  };
}
