import { describe, expect } from 'vitest';
import { ErrorBodySchema } from '../../contract/common.ts';
import { MALFORMED_CREDENTIALS } from './session.routes.ts';
import { FAILURES_ALLOWED } from './sign-in-limit.ts';
import { expectMessage, type Harness } from '../testing/harness.ts';
import { gatewayTest as it } from '../testing/fixtures.ts';

// No value a browser can put in a sign-in body makes the gateway answer 5xx (docs/design.md).

let gateway: Harness;

it.beforeAll(async ({ gateway: started }) => {
  gateway = started;
});

const signIn = (json: unknown) => gateway.browser().request('POST', '/session', { json });

describe('POST /session with credentials that are not plain text', () => {
  it.each([
    ['a lone high surrogate in the client id', { clientId: 'acme-admin\ud800', clientSecret: 'x' }],
    ['a lone low surrogate in the secret', { clientId: 'x-lone', clientSecret: '\udc00' }],
    ['NUL after the right secret', { clientId: 'x-nul', clientSecret: 'acme-admin-secret\u0000' }],
    ['a line break inside the client id', { clientId: 'acme\r\nadmin', clientSecret: 'x' }],
    ['DEL in the secret', { clientId: 'x-del', clientSecret: 'a\u007fb' }],
  ])('%s: 400 {message}, and the service is not asked', async (_, body) => {
    const asked = gateway.tokenRequests();
    const result = await signIn(body);
    expectMessage(result, 400, MALFORMED_CREDENTIALS);
    expect(result.headers.getSetCookie()).toEqual([]);
    expect(gateway.tokenRequests()).toBe(asked);
  });

  it('counts toward the hold on failed sign-ins', async () => {
    for (let i = 0; i < FAILURES_ALLOWED; i++) {
      const result = await signIn({ clientId: 'globex-admin', clientSecret: `guess\ud800${i}` });
      expectMessage(result, 400, MALFORMED_CREDENTIALS);
    }
    // Even the right secret now: the pair is held.
    expectMessage(
      await signIn({ clientId: 'globex-admin', clientSecret: 'globex-admin-secret' }),
      429,
      /Too many failed sign-ins/,
    );
  });

  it('non-ASCII that is well-formed is passed on (the service decides)', async () => {
    expectMessage(
      await signIn({ clientId: 'acme-admin', clientSecret: 'sécret 🔑' }),
      401,
      /client id or secret is wrong/,
    );
  });
});

describe('POST /session with bodies of the wrong shape', () => {
  it.each([
    ['a number for the client id', { clientId: 1, clientSecret: 'x' }],
    ['an array for the secret', { clientId: 'a', clientSecret: ['x'] }],
    ['an object for the client id', { clientId: { id: 'a' }, clientSecret: 'x' }],
    ['null', null],
    ['an array', []],
    ['a string', 'acme-admin'],
    ['an unknown key', { clientId: 'a', clientSecret: 'b', scope: 'all' }],
    ['a client id over 200 characters', { clientId: 'a'.repeat(201), clientSecret: 'x' }],
    ['a secret over 500 characters', { clientId: 'a', clientSecret: 'x'.repeat(501) }],
  ])('%s: 400 {message}', async (_, body) => {
    const asked = gateway.tokenRequests();
    const result = await signIn(body);
    expect(result.status, result.text).toBe(400);
    expect(ErrorBodySchema.parse(result.body).message).not.toBe('');
    expect(gateway.tokenRequests()).toBe(asked);
  });

  it('a body that is not JSON, or cut short: 400 {message}', async () => {
    for (const body of ['{"clientId":', '\u00ff\u00fe', '']) {
      const result = await gateway.browser().request('POST', '/session', {
        body,
        headers: { 'content-type': 'application/json' },
      });
      expectMessage(result, 400, /as JSON/);
    }
  });
});
