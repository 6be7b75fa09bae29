import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postSignedDelivery } from '../../e2e/signed-delivery.ts';
import { CompleteSignatureRequestResultSchema } from '../contract/sandbox.ts';
import {
  GatewayConfigSchema,
  ReceivedEventListSchema,
  ReceivedEventSchema,
  SessionSchema,
  type Environment,
} from '../contract/session.ts';
import { SignatureRequestListSchema } from '../contract/signatures.ts';
import { readServiceEnv } from '../service/env.ts';
import { startTestService, type TestService } from '../service/testing/service.ts';
import { readGatewayEnv } from './env.ts';
import {
  expectMessage,
  freePort,
  startHarness,
  type Browser,
  type Harness,
} from './testing/harness.ts';

// ADR 015: a staging service beside production, each a real reference service over HTTP.
// Tokens, calls and webhook deliveries of the two must never cross.

const PROD_SECRET = `whsec_${Buffer.from('production webhook secret').toString('base64')}`;
const UAT_SECRET = `whsec_${Buffer.from('staging webhook secret').toString('base64')}`;

let production: TestService;
let staging: TestService;
let gateway: Harness;

beforeAll(async () => {
  const port = await freePort();
  const webhookTo = (path: string, secret: string) =>
    readServiceEnv({
      ATTEST_WEBHOOK_URL: `http://127.0.0.1:${port}${path}`,
      ATTEST_WEBHOOK_SECRET: secret,
    }).webhook;
  production = await startTestService({ webhook: webhookTo('/webhooks/{owner}', PROD_SECRET) });
  staging = await startTestService({
    webhook: webhookTo('/webhooks/staging/{owner}', UAT_SECRET),
  });
  const env = readGatewayEnv({
    ATTEST_WEBHOOK_SECRET: PROD_SECRET,
    ATTEST_UAT_UPSTREAM: staging.url,
    ATTEST_UAT_WEBHOOK_SECRET: UAT_SECRET,
  });
  gateway = await startHarness({
    upstream: production.url,
    webhookSecrets: env.webhookSecrets,
    staging: env.staging,
    port,
  });
});
afterAll(async () => {
  await gateway.close();
  await staging.close();
  await production.close();
});

async function signIn(environment: Environment, clientId = 'acme-admin'): Promise<Browser> {
  const browser = gateway.browser();
  const result = await browser.request('POST', '/session', {
    json: { clientId, clientSecret: `${clientId}-secret`, environment },
  });
  expect(result.status, result.text).toBe(200);
  expect(SessionSchema.parse(result.body).environment).toBe(environment);
  return browser;
}

/** The origins of the upstream calls the gateway made while `run` ran. */
async function originsCalled(run: () => Promise<unknown>): Promise<Set<string>> {
  const from = gateway.calls.length;
  await run();
  return new Set(gateway.calls.slice(from).map((call) => new URL(call.url).origin));
}

const originOf = (service: TestService) => new URL(service.url).origin;

async function pendingRequest(browser: Browser): Promise<string> {
  const result = await browser.request(
    'GET',
    '/api/signatures/v2/requests?owner=acme&status=pending&limit=1',
  );
  expect(result.status, result.text).toBe(200);
  const [request] = SignatureRequestListSchema.parse(result.body).signatureRequests;
  if (!request) throw new Error('no pending signature request of acme');
  return request.id;
}

/** Completes one of acme's pending requests: that environment's service sends DOCUMENT_READY. */
async function completeOne(browser: Browser): Promise<{ requestId: string; messageId: string }> {
  const requestId = await pendingRequest(browser);
  const done = await browser.request(
    'POST',
    `/api/sandbox/v1/signature-requests/${requestId}/complete`,
  );
  expect(done.status, done.text).toBe(200);
  return { requestId, messageId: CompleteSignatureRequestResultSchema.parse(done.body).messageId };
}

async function recent(browser: Browser) {
  const result = await browser.request('GET', '/events/recent');
  expect(result.status, result.text).toBe(200);
  return ReceivedEventListSchema.parse(result.body).events;
}

