import { describe, expect, it } from 'vitest';
import { readServiceEnv } from './env.ts';

// The service signs with the same forms the gateway verifies with (gateway/env.ts).

const URL = 'http://127.0.0.1:8080/webhooks/{owner}';
const ACME = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const GLOBEX = `whsec_${Buffer.from('globex key').toString('base64')}`;

describe('readServiceEnv: per-owner webhook secrets', () => {
  it('signs each owner with its own secrets from ATTEST_WEBHOOK_SECRETS', () => {
    const env = {
      ATTEST_WEBHOOK_URL: URL,
      ATTEST_WEBHOOK_SECRETS: `acme=${ACME} globex=${GLOBEX}`,
    };
    expect(readServiceEnv(env).webhook).toEqual({
      url: URL,
      secrets: new Map([
        ['acme', [ACME]],
        ['globex', [GLOBEX]],
      ]),
    });
  });

  it.each([
    [{ ATTEST_WEBHOOK_URL: URL }, /ATTEST_WEBHOOK_SECRET or ATTEST_WEBHOOK_SECRETS/],
    [{ ATTEST_WEBHOOK_URL: URL, ATTEST_WEBHOOK_SECRETS: 'acme' }, /owner=whsec_/],
    [{ ATTEST_WEBHOOK_URL: URL, ATTEST_WEBHOOK_SECRETS: 'acme=whsec_***' }, /base64/],
    [
      {
        ATTEST_WEBHOOK_URL: URL,
        ATTEST_WEBHOOK_SECRET: ACME,
        ATTEST_WEBHOOK_SECRETS: `acme=${ACME}`,
      },
      /not both/,
    ],
  ])('fails start-up on %j', (env, message) => {
    expect(() => readServiceEnv(env)).toThrow(message);
  });
});
