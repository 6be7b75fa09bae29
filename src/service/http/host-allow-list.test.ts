import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/common.ts';
import { readServiceEnv } from '../env.ts';
import { demoClient } from '../seed/demo-clients.ts';
import { basicAuth, startTestService, type TestService } from '../testing/service.ts';
import { requestWithHost, type HostRequestResult } from '../testing/host-request.ts';
import { listenWarning, serviceHosts } from './host-allow-list.ts';

// DNS rebinding (ADR 012): the service answers its own names only. Node's fetch will not
// send another Host than its URL's, so these requests go through node:http.

type Raw = Pick<HostRequestResult, 'status' | 'body'>;

/** A request to `listenUrl` that says `host` in its Host header: its status and body. */
async function raw(...args: Parameters<typeof requestWithHost>): Promise<Raw> {
  const { status, body } = await requestWithHost(...args);
  return { status, body };
}

function expectMisdirected(result: Raw, message: RegExp) {
  expect(result.status).toBe(421);
  expect(ErrorBodySchema.parse(result.body).message).toMatch(message);
}

const ADMIN = demoClient('acme-admin');
const TOKEN_REQUEST = {
  authorization: basicAuth(ADMIN.clientId, ADMIN.clientSecret),
  'content-type': 'application/x-www-form-urlencoded',
};
const TOKEN_BODY = 'grant_type=client_credentials';

describe('serviceHosts', () => {
  it('holds the loopback names and the listen address with the port, and the base URL', () => {
    const hosts = serviceHosts({
      listenHost: '127.0.0.1',
      port: 8090,
      baseUrl: 'https://attest.example.com/base',
    });
    expect([...hosts].sort()).toEqual([
      '127.0.0.1:8090',
      '[::1]:8090',
      'attest.example.com',
      'attest.example.com:443',
      'localhost:8090',
    ]);
  });

  it("adds the machine's addresses only when listening on all of them", () => {
    const listening = (listenHost: string) =>
      serviceHosts({
        listenHost,
        port: 8090,
        baseUrl: `http://${listenHost}:8090`,
        interfaces: ['192.0.2.7', 'fd00::7'],
      });
    const all = listening('0.0.0.0');
    expect(all).toContain('192.0.2.7:8090');
    expect(all).toContain('[fd00::7]:8090');
    const one = listening('192.0.2.8');
    expect(one).toContain('192.0.2.8:8090');
    expect(one).not.toContain('192.0.2.7:8090');
  });

  it('warns at start on 0.0.0.0 without ATTEST_SERVICE_URL only', () => {
    expect(listenWarning('0.0.0.0', 8090, undefined)).toMatch(/ATTEST_SERVICE_URL/);
    expect(listenWarning('::', 8090, undefined)).toMatch(/ATTEST_SERVICE_URL/);
    expect(listenWarning('0.0.0.0', 8090, 'https://attest.example.com')).toBeNull();
    expect(listenWarning('127.0.0.1', 8090, undefined)).toBeNull();
  });

  it('takes ATTEST_SERVICE_URL as an http(s) URL; empty means unset', () => {
    expect(readServiceEnv({ ATTEST_SERVICE_URL: '' }).publicUrl).toBeUndefined();
    expect(readServiceEnv({ ATTEST_SERVICE_URL: 'https://a.example/' }).publicUrl).toBe(
      'https://a.example',
    );
    expect(() => readServiceEnv({ ATTEST_SERVICE_URL: 'ftp://a.example' })).toThrow(
      /ATTEST_SERVICE_URL/,
    );
  });
});

