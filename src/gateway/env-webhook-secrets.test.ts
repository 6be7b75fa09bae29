import { describe, expect, it } from 'vitest';
import { readGatewayEnv } from './env.ts';

// ATTEST_WEBHOOK_SECRET (every owner alike) and ATTEST_WEBHOOK_SECRETS (each owner its own).

const ACME = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ACME_NEXT = `whsec_${Buffer.from('rotated in').toString('base64')}`;
const GLOBEX = `whsec_${Buffer.from('globex key').toString('base64')}`;

describe('readGatewayEnv: webhook secrets', () => {
  it('reads ATTEST_WEBHOOK_SECRETS as secrets by owner, repeated entries for rotation', () => {
    const env = readGatewayEnv({
      ATTEST_WEBHOOK_SECRETS: `acme=${ACME} globex=${GLOBEX}\tacme=${ACME_NEXT}`,
    });
    expect(env.webhookSecrets).toEqual(
      new Map([
        ['acme', [ACME, ACME_NEXT]],
        ['globex', [GLOBEX]],
      ]),
    );
  });

  it('keeps ATTEST_WEBHOOK_SECRET as a list for every owner; empty counts as unset', () => {
    expect(readGatewayEnv({ ATTEST_WEBHOOK_SECRET: ACME }).webhookSecrets).toEqual([ACME]);
    expect(
      readGatewayEnv({ ATTEST_WEBHOOK_SECRET: '', ATTEST_WEBHOOK_SECRETS: '' }).webhookSecrets,
    ).toEqual([]);
  });

  it.each([
    [{ ATTEST_WEBHOOK_SECRETS: ACME }, /owner=whsec_…\s+→ at ATTEST_WEBHOOK_SECRETS\[0\]\.secret/],
    [{ ATTEST_WEBHOOK_SECRETS: `acme=${ACME} globex` }, /ATTEST_WEBHOOK_SECRETS\[1\]/],
    [{ ATTEST_WEBHOOK_SECRETS: `ac me=${ACME}` }, /owner=whsec_|an owner is/],
    [{ ATTEST_WEBHOOK_SECRETS: `acme/x=${ACME}` }, /an owner is 1 to 128/],
    [{ ATTEST_WEBHOOK_SECRETS: 'acme=plain' }, /start with whsec_/],
    [{ ATTEST_WEBHOOK_SECRETS: 'acme=whsec_***' }, /base64/],
    [{ ATTEST_WEBHOOK_SECRETS: '  \n ' }, /at least one owner=whsec_/],
    [
      { ATTEST_WEBHOOK_SECRET: ACME, ATTEST_WEBHOOK_SECRETS: `acme=${ACME}` },
      /ATTEST_WEBHOOK_SECRET \(every owner\) or ATTEST_WEBHOOK_SECRETS \(per owner\), not both/,
    ],
  ])('fails start-up on %j', (env, message) => {
    expect(() => readGatewayEnv(env)).toThrow(message);
  });
});
