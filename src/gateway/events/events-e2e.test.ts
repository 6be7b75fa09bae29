import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/common.ts';
import { CompleteSignatureRequestResultSchema } from '../../contract/sandbox.ts';
import { ReceivedEventListSchema, ReceivedEventSchema } from '../../contract/session.ts';
import { SignatureRequestListSchema } from '../../contract/signatures.ts';
import { DocumentReadyPayloadSchema } from '../../contract/webhooks.ts';
import { readServiceEnv } from '../../service/env.ts';
import { startReceiver, type Receiver } from '../../service/testing/receiver.ts';
import { startTestService, type TestService } from '../../service/testing/service.ts';
import { readGatewayEnv } from '../env.ts';
import { signedIn } from '../testing/fixtures.ts';
import { freePort, startHarness, type Browser, type Harness } from '../testing/harness.ts';

// The whole path of a live event: a sandbox control through the gateway's proxy, the
// service's signed delivery to the gateway, and the gateway's stream to the right browser.
// Both ends read their secrets from the environment, as `npm start` and `npm run service` do.

const SECRET = `whsec_${Buffer.from('end-to-end webhook secret').toString('base64')}`;
const ACME = `whsec_${Buffer.from('acme end-to-end').toString('base64')}`;
const GLOBEX = `whsec_${Buffer.from('globex end-to-end').toString('base64')}`;

async function pendingRequest(browser: Browser, owner: string): Promise<string> {
  const result = await browser.request(
    'GET',
    `/api/signatures/v2/requests?owner=${owner}&status=pending&limit=1`,
  );
  expect(result.status, result.text).toBe(200);
  const [request] = SignatureRequestListSchema.parse(result.body).signatureRequests;
  if (!request) throw new Error(`no pending signature request of ${owner}`);
  return request.id;
}

/** Completes one of the owner's pending signature requests: the service sends DOCUMENT_READY. */
async function completeOne(browser: Browser, owner: string): Promise<string> {
  const id = await pendingRequest(browser, owner);
  const completed = await browser.request(
    'POST',
    `/api/sandbox/v1/signature-requests/${id}/complete`,
  );
  expect(completed.status, completed.text).toBe(200);
  return CompleteSignatureRequestResultSchema.parse(completed.body).messageId;
}

describe('ATTEST_WEBHOOK_SECRET alone: one secret for every owner', () => {
  let service: TestService;
  let gateway: Harness;

  beforeAll(async () => {
    const port = await freePort();
    const serviceEnv = readServiceEnv({
      ATTEST_WEBHOOK_URL: `http://127.0.0.1:${port}/webhooks/{owner}`,
      ATTEST_WEBHOOK_SECRET: SECRET,
    });
    service = await startTestService({ webhook: serviceEnv.webhook });
    const { webhookSecrets } = readGatewayEnv({ ATTEST_WEBHOOK_SECRET: SECRET });
    gateway = await startHarness({ upstream: service.url, webhookSecrets, port });
  });
  afterAll(async () => {
    await gateway.close();
    await service.close();
  });

  it("delivers DOCUMENT_READY from a completed signature request to the owner's open stream only", async () => {
    const acme = await signedIn(gateway, 'acme-admin');
    const globex = await signedIn(gateway, 'globex-admin');
    const acmeStream = await acme.events();
    const globexStream = await globex.events();
    try {
      const messageId = await completeOne(acme, 'acme');
      await acmeStream.waitFor(1, 10_000);
      const [message] = acmeStream.messages;
      expect(message?.event).toBe('DOCUMENT_READY');
      const event = ReceivedEventSchema.parse(JSON.parse(message?.data ?? ''));
      expect(event).toMatchObject({ hookId: messageId, owner: 'acme', verified: true });
      const payload = DocumentReadyPayloadSchema.parse(event.payload);
      expect(new URL(payload.downloadUrl).origin).toBe(new URL(service.url).origin);

      // Globex's own completion reaches globex; acme's never did.
      await completeOne(globex, 'globex');
      await globexStream.waitFor(1, 10_000);
      const globexEvents = globexStream.messages.map((m) =>
        ReceivedEventSchema.parse(JSON.parse(m.data)),
      );
      expect(globexEvents.map((e) => e.owner)).toEqual(['globex']);
      expect(globexEvents.some((e) => e.hookId === messageId)).toBe(false);
      expect(acmeStream.messages).toHaveLength(1);
    } finally {
      acmeStream.close();
      globexStream.close();
    }
  });
});

describe('ATTEST_WEBHOOK_SECRETS: each owner its own secret', () => {
  const SECRETS = `acme=${ACME} globex=${GLOBEX}`;
  let service: TestService;
  let receiver: Receiver;
  let gateway: Harness;

  beforeAll(async () => {
    // The service posts to a plain receiver, so a genuine delivery can be carried anywhere.
    receiver = await startReceiver();
    const serviceEnv = readServiceEnv({
      ATTEST_WEBHOOK_URL: `${receiver.url}/{owner}`,
      ATTEST_WEBHOOK_SECRETS: SECRETS,
    });
    service = await startTestService({ webhook: serviceEnv.webhook });
    const { webhookSecrets } = readGatewayEnv({ ATTEST_WEBHOOK_SECRETS: SECRETS });
    gateway = await startHarness({ upstream: service.url, webhookSecrets });
  });
  afterAll(async () => {
    await gateway.close();
    await service.close();
    await receiver.close();
  });

  it('a genuine globex delivery verifies at /webhooks/globex only: at /webhooks/acme it is refused', async () => {
    const acme = await signedIn(gateway, 'acme-admin');
    const globex = await signedIn(gateway, 'globex-admin');
    const messageId = await completeOne(globex, 'globex');
    let sent;
    // Other messages may go out first: wait for this one.
    for (let count = 1; !sent; count += 1) {
      sent = (await receiver.waitFor(count, 10_000)).find(
        (r) => r.headers['hook-id'] === messageId,
      );
    }
    expect(sent.path).toBe('/webhooks/globex');

    const carry = (owner: string) =>
      fetch(`${gateway.url}/webhooks/${owner}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'hook-id': String(sent.headers['hook-id']),
          'hook-timestamp': String(sent.headers['hook-timestamp']),
          'hook-signature': String(sent.headers['hook-signature']),
          'hook-event-type': String(sent.headers['hook-event-type']),
        },
        body: sent.body,
      });

    const atAcme = await carry('acme');
    expect(atAcme.status).toBe(400);
    expect(ErrorBodySchema.parse(await atAcme.json()).message).toMatch(/no hook-signature/);
    expect((await carry('globex')).status).toBe(204);

    const list = async (browser: Browser, query = '') => {
      const result = await browser.request('GET', `/events/recent${query}`);
      return ReceivedEventListSchema.parse(result.body).events;
    };
    expect((await list(globex))[0]).toMatchObject({ hookId: messageId, verified: true });
    expect((await list(acme)).some((e) => e.hookId === messageId)).toBe(false);
    expect((await list(acme, '?check=refused'))[0]).toMatchObject({
      hookId: messageId,
      owner: 'acme',
      verified: false,
    });
  });
});
