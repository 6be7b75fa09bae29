import { describe, expect } from 'vitest';
import { GatewayConfigSchema, SessionSchema } from '../../contract/session.ts';
import { ABSOLUTE_MS, IDLE_MS } from './sessions.ts';
import { FAILURE_WINDOW_MS, FAILURES_ALLOWED } from './sign-in-limit.ts';
import { expectMessage, startHarness, type Harness } from '../testing/harness.ts';
import { gatewayTest as it } from '../testing/fixtures.ts';

let gateway: Harness;

it.beforeAll(async ({ gateway: started }) => {
  gateway = started;
});

describe('POST /session', () => {
  it('signs in: the user, owner and permissions, and an HttpOnly SameSite=Strict cookie', async () => {
    const browser = gateway.browser();
    const result = await browser.signIn('acme-notary');
    expect(result.status, result.text).toBe(200);
    const session = SessionSchema.parse(result.body);
    expect(session).toMatchObject({
      clientId: 'acme-notary',
      owner: 'acme',
      permissions: ['signatures.write'],
      sandbox: true,
      user: { displayName: 'Nora Notary', email: 'nora.notary@acme.example', isNotary: true },
    });
    expect(Date.parse(session.expiresOn) - Date.now()).toBeGreaterThan(IDLE_MS - 60_000);
    const [cookie] = result.headers.getSetCookie();
    expect(cookie).toMatch(/^attest_session=[A-Za-z0-9_-]{43}; /);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Strict(;|$)/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    // Plain HTTP: a Secure cookie would never come back.
    expect(cookie).not.toMatch(/Secure/);
    expect(result.headers.get('cache-control')).toBe('no-store');
  });

  it('a machine client has no user', async () => {
    const result = await gateway.browser().signIn('acme-integration');
    expect(SessionSchema.parse(result.body)).toMatchObject({ owner: 'acme', user: null });
  });

  it('answers 401 for a wrong secret or an unknown client, and sets no cookie', async () => {
    for (const [id, secret] of [
      ['acme-admin', 'wrong'],
      ['nobody', 'nothing'],
    ] as const) {
      const result = await gateway.browser().signIn(id, secret);
      expectMessage(result, 401, 'client id or secret is wrong');
      expect(result.headers.getSetCookie()).toEqual([]);
    }
  });

  it('signs every demo login in with the default claim names and scopes', async () => {
    for (const login of ['acme-reviewer', 'acme-notary', 'acme-admin', 'acme-integration']) {
      const result = await gateway.browser().signIn(login);
      expect(result.status, `${login}: ${result.text}`).toBe(200);
      expect(SessionSchema.parse(result.body).owner).toBe('acme');
    }
  });

  it('sends the credentials form-encoded in HTTP Basic (RFC 6749 §2.3.1)', async ({ service }) => {
    await gateway.browser().signIn('acme-admin', 'a:b c+d%');
    const call = gateway.calls.at(-1);
    const basic = call?.headers.get('authorization')?.replace(/^Basic /, '') ?? '';
    expect(Buffer.from(basic, 'base64').toString()).toBe('acme-admin:a%3Ab+c%2Bd%25');
    // With the spec's five scopes on the upstream's base URL (ATTEST_SCOPES unset).
    const form = new URLSearchParams(String(call?.body));
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('scope')?.split(' ')).toEqual(
      ['files', 'signatures', 'accounts', 'users', 'qc'].map((a) => `${service.url}/${a}/write`),
    );
  });

  it('answers 400 for a body without the fields', async () => {
    const result = await gateway.browser().request('POST', '/session', { json: { clientId: '' } });
    expectMessage(result, 400, /client id/);
  });

  it('answers 502 when the service cannot be reached', async () => {
    const lonely = await startHarness({ upstream: 'http://127.0.0.1:9' });
    try {
      const result = await lonely.browser().signIn('acme-admin');
      expectMessage(result, 502, 'the service cannot be reached');
    } finally {
      await lonely.close();
    }
  });

  it('over HTTPS (behind a trusted proxy): a Secure, __Host- prefixed cookie that works', async ({
    service,
  }) => {
    const secure = await startHarness({
      upstream: service.url,
      trustProxy: true,
      publicUrls: ['https://attest.example'],
    });
    try {
      const browser = secure.browser({ origin: 'https://attest.example' });
      const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'attest.example' };
      const result = await browser.request('POST', '/session', {
        json: { clientId: 'acme-admin', clientSecret: 'acme-admin-secret' },
        headers: proxied,
      });
      expect(result.status, result.text).toBe(200);
      const [cookie] = result.headers.getSetCookie();
      expect(cookie).toMatch(/^__Host-attest_session=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toMatch(/; Secure(;|$)/);
      expect(cookie).toMatch(/; HttpOnly(;|$)/);
      expect((await browser.request('GET', '/session', { headers: proxied })).status).toBe(200);
    } finally {
      await secure.close();
    }
  });

  it('ignores X-Forwarded-Proto unless told to trust a proxy', async () => {
    const result = await gateway.browser().request('POST', '/session', {
      json: { clientId: 'acme-admin', clientSecret: 'acme-admin-secret' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(result.headers.getSetCookie()[0]).toMatch(/^attest_session=/);
  });
});

describe('failed sign-ins', () => {
  const fail = (times: number, id = 'globex-admin') =>
    Promise.all(Array.from({ length: times }, () => gateway.browser().signIn(id, 'guess')));

  it('after five wrong secrets, a client id is refused from that address, without asking the service, until the window passes', async () => {
    for (const result of await fail(FAILURES_ALLOWED)) expect(result.status).toBe(401);
    const asked = gateway.tokenRequests();
    const browser = gateway.browser();
    // Even the right secret: the guesser must not learn that it was right.
    const refused = await browser.signIn('globex-admin');
    expectMessage(
      refused,
      429,
      /Too many failed sign-ins for this client id. Try again in 15 minutes/,
    );
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(FAILURE_WINDOW_MS / 1000 - 60);
    expect(retryAfter).toBeLessThanOrEqual(FAILURE_WINDOW_MS / 1000);
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(gateway.tokenRequests()).toBe(asked);
    expect((await browser.request('GET', '/session')).status).toBe(401);
    // A made-up forwarding header does not make another address (no trusted proxy here).
    const forged = await browser.request('POST', '/session', {
      json: { clientId: 'globex-admin', clientSecret: 'globex-admin-secret' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forged.status).toBe(429);
    // Other client ids are not held up.
    expect((await gateway.browser().signIn('acme-admin')).status).toBe(200);

    gateway.advance(FAILURE_WINDOW_MS);
    expect((await browser.signIn('globex-admin')).status).toBe(200);
    expect(SessionSchema.parse((await browser.request('GET', '/session')).body).owner).toBe(
      'globex',
    );
  });

  it('a sign-in that works forgets the failures before it', async () => {
    await fail(FAILURES_ALLOWED - 1, 'acme-notary');
    expect((await gateway.browser().signIn('acme-notary')).status).toBe(200);
    for (const result of await fail(FAILURES_ALLOWED - 1, 'acme-notary'))
      expect(result.status).toBe(401);
    expect((await gateway.browser().signIn('acme-notary')).status).toBe(200);
  });
});

describe('GET and DELETE /session', () => {
  it('answers the session while signed in, then 401 after sign-out', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-reviewer');
    const cookie = browser.cookie;
    const current = await browser.request('GET', '/session');
    expect(SessionSchema.parse(current.body).clientId).toBe('acme-reviewer');

    const out = await browser.request('DELETE', '/session');
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^attest_session=; .*Max-Age=0/);
    // The pages kept for back and forward hold queue rows: they go with the session.
    expect(out.headers.get('clear-site-data')).toBe('"cache"');
    expectMessage(await browser.request('GET', '/session'), 401, /sign in/);
    // The row is gone: replaying the old cookie does not bring the session back.
    browser.cookie = cookie;
    expectMessage(await browser.request('GET', '/session'), 401, /sign in/);
    expectMessage(await browser.request('GET', '/api/users/v1/users?owner=acme'), 401, /sign in/);
  });

  it('answers 401 without a cookie or with a made-up one', async () => {
    const browser = gateway.browser();
    expectMessage(await browser.request('GET', '/session'), 401, /sign in/);
    browser.cookie = `attest_session=${'A'.repeat(43)}`;
    expectMessage(await browser.request('GET', '/session'), 401, /sign in/);
  });

  it('keeps sessions apart: each has its own owner, credentials and token', async () => {
    const acme = gateway.browser();
    const globex = gateway.browser();
    await acme.signIn('acme-admin');
    await globex.signIn('globex-admin');
    expect(SessionSchema.parse((await acme.request('GET', '/session')).body).owner).toBe('acme');
    expect(SessionSchema.parse((await globex.request('GET', '/session')).body).owner).toBe(
      'globex',
    );
    const own = await globex.request('GET', '/api/users/v1/users?owner=globex');
    expect(own.status, own.text).toBe(200);
    // Globex's token may not read acme's list, whoever else is signed in.
    expect((await globex.request('GET', '/api/users/v1/users?owner=acme')).status).toBe(401);
  });
});

describe('session expiry', () => {
  it('ends after 8 hours without a request', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-reviewer');
    gateway.advance(IDLE_MS - 60_000);
    expect((await browser.request('GET', '/session')).status).toBe(200);
    // That request counted as activity: another 8 hours from now.
    gateway.advance(IDLE_MS - 60_000);
    expect((await browser.request('GET', '/session')).status).toBe(200);
    gateway.advance(IDLE_MS + 1);
    expectMessage(await browser.request('GET', '/session'), 401, /sign in/);
  });

  it('moves its idle deadline with activity at most once a minute', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-reviewer');
    const expiresOn = async () =>
      Date.parse(SessionSchema.parse((await browser.request('GET', '/session')).body).expiresOn);
    const signedIn = await expiresOn();
    gateway.advance(30_000);
    // Half a minute on: the request counts, the deadline stays (no write for it).
    expect(await expiresOn()).toBe(signedIn);
    gateway.advance(31_000);
    // Over a minute since it last moved: it moves to 8 hours from now.
    const moved = await expiresOn();
    expect(moved).toBeGreaterThanOrEqual(signedIn + 61_000);
    expect(moved - (Date.now() + gateway.offset())).toBeGreaterThan(IDLE_MS - 60_000);
  });

  it('ends 24 hours after sign-in however active it was', async () => {
    const browser = gateway.browser();
    await browser.signIn('acme-reviewer');
    const hours = (n: number) => n * 3600_000;
    for (let i = 0; i < 5; i++) {
      gateway.advance(hours(4));
      expect((await browser.request('GET', '/session')).status).toBe(200);
    }
    // 20 hours in, just active: the absolute limit (4 hours away) wins over the idle one (8).
    const session = SessionSchema.parse((await browser.request('GET', '/session')).body);
    const left = Date.parse(session.expiresOn) - (Date.now() + gateway.offset());
    expect(left).toBeGreaterThan(ABSOLUTE_MS - hours(20) - 60_000);
    expect(left).toBeLessThanOrEqual(ABSOLUTE_MS - hours(20));
    gateway.advance(hours(4));
    expectMessage(await browser.request('GET', '/session'), 401, /sign in/);
  });
});

describe('GET /config', () => {
  it('says sandbox and lists the demo logins when the upstream is the reference sandbox', async () => {
    const result = await gateway.browser().request('GET', '/config');
    const config = GatewayConfigSchema.parse(result.body);
    expect(config.sandbox).toBe(true);
    expect(config.demoLogins.map((l) => l.clientId)).toContain('acme-reviewer');
  });

  it('says no sandbox, and lists nobody, for an upstream without the sandbox info', async ({
    service,
  }) => {
    const real = await startHarness({ upstream: service.url });
    real.intercept = (url) =>
      url.endsWith('/sandbox/v1/info')
        ? Response.json({ message: 'no route for GET /sandbox/v1/info' }, { status: 404 })
        : undefined;
    try {
      const config = GatewayConfigSchema.parse(
        (await real.browser().request('GET', '/config')).body,
      );
      expect(config).toEqual({ sandbox: false, demoLogins: [], environments: ['production'] });
    } finally {
      await real.close();
    }
  });
});
