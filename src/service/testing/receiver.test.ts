import { afterEach, describe, expect, it } from 'vitest';
import { AccountSchema } from '../../contract/accounts.ts';
import { ADDRESS } from './accounts.ts';
import { DocumentMismatchError } from './openapi.ts';
import { startTestService } from './service.ts';
import { DOCUMENT_READY_PAYLOAD, documentReadyHeaders } from '../openapi/webhook-sample.ts';
import { startReceiver, type Receiver } from './receiver.ts';

// The receiver checks what it is sent against the OpenAPI document's `webhooks` (ADR 022):
// a delivery of the wrong shape fails the test that waits for it, or closes the receiver.

const payload = DOCUMENT_READY_PAYLOAD;
const headers = documentReadyHeaders();

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close().catch(() => {});
  receiver = undefined;
});

const deliver = (body: unknown, extra: Record<string, string> = {}) =>
  fetch(receiver?.url ?? '', {
    method: 'POST',
    headers: { ...headers, ...extra },
    body: JSON.stringify(body),
  });

describe('startReceiver', () => {
  it('takes a delivery the document describes', async () => {
    receiver = await startReceiver();
    await deliver(payload);
    await expect(receiver.waitFor(1)).resolves.toHaveLength(1);
    await expect(receiver.close()).resolves.toBeUndefined();
  });

  it('fails waitFor on a payload of the wrong shape, once', async () => {
    receiver = await startReceiver();
    await deliver({ ...payload, fileUUID: 12 });
    await expect(receiver.waitFor(1)).rejects.toThrow(DocumentMismatchError);
    await expect(receiver.waitFor(1)).resolves.toHaveLength(1);
  });

  it('fails close on an unsigned delivery nobody waited for', async () => {
    receiver = await startReceiver();
    await deliver(payload, { 'hook-signature': '' });
    await expect(receiver.close()).rejects.toThrow(/hook-signature/);
  });

  it('checks nothing with validate: false', async () => {
    receiver = await startReceiver(() => 204, { validate: false });
    await deliver({ not: 'a payload' }, { 'hook-event-type': 'NOPE' });
    await expect(receiver.waitFor(1)).resolves.toHaveLength(1);
  });
});

// No other test has ADDRESS_CHANGE delivered to a receiver: one real delivery, checked.
it('receives a real ADDRESS_CHANGE the document describes', async () => {
  receiver = await startReceiver();
  const secret = `whsec_${Buffer.from('receiver test secret').toString('base64')}`;
  const service = await startTestService({ webhook: { url: receiver.url, secrets: [secret] } });
  try {
    const token = await service.token('acme-admin');
    const put = await service.send('PUT', '/accounts/v1/accounts', {
      token,
      json: { crid: 'RECEIVER-1', entities: [{ type: 'BORROWER', name: 'ADA LANE' }] },
    });
    const account = AccountSchema.parse(put.body);
    const entityId = account.entities[0]?.entityId ?? '';
    const path = `/accounts/v1/accounts/${account.id}/entities/${entityId}`;
    const patched = await service.send('PATCH', path, { token, json: { mailingAddress: ADDRESS } });
    expect(patched.status, patched.text).toBe(200);
    const requests = await receiver.waitFor(1, 10_000);
    expect(requests.map((r) => r.headers['hook-event-type'])).toContain('ADDRESS_CHANGE');
  } finally {
    await service.close();
  }
});
