import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { FindingChange } from '../../contract/findings.ts';
import { NoticeBodySchema, type NoticeBody } from '../../contract/notices.ts';
import { startLoopbackEndpoint } from '../../shared/testing/loopback-endpoint.ts';

// The notices' test support (ADR 030): a finding change to send, and an endpoint on an
// ephemeral loopback port (src/shared/testing/loopback-endpoint.ts) that checks each POST's signature with `standardwebhooks`, as a
// team's relay would, and answers what the test says.

/**
 * A finding change as the findings would announce it, its steps and state as `kind` leaves
 * them: raised by Riley for Nora; answered (disputed by Nora); settled (withdrawn by Alex);
 * reassigned (to Sam). `n` tells one from another.
 */
export function findingChange(n = 1, kind: FindingChange['kind'] = 'raised'): FindingChange {
  const raisedOn = '2030-01-07T09:30:00.000Z';
  const later = '2030-01-08T14:05:00.000Z';
  const riley = { id: 'u-riley', name: 'Riley Reviewer' };
  const nora = { id: 'u-nora', name: 'Nora Notary' };
  const alex = { id: 'u-alex', name: 'Alex Admin' };
  const raised = { kind: 'raised' as const, by: riley, on: raisedOn };
  const disputed = {
    kind: 'answered' as const,
    answer: 'disputed' as const,
    by: nora,
    on: later,
    note: 'The passport was renewed: both signatures are the client’s',
  };
  const life: Pick<FindingChange['finding'], 'state' | 'steps' | 'responsible'> = {
    raised: { state: 'open' as const, steps: [raised], responsible: nora },
    answered: { state: 'disputed' as const, steps: [raised, disputed], responsible: nora },
    settled: {
      state: 'withdrawn' as const,
      steps: [
        raised,
        disputed,
        {
          kind: 'settled' as const,
          outcome: 'withdrawn' as const,
          by: alex,
          on: '2030-01-09T08:00:00.000Z',
          note: 'Renewed passport seen',
        },
      ],
      responsible: nora,
    },
    reassigned: {
      state: 'open' as const,
      steps: [
        raised,
        {
          kind: 'reassigned' as const,
          from: nora,
          to: { id: 'u-sam', name: 'Sam Signer' },
          by: alex,
          on: later,
        },
      ],
      responsible: { id: 'u-sam', name: 'Sam Signer' },
    },
  }[kind];
  return {
    kind,
    finding: {
      id: `finding-${n}`,
      requestId: '6f1c2a52-8d0e-4d4b-9a59-3c1f0b7e2a10',
      matterReference: `M-${1000 + n}`,
      processName: 'Deed of sale',
      firmId: 'firm-1',
      itemId: `item-${n}`,
      itemName: 'Signature matches the ID',
      category: 'Identity',
      note: 'p. 2: the signature differs from the passport',
      severity: 'critical',
      regions: [{ page: 2, x: 72, y: 600, width: 200, height: 40 }],
      raisedBy: riley,
      raisedOn,
      dueOn: '2030-01-09T09:30:00.000Z',
      upheld: false,
      ...life,
    },
  };
}

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
