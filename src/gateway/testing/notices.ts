import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { NoticeBodySchema, type NoticeBody } from '../../contract/notices.ts';
import { startLoopbackEndpoint } from '../../shared/testing/loopback-endpoint.ts';

// The notices' test support (ADR 030): an endpoint on an ephemeral loopback port
// (src/shared/testing/loopback-endpoint.ts) that checks each POST's signature with
// `standardwebhooks`, as a team's relay would, and answers what the test says. The finding
// changes to send are the contract's samples (src/contract/testing/findings.ts).

export interface ReceivedNotice {
  headers: IncomingHttpHeaders;
  body: string;
  /** The webhook-id header. */
  id: string;
  /** Whether the signature verified with the receiver's secret. */
  verified: boolean;
  /** The body, read with the contract; undefined when it did not parse. */
  notice: NoticeBody | undefined;
}

/** The status for the n-th POST (0-based), maybe later; 'hang' never answers. */
export type NoticeAnswer = (index: number, received: ReceivedNotice) => number | 'hang';

export interface NoticeReceiver {
  url: string;
  received: ReceivedNotice[];
  /** Resolves once `count` POSTs have arrived; rejects after timeoutMs. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedNotice[]>;
  close(): Promise<void>;
}

export async function startNoticeReceiver(
  secret: string,
  answer: NoticeAnswer = () => 204,
): Promise<NoticeReceiver> {
  const verifier = new Webhook(secret);
  const endpoint = await startLoopbackEndpoint<ReceivedNotice>(
    '/notices',
    'notices',
    (req, body, index) => {
      const header = (name: string) => String(req.headers[name] ?? '');
      let verified = false;
      try {
        verifier.verify(body, {
          'webhook-id': header('webhook-id'),
          'webhook-timestamp': header('webhook-timestamp'),
          'webhook-signature': header('webhook-signature'),
        });
        verified = true;
      } catch {
        // Left unverified: the test says whether that is right.
      }
      let notice: NoticeBody | undefined;
      try {
        const parsed = NoticeBodySchema.safeParse(JSON.parse(body));
        notice = parsed.success ? parsed.data : undefined;
      } catch {
        notice = undefined;
      }
      const one = { headers: req.headers, body, id: header('webhook-id'), verified, notice };
      return { kept: one, answer: answer(index, one) };
    },
  );
  const { url, kept, waitFor, close } = endpoint;
  return { url, received: kept, waitFor, close };
}
