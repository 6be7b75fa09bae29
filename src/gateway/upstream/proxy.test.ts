import { request as httpRequest } from 'node:http';
import { describe, expect } from 'vitest';
import { gatewayTest as it } from '../testing/fixtures.ts';
import { ErrorBodySchema } from '../../contract/common.ts';
import { UserListSchema } from '../../contract/users.ts';
import type { TestService } from '../../service/testing/service.ts';
import { expectMessage, type Browser, type Harness } from '../testing/harness.ts';
import { REFRESH_WINDOW_MS } from '../session/tokens.ts';

let service: TestService;
let gateway: Harness;
let admin: Browser;
let serviceAdmin: string;

it.beforeAll(async ({ service: upstream, gateway: started, signedIn }) => {
  service = upstream;
  gateway = started;
  admin = await signedIn('acme-admin');
  serviceAdmin = await service.token('acme-admin');
});

const HOUR = 3600_000;
const USERS = '/api/users/v1/users?owner=acme';

const upstreamCallsTo = (suffix: string) => gateway.calls.filter((c) => c.url.endsWith(suffix));

describe('the allow-list', () => {
  it('proxies only the API prefixes: never the token endpoint or anything else', async () => {
    for (const path of ['/api/auth/v1/oauth2/token', '/api/healthz', '/api/blobs/x', '/api/']) {
      expectMessage(await admin.request('GET', path), 404, /no API/);
    }
    // An encoded slash is no path the gateway reads one way only (ADR 027).
    const slash = await admin.request('GET', '/api/files%2F..%2Fauth/v1/oauth2/token');
    expectMessage(slash, 400, /encoded \//);
    const post = await admin.request('POST', '/api/auth/v1/oauth2/token', { json: {} });
    expectMessage(post, 404, /no API/);
    expect(gateway.calls.some((c) => c.url.includes('/api/'))).toBe(false);
  });

  it("does not pass on the sandbox's info, which lists every owner's demo secrets", async () => {
    const before = gateway.calls.length;
    for (const path of ['/api/sandbox/v1/info', '/api/sandbox/v1/info/', '/api/SANDBOX/v1/INFO']) {
      const result = await admin.request('GET', path);
      expect(result.status, path).toBe(404);
      expect(result.text).not.toMatch(/secret/);
    }
    expect(gateway.calls.slice(before).some((c) => c.url.includes('/info'))).toBe(false);
  });

  it('answers 401 without a session', async () => {
    expectMessage(await gateway.browser().request('GET', USERS), 401, /sign in/);
  });
});

describe('proxying', () => {
  it('keeps the path and query and adds the bearer token', async () => {
    const result = await admin.request('GET', `${USERS}&limit=2&orderBy=createdOn`);
    expect(result.status, result.text).toBe(200);
    const page = UserListSchema.parse(result.body);
    expect(page.users).toHaveLength(2);
    expect(page.pagination.nextCursor).not.toBe('');
    const call = gateway.calls.at(-1);
    expect(call?.url).toBe(`${service.url}/users/v1/users?owner=acme&limit=2&orderBy=createdOn`);
    expect(call?.headers.get('authorization')).toBe(`Bearer ${gateway.issued.at(-1)}`);
  });

  it("passes the upstream's status and {message} through unchanged", async () => {
    for (const path of [
      '/signatures/v2/requests/7b0c1a4e-0000-4000-8000-000000000000',
      '/users/v1/users',
      '/users/v1/users?owner=acme&cursor=forged',
      '/qc/v2/nothing-here',
    ]) {
      const direct = await service.get(path, serviceAdmin);
      const proxied = await admin.request('GET', `/api${path}`);
      expect(direct.status).toBeGreaterThanOrEqual(400);
      expect(proxied.status, path).toBe(direct.status);
      expect(proxied.body, path).toEqual(direct.body);
    }
    const bad = await admin.request('POST', '/api/sandbox/v1/clock/advance', {
      json: { seconds: -1 },
    });
    expectMessage(bad, 400, /positive/);
  });

  it("strips the browser's credentials and hop-by-hop headers on the way up", async () => {
    // node:http, because fetch itself refuses to send hop-by-hop headers.
    const status = await rawGet(`${gateway.url}${USERS}`, {
      cookie: admin.cookie ?? '',
      authorization: 'Basic c29tZW9uZTplbHNl',
      connection: 'keep-alive, x-private',
      'x-private': 'drop me',
      'keep-alive': 'timeout=5',
      'proxy-authorization': 'Basic eA==',
      te: 'trailers',
      'x-request-id': 'keep me',
    });
    expect(status).toBe(200);
    const headers = gateway.calls.at(-1)?.headers;
    expect(headers?.get('authorization')).toBe(`Bearer ${gateway.issued.at(-1)}`);
    for (const name of ['cookie', 'x-private', 'keep-alive', 'proxy-authorization', 'te']) {
      expect(headers?.has(name), name).toBe(false);
    }
    expect(headers?.get('x-request-id')).toBe('keep me');
  });

  it("drops the upstream's cookies and hop-by-hop headers on the way down", async () => {
    gateway.intercept = (url) =>
      url.endsWith('/files/v1/files/fake')
        ? new Response('{"ok":true}', {
            status: 200,
            headers: {
              'content-type': 'application/json',
              'set-cookie': 'upstream=1; Path=/',
              connection: 'x-private',
              'x-private': 'drop me',
              'proxy-authenticate': 'Basic',
              trailer: 'x-checksum',
              'access-control-allow-origin': '*',
              'x-kept': 'yes',
            },
          })
        : undefined;
    try {
      const result = await admin.request('GET', '/api/files/v1/files/fake');
      expect(result.status).toBe(200);
      expect(result.body).toEqual({ ok: true });
      expect(result.headers.getSetCookie()).toEqual([]);
      for (const name of [
        'x-private',
        'proxy-authenticate',
        'trailer',
        'access-control-allow-origin',
      ]) {
        expect(result.headers.get(name), name).toBeNull();
      }
      expect(result.headers.get('x-kept')).toBe('yes');
      expect(result.headers.get('cache-control')).toBe('no-store');
    } finally {
      gateway.intercept = null;
    }
  });

  it('buffers a small JSON body (so it can be retried) but streams a large one', async () => {
    await admin.request('POST', '/api/sandbox/v1/clock/advance', { json: { seconds: 1 } });
    expect(gateway.calls.at(-1)?.body).toBeInstanceOf(ArrayBuffer);

    const big = JSON.stringify({ seconds: 1, padding: 'x'.repeat(3 * 1024 * 1024) });
    const result = await admin.request('POST', '/api/sandbox/v1/clock/advance', {
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(gateway.calls.at(-1)?.body).toBeInstanceOf(ReadableStream);
    // The service's own answer to a body over its 1 MB limit comes back as it is.
    expectMessage(result, 413, /larger than 1 MB/);
  });

  it('answers 502 when the upstream cannot be reached', async () => {
    gateway.intercept = (url) => {
      if (url.includes('/users/v1/')) throw new TypeError('fetch failed');
      return undefined;
    };
    try {
      expectMessage(await admin.request('GET', USERS), 502, 'the service cannot be reached');
    } finally {
      gateway.intercept = null;
    }
  });
});

describe('tokens', () => {
  it('are cached: many calls, no token request', async () => {
    const before = gateway.tokenRequests();
    for (let i = 0; i < 5; i++) {
      const r = await admin.request('GET', USERS);
      expect(r.status, r.text + gateway.logs.join('\n')).toBe(200);
    }
    expect(gateway.tokenRequests()).toBe(before);
  });

  it('are refreshed with ONE token request when 20 calls need a new one at once', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-reviewer');
    // Past expires_in (3600 s) minus the 60 s buffer, on the gateway's clock only.
    gateway.advance(HOUR - 59_000);
    const before = gateway.tokenRequests();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => browser.request('GET', USERS)),
    );
    for (const result of results) expect(result.status, result.text).toBe(200);
    expect(gateway.tokenRequests() - before).toBe(1);
    const bearer = new Set(upstreamCallsTo('owner=acme').slice(-20).map(bearerOf));
    expect(bearer).toEqual(new Set([gateway.issued.at(-1)]));
  });

  it('after a revocation: the upstream 401 brings one refresh and one retry that succeeds', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-notary');
    expect((await browser.request('GET', USERS)).status).toBe(200);
    const revoked = gateway.issued.at(-1);
    const revoke = await service.send('POST', '/sandbox/v1/clients/acme-notary/revoke', {
      token: serviceAdmin,
    });
    expect(revoke.status, revoke.text).toBe(200);
    // Past the window in which a 401 to a new token is taken as a refusal (token-refresh.test.ts).
    gateway.advance(REFRESH_WINDOW_MS);

    const tokensBefore = gateway.tokenRequests();
    const callsBefore = gateway.calls.length;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => browser.request('GET', USERS)),
    );
    for (const result of results) expect(result.status, result.text).toBe(200);
    expect(gateway.tokenRequests() - tokensBefore).toBe(1);
    const calls = gateway.calls.slice(callsBefore).filter((c) => c.url.endsWith('owner=acme'));
    // Each call that went up with the revoked token (401) went once more with the new one; a
    // call that read the session once the refresh was stored went with the new one at once.
    // How many did which is up to the machine's timing (on PostgreSQL each read is a query).
    const stale = calls.filter((c) => bearerOf(c) === revoked).length;
    expect(stale).toBeGreaterThanOrEqual(1);
    expect(calls.filter((c) => bearerOf(c) === gateway.issued.at(-1))).toHaveLength(10);
    expect(calls).toHaveLength(stale + 10);
  });

  it('a streamed body is not retried: its 401 goes to the app', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-admin');
    await service.send('POST', '/sandbox/v1/clients/acme-admin/revoke', { token: serviceAdmin });
    // No content-length: the gateway cannot know it is small, so it streams it.
    const body = new Blob(['{"seconds":1}']).stream();
    const response = await browser.stream('POST', '/api/sandbox/v1/clock/advance', body);
    expect(response.status).toBe(401);
    expect(ErrorBodySchema.parse(await response.json()).message).toMatch(/revoked/);
    // The next repeatable call past the refresh window refreshes and works.
    gateway.advance(REFRESH_WINDOW_MS);
    expect((await browser.request('GET', USERS)).status).toBe(200);
    serviceAdmin = await service.token('acme-admin');
  });

  it('a refresh the upstream refuses (credentials revoked) ends the session', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-reviewer');
    gateway.intercept = (url) =>
      url.endsWith('/auth/v1/oauth2/token')
        ? Response.json({ error: 'invalid_client' }, { status: 401 })
        : undefined;
    try {
      gateway.advance(HOUR);
      expectMessage(await browser.request('GET', USERS), 401, /sign in again/);
      expectMessage(await browser.request('GET', '/session'), 401, /sign in/);
    } finally {
      gateway.intercept = null;
    }
  });

  it('a token endpoint that is down answers 502 and keeps the session', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-reviewer');
    gateway.intercept = (url) => {
      if (url.endsWith('/auth/v1/oauth2/token')) throw new TypeError('fetch failed');
      return undefined;
    };
    try {
      gateway.advance(HOUR);
      expectMessage(await browser.request('GET', USERS), 502, 'the service cannot be reached');
    } finally {
      gateway.intercept = null;
    }
    expect((await browser.request('GET', USERS)).status).toBe(200);
  });
});

function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end();
  });
}

function bearerOf(call: { headers: Headers }): string | undefined {
  return call.headers.get('authorization')?.replace(/^Bearer /, '');
}
