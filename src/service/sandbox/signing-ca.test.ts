import { afterAll, beforeAll, describe, expect } from 'vitest';
import { STRICT_PROFILE } from '../profile.ts';
import { demoTokens, serviceTest as it } from '../testing/fixtures.ts';
import { expectError, startTestService, type TestService } from '../testing/service.ts';
import { PEM_CERTIFICATE_TYPE } from './signing-ca.routes.ts';

describe('GET /sandbox/v1/signing-ca', () => {
  it('serves the CA certificate, PEM, to any token: no sandbox permission needed', async ({
    service,
  }) => {
    const { reviewer, integration, globex } = await demoTokens(service);
    for (const token of [reviewer, integration, globex]) {
      const result = await service.get('/sandbox/v1/signing-ca', token);
      expect(result.status, result.text).toBe(200);
      expect(result.headers.get('content-type')).toBe(PEM_CERTIFICATE_TYPE);
      expect(result.text).toBe(service.ctx.keys.sealing.caPem);
    }
  });

  it('serves the certificate alone, never a key', async ({ service }) => {
    const { admin } = await demoTokens(service);
    const { text } = await service.get('/sandbox/v1/signing-ca', admin);
    expect(text.match(/-----BEGIN [A-Z ]+-----/g)).toEqual(['-----BEGIN CERTIFICATE-----']);
    expect(text).not.toMatch(/PRIVATE KEY/);
  });

  it('needs a token', async ({ service }) => {
    expectError(await service.get('/sandbox/v1/signing-ca'), 401, /Authorization/);
    expectError(await service.get('/sandbox/v1/signing-ca', 'forged.token.value'), 401, /invalid/);
  });
});

describe('a spec-strict service', () => {
  let strict: TestService;
  beforeAll(async () => {
    strict = await startTestService({ profile: STRICT_PROFILE });
  });
  afterAll(() => strict.close());

  it('has no such route, as it has no sandbox routes', async () => {
    const token = (await strict.tokens())['acme-admin'];
    expectError(await strict.get('/sandbox/v1/signing-ca', token), 404, /no route/);
  });
});