describe('a service asked by a foreign Host', () => {
  let service: TestService;
  let token: string;
  let port: string;
  const evil = () => `evil.example:${port}`;
  const count = (table: string) =>
    (service.ctx.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

  beforeAll(async () => {
    service = await startTestService();
    token = await service.token('acme-admin');
    port = new URL(service.listenUrl).port;
  });
  afterAll(() => service.close());

  it('refuses a token with 421 {message}, and issues none', async () => {
    const before = count('issued_tokens');
    const result = await raw(
      service.listenUrl,
      'POST',
      '/auth/v1/oauth2/token',
      evil(),
      TOKEN_REQUEST,
      TOKEN_BODY,
    );
    expectMisdirected(result, /does not answer at evil\.example:\d+.*ATTEST_SERVICE_URL/);
    expect(count('issued_tokens')).toBe(before);
  });

  it('refuses the API with 421, even with a good token, and writes nothing', async () => {
    const bearer = { authorization: `Bearer ${token}` };
    const read = await raw(
      service.listenUrl,
      'GET',
      '/accounts/v1/firms?owner=acme',
      evil(),
      bearer,
    );
    expectMisdirected(read, /evil\.example/);
    const before = count('uploads');
    const write = await raw(service.listenUrl, 'POST', '/files/v1/files/uploads', evil(), bearer);
    expectMisdirected(write, /evil\.example/);
    expect(count('uploads')).toBe(before);
    // The same request by the service's own name goes through.
    const own = await raw(
      service.listenUrl,
      'POST',
      '/files/v1/files/uploads',
      `localhost:${port}`,
      bearer,
    );
    expect(own.status).toBe(201);
    expect(count('uploads')).toBe(before + 1);
  });

  it('refuses the public sandbox info, and a malformed Host', async () => {
    expectMisdirected(await raw(service.listenUrl, 'GET', '/sandbox/v1/info', evil()), /evil/);
    const bad = await raw(service.listenUrl, 'GET', '/sandbox/v1/info', `evil.example:${port}@x`);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });

  it('answers /healthz to any Host (load balancers probe by address)', async () => {
    const result = await raw(service.listenUrl, 'GET', '/healthz', evil());
    expect(result).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it.each(['127.0.0.1', 'localhost', '[::1]'])('answers %s with its port', async (name) => {
    const result = await raw(
      service.listenUrl,
      'POST',
      '/auth/v1/oauth2/token',
      `${name}:${port}`,
      TOKEN_REQUEST,
      TOKEN_BODY,
    );
    expect(result.status).toBe(200);
    // A loopback name on another port is another server's.
    const other = await raw(service.listenUrl, 'GET', '/sandbox/v1/info', `${name}:1`);
    expect(other.status).toBe(421);
  });
});

describe('a service with ATTEST_SERVICE_URL', () => {
  const PUBLIC = 'https://attest.example.com';
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ publicUrl: PUBLIC });
  });
  afterAll(() => service.close());

  it('answers its public name, and its presigned URLs work there', async () => {
    const host = new URL(PUBLIC).host;
    const issued = await raw(
      service.listenUrl,
      'POST',
      '/auth/v1/oauth2/token',
      host,
      TOKEN_REQUEST,
      TOKEN_BODY,
    );
    expect(issued.status).toBe(200);
    const { access_token: token } = issued.body as { access_token: string };
    const { id } = service.ctx.db
      .prepare("SELECT id FROM files WHERE owner = 'acme' LIMIT 1")
      .get() as { id: string };
    const file = await raw(service.listenUrl, 'GET', `/files/v1/files/${id}`, host, {
      authorization: `Bearer ${token}`,
    });
    expect(file.status).toBe(200);
    const download = new URL((file.body as { downloadUrl: string }).downloadUrl);
    expect(download.origin).toBe(PUBLIC);
    // What a browser sends when it follows the URL: the public name as Host.
    const blob = await raw(
      service.listenUrl,
      'GET',
      `${download.pathname}${download.search}`,
      host,
    );
    expect(blob.status).toBe(200);
    expect(String(blob.body)).toMatch(/^%PDF-/);
    // The port spelled out, as some proxies do, is the same name.
    expect((await raw(service.listenUrl, 'GET', '/sandbox/v1/info', `${host}:443`)).status).toBe(
      200,
    );
    expectMisdirected(
      await raw(service.listenUrl, 'GET', '/sandbox/v1/info', 'attest.example.org'),
      /ATTEST_SERVICE_URL/,
    );
  });
});
