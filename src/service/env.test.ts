import { describe, expect, it } from 'vitest';
import { readServiceEnv } from './env.ts';

const URL = 'http://127.0.0.1:8080/webhooks';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const OTHER = `whsec_${Buffer.from('rotated in').toString('base64')}`;

describe('readServiceEnv: webhooks', () => {
  it('has no endpoint unless ATTEST_WEBHOOK_URL is set (empty counts as unset)', () => {
    expect(readServiceEnv({}).webhook).toBeNull();
    expect(
      readServiceEnv({ ATTEST_WEBHOOK_URL: '', ATTEST_WEBHOOK_SECRET: '' }).webhook,
    ).toBeNull();
  });

  it('takes several space-separated secrets, for rotation', () => {
    const env = { ATTEST_WEBHOOK_URL: URL, ATTEST_WEBHOOK_SECRET: ` ${SECRET}  ${OTHER} ` };
    expect(readServiceEnv(env).webhook).toEqual({ url: URL, secrets: [SECRET, OTHER] });
  });

  it('keeps an {owner} placeholder in the URL as written', () => {
    const env = { ATTEST_WEBHOOK_URL: `${URL}/{owner}`, ATTEST_WEBHOOK_SECRET: SECRET };
    expect(readServiceEnv(env).webhook?.url).toBe(`${URL}/{owner}`);
  });

  it.each([
    [{ ATTEST_WEBHOOK_URL: URL }, /ATTEST_WEBHOOK_URL is set, so ATTEST_WEBHOOK_SECRET/],
    [{ ATTEST_WEBHOOK_URL: URL, ATTEST_WEBHOOK_SECRET: '   ' }, /at least one whsec_ secret/],
    [{ ATTEST_WEBHOOK_URL: URL, ATTEST_WEBHOOK_SECRET: 'MfKQ9r8GKYqrTwjU' }, /start with whsec_/],
    [
      { ATTEST_WEBHOOK_URL: URL, ATTEST_WEBHOOK_SECRET: `${SECRET} plain` },
      /ATTEST_WEBHOOK_SECRET\[1\]/,
    ],
    [{ ATTEST_WEBHOOK_URL: URL, ATTEST_WEBHOOK_SECRET: 'whsec_***' }, /base64/],
    [{ ATTEST_WEBHOOK_URL: 'ftp://example.com/hook', ATTEST_WEBHOOK_SECRET: SECRET }, /http/],
    [{ ATTEST_WEBHOOK_URL: 'not a url', ATTEST_WEBHOOK_SECRET: SECRET }, /ATTEST_WEBHOOK_URL/],
  ])('fails start-up on %j', (env, message) => {
    expect(() => readServiceEnv(env)).toThrow(message);
  });
});
