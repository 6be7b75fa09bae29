import { afterAll, beforeAll, describe, expect } from 'vitest';
import { serviceTest as it } from '../../service/testing/fixtures.ts';
import { ErrorBodySchema } from '../../contract/common.ts';
import { GatewayConfigSchema } from '../../contract/session.ts';
import { requestWithHost, type HostRequestResult } from '../../service/testing/host-request.ts';
import type { TestService } from '../../service/testing/service.ts';
import { readGatewayEnv } from '../env.ts';
import { interfaceAddresses } from '../../shared/interface-addresses.ts';
import { hostAllowList, listenWarning, localUrl } from './host-allow-list.ts';
import { startHarness, type Harness } from '../testing/harness.ts';

// DNS rebinding (ADR 012): a page on evil.example, its name pointed at 127.0.0.1, is
// same-origin with itself, so it could read the gateway's answers. The gateway answers its
// own names only. Node's fetch will not send another Host than its URL's: node:http does.

type Raw = HostRequestResult;

/** A request to `url` (where the gateway listens) that says `host` in its Host header. */
function raw(
  url: string,
  method: string,
  path: string,
  host: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Raw> {
  const json = body === undefined ? undefined : JSON.stringify(body);
  const all = { ...headers, ...(json && { 'content-type': 'application/json' }) };
  return requestWithHost(url, method, path, host, all, json);
}

function expectMisdirected(result: Raw, message: RegExp = /ATTEST_PUBLIC_URL/) {
  expect(result.status).toBe(421);
  expect(ErrorBodySchema.parse(result.body).message).toMatch(message);
  expect(result.headers.get('set-cookie')).toBeNull();
}

const LOGIN = { clientId: 'acme-admin', clientSecret: 'acme-admin-secret' };
const PUBLIC = 'https://console.example.com';

/** A sign-in as the app sends it, from `origin`. */
const signIn = (url: string, host: string, origin: string, extra: Record<string, string> = {}) =>
  raw(url, 'POST', '/session', host, { 'x-attest': '1', origin, ...extra }, LOGIN);

const demoLogins = async (url: string, host: string, headers: Record<string, string> = {}) => {
  const result = await raw(url, 'GET', '/config', host, headers);
  expect(result.status).toBe(200);
  const config = GatewayConfigSchema.parse(result.body);
  expect(config.sandbox).toBe(true);
  return config.demoLogins.length;
};

describe('hostAllowList', () => {
  it('holds the loopback names with the port, the listen address, and the public URLs', () => {
    const list = hostAllowList({ listenHost: '127.0.0.1', port: 8080, publicUrls: [PUBLIC] });
    expect([...list.hosts].sort()).toEqual([
      '127.0.0.1:8080',
      '[::1]:8080',
      'console.example.com',
      'console.example.com:443',
      'localhost:8080',
    ]);
    expect([...list.origins].sort()).toEqual([
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://localhost:8080',
      PUBLIC,
    ]);
  });

  it("on 0.0.0.0 or ::, adds the machine's addresses; on one address, that one", () => {
    const interfaces = ['192.0.2.7', 'fd00::7'];
    for (const listenHost of ['0.0.0.0', '::']) {
      const all = hostAllowList({ listenHost, port: 8080, publicUrls: [], interfaces });
      expect(all.hosts).toContain('192.0.2.7:8080');
      expect(all.hosts).toContain('[fd00::7]:8080');
      expect(all.origins).toContain('http://192.0.2.7:8080');
    }
    const one = hostAllowList({ listenHost: '192.0.2.8', port: 8080, publicUrls: [], interfaces });
    expect(one.hosts).toContain('192.0.2.8:8080');
    expect(one.hosts).not.toContain('192.0.2.7:8080');
    const named = hostAllowList({ listenHost: 'attest.lan', port: 8080, publicUrls: [] });
    expect(named.hosts).toContain('attest.lan:8080');
    expect(interfaceAddresses().every((a) => !a.startsWith('fe80:'))).toBe(true);
  });

  it('warns at start when listening beyond loopback without ATTEST_PUBLIC_URL', () => {
    expect(listenWarning('0.0.0.0', 8080, [])).toMatch(/0\.0\.0\.0:8080.*ATTEST_PUBLIC_URL=/);
    expect(listenWarning('192.0.2.8', 8080, [])).toMatch(/only at 192\.0\.2\.8/);
    expect(listenWarning('0.0.0.0', 8080, [PUBLIC])).toBeNull();
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      expect(listenWarning(host, 8080, [])).toBeNull();
    }
  });

  it('gives the URL a webhook from this machine reaches the gateway by', () => {
    expect(localUrl('0.0.0.0', 8080)).toBe('http://127.0.0.1:8080');
    expect(localUrl('::', 8080)).toBe('http://[::1]:8080');
    expect(localUrl('::1', 8080)).toBe('http://[::1]:8080');
    expect(localUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(localUrl('192.0.2.8', 8080)).toBe('http://192.0.2.8:8080');
  });

  it('reads ATTEST_PUBLIC_URL (several, space-separated) and ATTEST_SHOW_DEMO_LOGINS', () => {
    expect(readConsoleAccess({})).toEqual({ publicUrls: [], showDemoLogins: false });
    expect(
      readConsoleAccess({
        ATTEST_PUBLIC_URL: ` ${PUBLIC}/  http://attest.lan:8080 `,
        ATTEST_SHOW_DEMO_LOGINS: '1',
      }),
    ).toEqual({ publicUrls: [PUBLIC, 'http://attest.lan:8080'], showDemoLogins: true });
    expect(readConsoleAccess({ ATTEST_PUBLIC_URL: '' }).publicUrls).toEqual([]);
    for (const bad of ['ftp://a.example', `${PUBLIC}/console`, 'console.example.com']) {
      expect(() => readConsoleAccess({ ATTEST_PUBLIC_URL: bad }), bad).toThrow(/ATTEST_PUBLIC_URL/);
    }
    expect(() => readConsoleAccess({ ATTEST_SHOW_DEMO_LOGINS: 'yes' })).toThrow(
      /ATTEST_SHOW_DEMO_LOGINS/,
    );
  });
});

/** The names the console answers at and its demo logins, as the one reader reads them. */
function readConsoleAccess(env: NodeJS.ProcessEnv) {
  const { publicUrls, showDemoLogins } = readGatewayEnv(env);
  return { publicUrls, showDemoLogins };
}

let service: TestService;
it.beforeAll(async ({ service: started }) => {
  service = started;
});

describe('a gateway asked by a foreign Host', () => {
  let gateway: Harness;
  let port: string;
  const evil = () => `evil.example:${port}`;
  const evilOrigin = () => `http://${evil()}`;

  beforeAll(async () => {
    gateway = await startHarness({ upstream: service.url });
    port = new URL(gateway.url).port;
  });
  afterAll(() => gateway.close());

  it('refuses GET /config with 421 {message}, without asking the upstream', async () => {
    const calls = gateway.calls.length;
    const result = await raw(gateway.url, 'GET', '/config', evil());
    expectMisdirected(result, /does not answer at evil\.example:\d+.*ATTEST_PUBLIC_URL/);
    expect(gateway.calls.length).toBe(calls);
  });

  it('refuses a sign-in with 421 and creates no session', async () => {
    const tokens = gateway.tokenRequests();
    // What the rebinding page sends: its own origin, which is also its Host.
    expectMisdirected(await signIn(gateway.url, evil(), evilOrigin()));
    // Nor does an Origin of the console's own help a foreign Host.
    expectMisdirected(await signIn(gateway.url, evil(), gateway.url));
    expect(gateway.tokenRequests()).toBe(tokens);
  });

  it('refuses /api with a real session cookie, and reaches nothing upstream', async () => {
    const browser = gateway.browser();
    expect((await browser.signIn('acme-admin')).status).toBe(200);
    const cookie = browser.cookie ?? '';
    const calls = gateway.calls.length;
    const read = await raw(gateway.url, 'GET', '/api/accounts/v1/firms?owner=acme', evil(), {
      cookie,
    });
    expectMisdirected(read);
    const write = await raw(
      gateway.url,
      'POST',
      '/api/files/v1/files/uploads',
      evil(),
      { cookie, 'x-attest': '1', origin: evilOrigin() },
      {},
    );
    expectMisdirected(write);
    expect(gateway.calls.length).toBe(calls);
    // The same session by the console's own name works.
    expect((await browser.request('GET', '/api/accounts/v1/firms?owner=acme')).status).toBe(200);
  });

  it('refuses the app, /session, /events and /webhooks too; /healthz stays open', async () => {
    for (const path of ['/', '/sign-in', '/session', '/events', '/assets/app-abc123.js']) {
      expectMisdirected(await raw(gateway.url, 'GET', path, evil()));
    }
    expectMisdirected(await raw(gateway.url, 'POST', '/webhooks/acme', evil(), {}, {}));
    const health = await raw(gateway.url, 'GET', '/healthz', evil());
    expect(health.status).toBe(200);
  });

  it.each(['127.0.0.1', 'localhost', '[::1]'])('answers %s with its port', async (name) => {
    const host = `${name}:${port}`;
    const result = await signIn(gateway.url, host, `http://${host}`);
    expect(result.status).toBe(200);
    expect(result.headers.get('set-cookie')).toMatch(/attest_session=/);
    expect((await raw(gateway.url, 'GET', '/config', `${name}:1`)).status).toBe(421);
  });

  it('takes an Origin that is one of its own, not the Host it came by', async () => {
    const viaLocalhost = await signIn(gateway.url, `localhost:${port}`, `http://127.0.0.1:${port}`);
    expect(viaLocalhost.status).toBe(200);
    const foreign = await signIn(gateway.url, `localhost:${port}`, 'http://evil.example');
    expect(foreign.status).toBe(403);
  });

  it('ignores X-Forwarded-Host unless told to trust a proxy', async () => {
    const forwarded = { 'x-forwarded-host': 'evil.example' };
    const result = await raw(gateway.url, 'GET', '/config', `127.0.0.1:${port}`, forwarded);
    expect(result.status).toBe(200);
  });
});

describe('a gateway with ATTEST_PUBLIC_URL', () => {
  let gateway: Harness;
  const host = new URL(PUBLIC).host;

  beforeAll(async () => {
    gateway = await startHarness({ upstream: service.url, publicUrls: [PUBLIC] });
  });
  afterAll(() => gateway.close());

  it('answers that name, and signs in from its origin', async () => {
    const result = await signIn(gateway.url, host, PUBLIC);
    expect(result.status).toBe(200);
    const cookie = result.headers.get('set-cookie')?.split(';')[0] ?? '';
    const firms = await raw(gateway.url, 'GET', '/api/accounts/v1/firms?owner=acme', host, {
      cookie,
    });
    expect(firms.status).toBe(200);
    expect((await raw(gateway.url, 'GET', '/config', `${host}:443`)).status).toBe(200);
  });

  it('still refuses other names', async () => {
    expectMisdirected(await raw(gateway.url, 'GET', '/config', 'console.example.org'));
    expectMisdirected(await raw(gateway.url, 'GET', '/config', `evil.${host}`));
  });
});

describe('a gateway behind a trusted proxy', () => {
  let gateway: Harness;
  let loopback: string;

  beforeAll(async () => {
    gateway = await startHarness({ upstream: service.url, publicUrls: [PUBLIC], trustProxy: true });
    loopback = new URL(gateway.url).host;
  });
  afterAll(() => gateway.close());

  it('checks X-Forwarded-Host, the name the browser used', async () => {
    const proxied = (name: string) => ({
      'x-forwarded-host': name,
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.9',
    });
    expectMisdirected(await raw(gateway.url, 'GET', '/config', loopback, proxied('evil.example')));
    const ok = await signIn(gateway.url, loopback, PUBLIC, proxied(new URL(PUBLIC).host));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toMatch(/^__Host-attest_session=.*; Secure/);
  });
});

describe('demo logins on /config', () => {
  it('are listed to a browser on this machine by a loopback name', async () => {
    const gateway = await startHarness({ upstream: service.url, publicUrls: [PUBLIC] });
    try {
      const port = new URL(gateway.url).port;
      for (const name of ['127.0.0.1', 'localhost', '[::1]']) {
        expect(await demoLogins(gateway.url, `${name}:${port}`)).toBeGreaterThan(0);
      }
      // Same machine, but the console's public name: someone's deployment, no list.
      expect(await demoLogins(gateway.url, new URL(PUBLIC).host)).toBe(0);
    } finally {
      await gateway.close();
    }
  });

  it('are not listed through a proxy for a browser elsewhere', async () => {
    const gateway = await startHarness({ upstream: service.url, trustProxy: true });
    try {
      const host = new URL(gateway.url).host;
      const from = (address: string) => ({ 'x-forwarded-for': address });
      expect(await demoLogins(gateway.url, host, from('203.0.113.9'))).toBe(0);
      expect(await demoLogins(gateway.url, host, from('198.51.100.1, 127.0.0.1'))).toBeGreaterThan(
        0,
      );
    } finally {
      await gateway.close();
    }
  });

  const address = interfaceAddresses().find((a) => !a.includes(':') && !a.startsWith('127.'));
  it.skipIf(!address)(
    'are not listed over a connection from another address, even by a loopback name',
    async () => {
      const gateway = await startHarness({ upstream: service.url, host: '0.0.0.0' });
      try {
        const port = new URL(gateway.url).port;
        // The machine's own non-loopback address: the connection's remote address is it.
        const url = `http://${address}:${port}`;
        expect(await demoLogins(url, `127.0.0.1:${port}`)).toBe(0);
        expect(await demoLogins(url, `${address}:${port}`)).toBe(0);
        expect(await demoLogins(`http://127.0.0.1:${port}`, `127.0.0.1:${port}`)).toBeGreaterThan(
          0,
        );
      } finally {
        await gateway.close();
      }
    },
  );

  it('are listed to anyone with ATTEST_SHOW_DEMO_LOGINS', async () => {
    const gateway = await startHarness({
      upstream: service.url,
      publicUrls: [PUBLIC],
      showDemoLogins: true,
    });
    try {
      expect(await demoLogins(gateway.url, new URL(PUBLIC).host)).toBeGreaterThan(0);
    } finally {
      await gateway.close();
    }
  });
});
