import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

// A webhook delivery signed as the service signs them (Standard Webhooks, the spec's hook-*
// headers), for the tests and the bench that post one to a gateway. Plain Node: the gateway's
// tests, the e2e specs and the bench all import it.

export interface SignedDelivery {
  /** The gateway's webhook endpoint, e.g. `http://127.0.0.1:8080/webhooks/acme`. */
  url: string;
  secret: string;
  payload: unknown;
  type?: string;
  hookId?: string;
}

/** Posts it; answers its hook-id and the gateway's status and body. */
export async function postSignedDelivery(d: SignedDelivery) {
  const hookId = d.hookId ?? `msg_${randomUUID()}`;
  const body = JSON.stringify(d.payload);
  const at = new Date();
  const response = await fetch(d.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'hook-id': hookId,
      'hook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'hook-signature': new Webhook(d.secret).sign(hookId, at, body),
      'hook-event-type': d.type ?? 'DOCUMENT_READY',
    },
    body,
  });
  return { hookId, status: response.status, text: await response.text() };
}
