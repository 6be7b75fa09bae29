import { createServer } from 'node:http';
import { Webhook } from 'standardwebhooks';

// The department's relay for outgoing notices (ADR 030): it verifies each POST's signature
// and notes when each webhook-id arrived, so "sent once" is checked at the receiving end too.
// Like any Standard Webhooks receiver it answers a repeated id 2xx and keeps it once.

export interface NoticeReceiver {
  url: string;
  secret: string;
  /** Deliveries per webhook-id. */
  received: Map<string, number>;
  /** When each delivery of a webhook-id arrived (ms since the epoch). */
  arrivals: Map<string, number[]>;
  unsigned: number;
  close(): Promise<void>;
}

export async function startNoticeReceiver(): Promise<NoticeReceiver> {
  const secret = `whsec_${Buffer.from('team-day notice receiver secret').toString('base64')}`;
  const verifier = new Webhook(secret);
  const receiver = {
    received: new Map<string, number>(),
    arrivals: new Map<string, number[]>(),
    unsigned: 0,
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
          name,
          String(request.headers[name] ?? ''),
        ]),
      );
      try {
        verifier.verify(Buffer.concat(chunks).toString('utf8'), headers);
        const id = headers['webhook-id'] ?? '';
        receiver.received.set(id, (receiver.received.get(id) ?? 0) + 1);
        receiver.arrivals.set(id, [...(receiver.arrivals.get(id) ?? []), Date.now()]);
        response.writeHead(204).end();
      } catch {
        receiver.unsigned += 1;
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the receiver has no port');
  return {
    url: `http://127.0.0.1:${address.port}/notices`,
    secret,
    get received() {
      return receiver.received;
    },
    get arrivals() {
      return receiver.arrivals;
    },
    get unsigned() {
      return receiver.unsigned;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
