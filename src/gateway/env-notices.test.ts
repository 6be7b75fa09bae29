import { describe, expect, it } from 'vitest';
import { readGatewayEnv } from './env.ts';

// ATTEST_NOTICE_URL and ATTEST_NOTICE_SECRET: where notices of finding changes go, and what
// signs them (ADR 030).

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const NEXT = `whsec_${Buffer.from('rotated in').toString('base64')}`;

describe('readGatewayEnv: notices', () => {
  it('reads the URL and its secrets; neither means no notices', () => {
    expect(readGatewayEnv({}).notices).toBeUndefined();
    expect(readGatewayEnv({ ATTEST_NOTICE_URL: '', ATTEST_NOTICE_SECRET: '' }).notices).toBe(
      undefined,
    );
    expect(
      readGatewayEnv({
        ATTEST_NOTICE_URL: 'https://relay.example.com/attest/notices?team=qc',
        ATTEST_NOTICE_SECRET: ` ${SECRET}  ${NEXT} `,
      }).notices,
    ).toEqual({
      url: 'https://relay.example.com/attest/notices?team=qc',
      secrets: [SECRET, NEXT],
    });
  });

  it.each([
    [{ ATTEST_NOTICE_URL: 'https://relay.example.com/n' }, /ATTEST_NOTICE_SECRET must be too/],
    [{ ATTEST_NOTICE_SECRET: SECRET }, /ATTEST_NOTICE_URL is not/],
    [{ ATTEST_NOTICE_URL: 'mailto:qc@example.com', ATTEST_NOTICE_SECRET: SECRET }, /http\(s\)/],
    [{ ATTEST_NOTICE_URL: 'relay.example.com', ATTEST_NOTICE_SECRET: SECRET }, /http\(s\)/],
    [
      { ATTEST_NOTICE_URL: 'https://relay.example.com/#x', ATTEST_NOTICE_SECRET: SECRET },
      /fragment/,
    ],
    [
      { ATTEST_NOTICE_URL: 'https://relay.example.com/', ATTEST_NOTICE_SECRET: 'hunter2' },
      /whsec_/,
    ],
    [
      { ATTEST_NOTICE_URL: 'https://relay.example.com/', ATTEST_NOTICE_SECRET: 'whsec_***' },
      /base64/,
    ],
    [
      { ATTEST_NOTICE_URL: 'https://:s3cret-pw@relay.example.com/', ATTEST_NOTICE_SECRET: SECRET },
      /must name a user before its password/,
    ],
    [
      {
        ATTEST_NOTICE_URL: 'https://qc:s3cret%zz@relay.example.com/',
        ATTEST_NOTICE_SECRET: SECRET,
      },
      /percent-encoding/,
    ],
  ])('fails start-up on %j', (env, message) => {
    expect(() => readGatewayEnv(env)).toThrow(message);
    expect(() => readGatewayEnv(env)).toThrow(/ATTEST_NOTICE_(URL|SECRET)/);
    // Start-up says what is wrong, never the password it was given.
    expect(() => readGatewayEnv(env)).not.toThrow(/s3cret/);
  });

  it('takes a Basic-auth relay’s user and password in the URL', () => {
    const url = 'https://attest:p%40ss%3Aword@relay.example.com/hooks/attest';
    expect(
      readGatewayEnv({ ATTEST_NOTICE_URL: url, ATTEST_NOTICE_SECRET: SECRET }).notices,
    ).toEqual({ url, secrets: [SECRET] });
  });
});
