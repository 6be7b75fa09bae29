import { resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, readGatewayEnv } from './env.ts';
import { DEFAULT_IDENTITY } from './session/identity.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER = `whsec_${Buffer.from('rotated in').toString('base64')}`;

/** What readGatewayEnv answers for an empty environment. */
const DEFAULTS = {
  port: 8080,
  host: '127.0.0.1',
  upstream: undefined,
  dataDir: resolve('.attest'),
  webhookSecrets: [],
  distDir: resolve('dist'),
  sourceMaps: false,
  trustProxy: false,
  upstreamTimeouts: { connectMs: 5000, headersMs: 15000 },
  publicUrls: [],
  showDemoLogins: false,
  checksOcr: true,
  identity: DEFAULT_IDENTITY,
  storageOrigins: [],
  notaryRole: 'notary',
  skipBuild: false,
};

describe('readGatewayEnv', () => {
  it('reads PostgreSQL and the session key for several processes', () => {
    const key = Buffer.alloc(32, 7);
    const env = readGatewayEnv({
      ATTEST_DATABASE_URL: 'postgres://attest:pw@db.internal:5432/console',
      ATTEST_SESSION_KEY: key.toString('base64'),
    });
    expect(env.database).toEqual({ url: 'postgres://attest:pw@db.internal:5432/console' });
    expect(env.sessionKey).toEqual(key);
    expect(() => readGatewayEnv({ ATTEST_DATABASE_URL: 'mysql://db/console' })).toThrow(
      /postgres:\/\/ URL[\s\S]*ATTEST_DATABASE_URL/,
    );
    expect(() =>
      readGatewayEnv({ ATTEST_SESSION_KEY: Buffer.alloc(16).toString('base64') }),
    ).toThrow(/32 random bytes[\s\S]*ATTEST_SESSION_KEY/);
  });

  it('has defaults for everything', () => {
    expect(readGatewayEnv({})).toEqual(DEFAULTS);
  });

  it('reads each variable (empty counts as unset)', () => {
    const env = readGatewayEnv({
      PORT: '9000',
      HOST: '0.0.0.0',
      ATTEST_UPSTREAM: 'https://api.example.com/base/',
      ATTEST_DATA_DIR: '/tmp/x',
      ATTEST_WEBHOOK_SECRET: ` ${SECRET}  ${OTHER} `,
      ATTEST_DIST_DIR: '/srv/app',
      ATTEST_TRUST_PROXY: 'true',
      ATTEST_UPSTREAM_TIMEOUT_MS: '60000',
      ATTEST_UPSTREAM_CONNECT_TIMEOUT_MS: '2000',
      ATTEST_CHECKS_OCR: '0',
    });
    expect(env).toEqual({
      ...DEFAULTS,
      port: 9000,
      host: '0.0.0.0',
      upstream: 'https://api.example.com/base',
      dataDir: '/tmp/x',
      webhookSecrets: [SECRET, OTHER],
      distDir: '/srv/app',
      trustProxy: true,
      upstreamTimeouts: { connectMs: 2000, headersMs: 60000 },
      checksOcr: false,
    });
    expect(readGatewayEnv({ ATTEST_UPSTREAM: '', ATTEST_WEBHOOK_SECRET: '' })).toMatchObject({
      upstream: undefined,
      webhookSecrets: [],
    });
    expect(readGatewayEnv({ ATTEST_CHECKS_OCR: 'true' }).checksOcr).toBe(true);
    expect(() => readGatewayEnv({ ATTEST_CHECKS_OCR: 'off' })).toThrow(/ATTEST_CHECKS_OCR/);
  });

  it('reads what server.ts and main.ts once read on their own', () => {
    const env = readGatewayEnv({ ATTEST_NOTARY_ROLE: ' witness ', ATTEST_SKIP_BUILD: '1' });
    expect([env.notaryRole, env.skipBuild]).toEqual(['witness', true]);
    expect(readGatewayEnv({ ATTEST_NOTARY_ROLE: ' ', ATTEST_SKIP_BUILD: 'yes' })).toMatchObject({
      notaryRole: 'notary',
      skipBuild: false,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ ATTEST_UPSTREAM: 'ftp://example.com' }, /http/],
    [{ ATTEST_WEBHOOK_SECRET: 'plain' }, /whsec_/],
    [{ ATTEST_WEBHOOK_SECRET: 'whsec_***' }, /base64/],
    [{ ATTEST_TRUST_PROXY: 'yes' }, /ATTEST_TRUST_PROXY/],
    [{ ATTEST_UPSTREAM_TIMEOUT_MS: '0' }, /ATTEST_UPSTREAM_TIMEOUT_MS/],
    [{ ATTEST_UPSTREAM_CONNECT_TIMEOUT_MS: '5s' }, /ATTEST_UPSTREAM_CONNECT_TIMEOUT_MS/],
  ])('fails start-up on %j', (env, message) => {
    expect(() => readGatewayEnv(env)).toThrow(message);
  });

  it('reads the staging upstream and its secrets, else the production secrets', () => {
    expect(readGatewayEnv({}).staging).toBeUndefined();
    expect(
      readGatewayEnv({
        ATTEST_UPSTREAM: 'https://api.example.com',
        ATTEST_UAT_UPSTREAM: 'https://uat.example.com/',
        ATTEST_WEBHOOK_SECRET: SECRET,
      }).staging,
    ).toEqual({ upstream: 'https://uat.example.com', webhookSecrets: [SECRET] });
    expect(
      readGatewayEnv({
        ATTEST_UAT_UPSTREAM: 'https://uat.example.com',
        ATTEST_WEBHOOK_SECRET: SECRET,
        ATTEST_UAT_WEBHOOK_SECRETS: `acme=${OTHER}`,
      }).staging,
    ).toEqual({
      upstream: 'https://uat.example.com',
      webhookSecrets: new Map([['acme', [OTHER]]]),
    });
  });

  it.each([
    [{ ATTEST_UAT_UPSTREAM: 'ftp://uat.example.com' }, /http[\s\S]*ATTEST_UAT_UPSTREAM/],
    [{ ATTEST_UAT_WEBHOOK_SECRET: SECRET }, /ATTEST_UAT_UPSTREAM is not/],
    [
      {
        ATTEST_UPSTREAM: 'https://api.example.com',
        ATTEST_UAT_UPSTREAM: 'https://api.example.com/',
      },
      /another address/,
    ],
    [
      {
        ATTEST_UAT_UPSTREAM: 'https://uat.example.com',
        ATTEST_UAT_WEBHOOK_SECRET: SECRET,
        ATTEST_UAT_WEBHOOK_SECRETS: `acme=${OTHER}`,
      },
      /not both/,
    ],
  ])('fails start-up on the staging settings %j', (env, message) => {
    expect(() => readGatewayEnv(env)).toThrow(message);
  });

  it('generates secrets the standardwebhooks library accepts', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(() => new Webhook(secret)).not.toThrow();
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});