describe('staging beside production', () => {
  it('offers both environments at /config', async () => {
    const config = GatewayConfigSchema.parse(
      (await gateway.browser().request('GET', '/config')).body,
    );
    expect(config.environments).toEqual(['production', 'staging']);
  });

  it("signs in to staging with the staging service's token endpoint only", async () => {
    let browser: Browser | undefined;
    const origins = await originsCalled(async () => (browser = await signIn('staging')));
    expect(origins).toEqual(new Set([originOf(staging)]));
    const session = await browser?.request('GET', '/session');
    expect(SessionSchema.parse(session?.body)).toMatchObject({
      environment: 'staging',
      owner: 'acme',
    });
  });

  it('signs in to production without saying so, as before', async () => {
    const origins = await originsCalled(() =>
      gateway
        .browser()
        .signIn('acme-admin')
        .then((r) => {
          expect(SessionSchema.parse(r.body).environment).toBe('production');
        }),
    );
    expect(origins).toEqual(new Set([originOf(production)]));
  });

  it("sends a staging session's calls to the staging service only, and production's to production", async () => {
    const uat = await signIn('staging');
    const prod = await signIn('production');
    const uatOrigins = await originsCalled(async () => {
      const result = await uat.request('GET', '/api/users/v1/users?owner=acme&limit=1');
      expect(result.status, result.text).toBe(200);
    });
    expect(uatOrigins).toEqual(new Set([originOf(staging)]));
    const prodOrigins = await originsCalled(() =>
      prod.request('GET', '/api/users/v1/users?owner=acme&limit=1'),
    );
    expect(prodOrigins).toEqual(new Set([originOf(production)]));
  });

  it('keeps each environment its own deliveries: staging sees staging, production production', async () => {
    const uat = await signIn('staging');
    const prod = await signIn('production');
    const uatStream = await uat.events();
    const prodStream = await prod.events();
    try {
      // Completed on staging: the staging service delivers to /webhooks/staging/acme.
      const onStaging = await completeOne(uat);
      await uatStream.waitFor(1, 10_000);
      const [streamed] = uatStream.messages.map((m) =>
        ReceivedEventSchema.parse(JSON.parse(m.data)),
      );
      expect(streamed).toMatchObject({
        hookId: onStaging.messageId,
        owner: 'acme',
        environment: 'staging',
      });
      // The same request is still pending in production: the call never went there.
      expect(await pendingRequest(prod)).toBe(onStaging.requestId);

      const onProduction = await completeOne(prod);
      await prodStream.waitFor(1, 10_000);
      const prodEvents = prodStream.messages.map((m) =>
        ReceivedEventSchema.parse(JSON.parse(m.data)),
      );
      expect(prodEvents.map((e) => [e.hookId, e.environment])).toEqual([
        [onProduction.messageId, 'production'],
      ]);
      expect(uatStream.messages).toHaveLength(1);

      const uatIds = (await recent(uat)).map((e) => e.hookId);
      const prodIds = (await recent(prod)).map((e) => e.hookId);
      expect(uatIds).toContain(onStaging.messageId);
      expect(uatIds).not.toContain(onProduction.messageId);
      expect(prodIds).toContain(onProduction.messageId);
      expect(prodIds).not.toContain(onStaging.messageId);
    } finally {
      uatStream.close();
      prodStream.close();
    }
  });

  it("verifies each path with its own environment's secrets", async () => {
    const post = (path: string, secret: string) =>
      postSignedDelivery({ url: `${gateway.url}${path}`, secret, payload: { note: 'carried' } });
    expect((await post('/webhooks/staging/acme', UAT_SECRET)).status).toBe(204);
    expect((await post('/webhooks/acme', UAT_SECRET)).status).toBe(400);
    expect((await post('/webhooks/staging/acme', PROD_SECRET)).status).toBe(400);
    expect((await post('/webhooks/acme', PROD_SECRET)).status).toBe(204);
  });

  it("allows presigned URLs of the staging service's origin in the CSP", async () => {
    const response = await fetch(`${gateway.url}/healthz`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src')) ?? '';
    expect(connect.split(' ')).toEqual(
      expect.arrayContaining([originOf(production), originOf(staging)]),
    );
  });

  it('refuses an environment that is not production or staging: 400', async () => {
    for (const environment of ['uat', 'Staging', 1, null]) {
      const result = await gateway.browser().request('POST', '/session', {
        json: { clientId: 'acme-admin', clientSecret: 'acme-admin-secret', environment },
      });
      expectMessage(result, 400, 'environment must be production or staging');
    }
  });
});

describe('without a staging upstream', () => {
  it('offers production alone, and refuses a staging sign-in or delivery', async () => {
    const plain = await startHarness({ upstream: production.url, webhookSecrets: [UAT_SECRET] });
    try {
      const browser = plain.browser();
      const config = GatewayConfigSchema.parse((await browser.request('GET', '/config')).body);
      expect(config.environments).toEqual(['production']);
      const result = await browser.request('POST', '/session', {
        json: { clientId: 'acme-admin', clientSecret: 'acme-admin-secret', environment: 'staging' },
      });
      expectMessage(result, 400, /no staging environment.*ATTEST_UAT_UPSTREAM/);
      expect(result.headers.getSetCookie()).toEqual([]);
      expect(plain.tokenRequests()).toBe(0);
      const delivery = await fetch(`${plain.url}/webhooks/staging/acme`, { method: 'POST' });
      expect(delivery.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('ends a staging session once the gateway restarts without staging, never reaching production', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'attest-staging-'));
    const options = { upstream: production.url, webhookSecrets: [], dataDir };
    try {
      const before = await startHarness({ ...options, staging: { upstream: staging.url } });
      const browser = before.browser();
      const signedIn = await browser.request('POST', '/session', {
        json: { clientId: 'acme-admin', clientSecret: 'acme-admin-secret', environment: 'staging' },
      });
      expect(signedIn.status, signedIn.text).toBe(200);
      await before.close();

      const after = await startHarness(options);
      try {
        const again = after.browser();
        again.cookie = browser.cookie;
        const call = await again.request('GET', '/api/users/v1/users?owner=acme&limit=1');
        expectMessage(call, 401, /no staging environment.*sign in again/);
        expect(after.calls).toEqual([]);
        expectMessage(await again.request('GET', '/session'), 401, /sign in/);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
