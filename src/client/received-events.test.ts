import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../service/testing/service.ts';
import { signedIn, startClientGateway, type ClientGateway } from './testing/gateway.ts';
import { createClient } from './request.ts';
import { sessionApi } from './session.ts';

// The received lists through the client, against the real gateway in front of the real
// service: verified events by default, refused ones when asked for.

const ACME = `whsec_${Buffer.from('client test, acme').toString('base64')}`;

let service: TestService;
let gateway: ClientGateway;
let api: ReturnType<typeof sessionApi>;

beforeAll(async () => {
  service = await startTestService();
  gateway = await startClientGateway(service.url, {
    webhookSecrets: new Map([['acme', [ACME]]]),
  });
  const browser = await signedIn(gateway, 'acme-reviewer');
  const cookie = browser.cookie ?? '';
  api = sessionApi(
    createClient({
      baseUrl: gateway.url,
      // The browser would add the session cookie itself.
      fetch: (input, init = {}) => {
        const headers = new Headers(init.headers);
        headers.set('cookie', cookie);
        return fetch(input, { ...init, headers });
      },
    }),
  );
});
afterAll(async () => {
  await gateway.close();
  await service.close();
});

it('lists refused deliveries apart from the verified ones', async () => {
  const forged = await fetch(`${gateway.url}/webhooks/acme`, {
    method: 'POST',
    headers: {
      'hook-id': 'msg_forged_for_the_client',
      'hook-timestamp': String(Math.floor(Date.now() / 1000)),
      'hook-signature': 'v1,bm90IGEgc2lnbmF0dXJl',
      'hook-event-type': 'DOCUMENT_READY',
    },
    body: '{"crid":"CR-FORGED"}',
  });
  expect(forged.status).toBe(400);

  const refused = await api.refusedEvents();
  expect(refused.events.map((e) => [e.hookId, e.verified, e.payload])).toEqual([
    ['msg_forged_for_the_client', false, { crid: 'CR-FORGED' }],
  ]);
  expect((await api.recentEvents()).events).toEqual([]);
});
