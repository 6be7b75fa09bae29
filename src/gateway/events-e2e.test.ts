import { createServer } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CompleteSignatureRequestResultSchema } from '../contract/sandbox.ts';
import { ReceivedEventSchema } from '../contract/session.ts';
import { SignatureRequestListSchema } from '../contract/signatures.ts';
import { DocumentReadyPayloadSchema } from '../contract/webhooks.ts';
import { startTestService, type TestService } from '../service/testing.ts';
import { startHarness, type Browser, type Harness } from './test-harness.ts';

// The whole path of a live event: a sandbox control through the gateway's proxy, the
// service's signed delivery to the gateway, and the gateway's stream to the right browser.

const SECRET = `whsec_${Buffer.from('end-to-end webhook secret').toString('base64')}`;

let service: TestService;
let gateway: Harness;

/** A port nobody listens on yet, so the service can be told the gateway's URL first. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  service = await startTestService({
    webhook: { url: `http://127.0.0.1:${port}/webhooks/{owner}`, secrets: [SECRET] },
  });
  gateway = await startHarness({ upstream: service.url, webhookSecrets: [SECRET], port });
});
afterAll(async () => {
  await gateway.close();
  await service.close();
});

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

it("delivers DOCUMENT_READY from a completed signature request to the owner's open stream only", async () => {
  const acme = gateway.browser();
  const globex = gateway.browser();
  expect((await acme.signIn('acme-admin')).status).toBe(200);
  expect((await globex.signIn('globex-admin')).status).toBe(200);
  const acmeStream = await acme.events();
  const globexStream = await globex.events();
  try {
    const id = await pendingRequest(acme, 'acme');
    const completed = await acme.request(
      'POST',
      `/api/sandbox/v1/signature-requests/${id}/complete`,
    );
    expect(completed.status, completed.text).toBe(200);
    const { messageId } = CompleteSignatureRequestResultSchema.parse(completed.body);

    await acmeStream.waitFor(1, 10_000);
    const [message] = acmeStream.messages;
    expect(message?.event).toBe('DOCUMENT_READY');
    const event = ReceivedEventSchema.parse(JSON.parse(message?.data ?? ''));
    expect(event).toMatchObject({ hookId: messageId, owner: 'acme', verified: true });
    const payload = DocumentReadyPayloadSchema.parse(event.payload);
    expect(new URL(payload.downloadUrl).origin).toBe(new URL(service.url).origin);

    // Globex's own completion reaches globex; acme's never did.
    const globexId = await pendingRequest(globex, 'globex');
    const other = await globex.request(
      'POST',
      `/api/sandbox/v1/signature-requests/${globexId}/complete`,
    );
    expect(other.status, other.text).toBe(200);
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
