import { describe, expect } from 'vitest';
import { gatewayTest as it } from '../testing/fixtures.ts';
import { ErrorBodySchema } from '../../contract/common.ts';
import { type Browser, type Harness, type Result } from '../testing/harness.ts';

let gateway: Harness;
let admin: Browser;

it.beforeAll(async ({ gateway: started, signedIn }) => {
  gateway = started;
  admin = await signedIn('acme-admin');
});

function expectRefused(result: Result, status: 403 | 415, message: RegExp) {
  expect(result.status, result.text).toBe(status);
  expect(ErrorBodySchema.parse(result.body).message).toMatch(message);
}

const LOGIN = { clientId: 'acme-admin', clientSecret: 'acme-admin-secret' };
// A harmless state-changing call: an upload slot for the admin's own images.
const upstreamCalls = () => gateway.calls.filter((c) => !c.url.endsWith('/oauth2/token')).length;

describe('CSRF: state-changing requests', () => {
  it('are refused without X-Attest: 1, and never reach the upstream', async () => {
    const before = upstreamCalls();
    const headers = { origin: gateway.url, 'content-type': 'application/json' };
    for (const [method, path] of [
      ['POST', '/session'],
      ['DELETE', '/session'],
      ['POST', '/api/sandbox/v1/reset'],
      ['PATCH', '/api/qc/v2/qc/processes/00000000-0000-0000-0000-000000000000'],
      ['PUT', '/api/accounts/v1/accounts'],
      ['DELETE', '/api/signatures/v2/requests/00000000-0000-0000-0000-000000000000'],
    ] as const) {
      const result = await admin.request(method, path, { csrf: false, headers, body: '{}' });
      expectRefused(result, 403, /X-Attest/);
    }
    expect(upstreamCalls()).toBe(before);
    // Still signed in: the refused DELETE /session did nothing.
    expect((await admin.request('GET', '/session')).status).toBe(200);
  });

  it('are refused from another origin, or with X-Attest: 0', async () => {
    const evil = gateway.browser({ origin: 'https://evil.example' });
    evil.cookie = admin.cookie;
    expectRefused(await evil.request('POST', '/api/sandbox/v1/reset'), 403, /another origin/);
    expectRefused(await evil.request('DELETE', '/session'), 403, /another origin/);
    const sameHostOtherPort = gateway.browser({ origin: gateway.url.replace(/:\d+$/, ':1') });
    sameHostOtherPort.cookie = admin.cookie;
    expectRefused(await sameHostOtherPort.request('POST', '/api/sandbox/v1/reset'), 403, /origin/);
    const nullOrigin = gateway.browser({ origin: 'null' });
    expectRefused(await nullOrigin.request('POST', '/session', { json: LOGIN }), 403, /origin/);
    const zero = await admin.request('POST', '/session', {
      json: LOGIN,
      headers: { 'x-attest': '0' },
    });
    expectRefused(zero, 403, /X-Attest/);
  });

  it('without Origin, need Sec-Fetch-Site: same-origin', async () => {
    const bare = { 'x-attest': '1', 'content-type': 'application/json' };
    const body = JSON.stringify(LOGIN);
    const cross = await admin.request('POST', '/session', {
      csrf: false,
      body,
      headers: { ...bare, 'sec-fetch-site': 'same-site' },
    });
    expectRefused(cross, 403, /same-origin/);
    expectRefused(
      await admin.request('POST', '/session', { csrf: false, body, headers: bare }),
      403,
      /same-origin/,
    );
    const same = await gateway.browser().request('POST', '/session', {
      csrf: false,
      body,
      headers: { ...bare, 'sec-fetch-site': 'same-origin' },
    });
    expect(same.status, same.text).toBe(200);
  });

  it('refuse form and text bodies (415), even with the header and origin', async () => {
    const form = new URLSearchParams(LOGIN).toString();
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
      const headers = { 'content-type': type };
      expectRefused(
        await admin.request('POST', '/session', { body: form, headers }),
        415,
        /application\/json/,
      );
      expectRefused(
        await admin.request('POST', '/api/sandbox/v1/reset', { body: '{}', headers }),
        415,
        /application\/json/,
      );
    }
    // A body with no type at all is no better.
    const untyped = await fetch(`${gateway.url}/api/sandbox/v1/clock/advance`, {
      method: 'POST',
      headers: { 'x-attest': '1', origin: gateway.url, cookie: admin.cookie ?? '' },
      body: new Blob(['{"seconds":1}']),
    });
    expect(untyped.status).toBe(415);
  });

  it('keep the sandbox’s PDF into QC with the service: its form never goes upstream', async () => {
    // ADR 032: an integrator's script calls the service; the console has no form for it.
    const before = upstreamCalls();
    const form = new FormData();
    form.set('processId', '00000000-0000-4000-8000-000000000000');
    form.set('file', new Blob(['%PDF-1.7\n']), 'a.pdf');
    const answer = await fetch(`${gateway.url}/api/sandbox/v1/qc-requests`, {
      method: 'POST',
      headers: { 'x-attest': '1', origin: gateway.url, cookie: admin.cookie ?? '' },
      body: form,
    });
    expect(answer.status).toBe(415);
    expect(upstreamCalls()).toBe(before);
  });

  it('let a well-formed same-origin JSON request through', async () => {
    const result = await admin.request('POST', '/api/sandbox/v1/clock/advance', {
      json: { seconds: 1 },
    });
    expect(result.status, result.text).toBe(200);
  });

  it('do not apply to reads', async () => {
    const evil = gateway.browser({ origin: 'https://evil.example' });
    evil.cookie = admin.cookie;
    const result = await evil.request('GET', '/api/users/v1/users?owner=acme', {
      headers: { origin: 'https://evil.example' },
    });
    // CORS, not the gateway, keeps a cross-origin page from reading this: no CORS headers.
    expect(result.status).toBe(200);
    expect(result.headers.get('access-control-allow-origin')).toBeNull();
  });
});
