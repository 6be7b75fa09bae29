import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect } from 'vitest';
import { ErrorBodySchema } from '../../contract/common.ts';
import { QcRequestSchema } from '../../contract/qc.ts';
import { SessionSchema } from '../../contract/session.ts';
import { QcHoldListSchema, RequestHistorySchema } from '../../contract/team.ts';
import { readPath } from './request-path.ts';
import { makeDist, startHarness, type Browser, type Harness } from '../testing/harness.ts';
import { rawRequest, type Answer } from '../testing/fuzz/http.ts';
import { gatewayTest as it, pendingRequests } from '../testing/fixtures.ts';

// ADR 027: the gateway reads a path once, as the service does, before any rule looks
// at it, and sends the service that very path. Every rule that matches a path is tried here
// with encoded, upper-case and dot-segment spellings, sent as raw bytes (fetch would resolve
// the dot segments before they left).

describe('readPath', () => {
  it('decodes encoded unreserved characters and upper-cases the other encodings', () => {
    expect(readPath('/api/sandbox/v1/%69nfo')).toEqual({
      ok: true,
      pathname: '/api/sandbox/v1/info',
    });
    expect(readPath('/a/%7e%2D%2e%5F%41z')).toEqual({ ok: true, pathname: '/a/~-._Az' });
    expect(readPath('/a/b%20c%3a%2525')).toEqual({ ok: true, pathname: '/a/b%20c%3A%2525' });
    expect(readPath('/plain/path/')).toEqual({ ok: true, pathname: '/plain/path/' });
  });

  it('refuses an encoded slash or backslash, a bare % and an encoded control character', () => {
    for (const path of ['/api/files%2F..%2Fauth', '/a%2fb', '/a%5Cb', '/a/%zz', '/a/%4', '/a%00']) {
      expect(readPath(path).ok, path).toBe(false);
    }
  });
});

let gateway: Harness;
let reviewer: Browser;
let admin: Browser;
let stranger: Browser;
let pending: string[];

/** The request line exactly as written: no client-side resolution of dot segments. */
function raw(
  browser: Browser,
  method: string,
  path: string,
  json?: unknown,
  base = gateway.url,
): Promise<Answer> {
  const headers: Record<string, string> = { host: new URL(base).host };
  if (browser.cookie) headers.cookie = browser.cookie;
  if (method !== 'GET') {
    headers['x-attest'] = '1';
    headers.origin = base;
  }
  if (json !== undefined) headers['content-type'] = 'application/json';
  return rawRequest(
    base,
    method,
    path,
    headers,
    json === undefined ? undefined : JSON.stringify(json),
  );
}

/** `id` with its first character percent-encoded, as `%33…` for an id starting with 3. */
const encodedFirst = (id: string) =>
  `%${id.charCodeAt(0).toString(16).toUpperCase()}${id.slice(1)}`;

it.beforeAll(async ({ gateway: started, signInRoles }) => {
  gateway = started;
  ({ reviewer, admin, stranger } = await signInRoles('reviewer', 'admin', 'stranger'));
  pending = (await pendingRequests(admin, 4)).map((r) => r.id);
  expect(pending.length).toBe(4);
});

/** Each path, as the admin's GET, answers `status` with a message matching `message`. */
async function expectEachRefused(paths: string[], status: number, message: RegExp) {
  for (const path of paths) {
    const result = await raw(admin, 'GET', path);
    expect(result.status, path).toBe(status);
    expect(ErrorBodySchema.parse(result.body).message, path).toMatch(message);
  }
}

describe('the /api prefix check', () => {
  it('reads an encoded or dot-segment spelling of a prefix as the prefix it is', async () => {
    const tokenCalls = () => gateway.calls.filter((c) => c.url.includes('/oauth2/')).length;
    const before = tokenCalls();
    await expectEachRefused(
      [
        '/api/%61uth/v1/oauth2/token',
        '/api/AUTH/v1/oauth2/token',
        '/api/files/../auth/v1/oauth2/token',
        '/api/files/%2e%2e/auth/v1/oauth2/token',
        '/api/files/%2E%2E/auth/v1/oauth2/token',
        '/api/./auth/v1/oauth2/token',
        '/%61pi/auth/v1/oauth2/token',
      ],
      404,
      /no API/,
    );
    expect(tokenCalls()).toBe(before);
  });

  it('refuses an encoded slash or a broken escape with 400, before any rule or the upstream', async () => {
    const before = gateway.calls.length;
    await expectEachRefused(
      [
        '/api/files%2F..%2Fauth/v1/oauth2/token',
        '/api/users%2fv1/users',
        '/api/users/v1/users%5C',
        '/api/users/v1/%zz',
        '/team/holds%2F',
      ],
      400,
      /path/,
    );
    expect(gateway.calls.length).toBe(before);
  });

  it('proxies an encoded spelling of a real path to the path it reads as', async ({ service }) => {
    const result = await raw(admin, 'GET', '/%61pi/%75sers/v1/users?owner=acme&limit=1');
    expect(result.status, result.text).toBe(200);
    expect(gateway.calls.at(-1)?.url).toBe(`${service.url}/users/v1/users?owner=acme&limit=1`);
  });
});

describe('the sandbox info block', () => {
  it("never passes on the sandbox's info, however its path is spelled", async () => {
    const before = gateway.calls.length;
    for (const path of [
      '/api/sandbox/v1/%69nfo',
      '/api/sandbox/v1/%69%6E%66%6F',
      '/api/sandbox/v1/%49NFO',
      '/api/%73andbox/v1/info',
      '/api/sandbox/%76%31/info/',
      '/api/sandbox/v1/x/../info',
      '/api/sandbox/v1/x/%2e%2e/info',
      '/api/sandbox/v1/x/.%2E/info',
      '/api/sandbox/v1/./info',
      '/api/sandbox/v1/%2e/info',
      '/api/sandbox/v2/../v1/info',
    ]) {
      const result = await raw(admin, 'GET', path);
      expect(result.status, path).toBe(404);
      expect(result.text, path).not.toMatch(/secret/);
    }
    expect(gateway.calls.slice(before).some((c) => /info/i.test(c.url))).toBe(false);
  });

  it('sends the upstream the path it checked, not the spelling it got', async ({ service }) => {
    // Encoded reserved characters stay encoded (in upper case): the service reads them as
    // the gateway does, as text inside a segment.
    await raw(admin, 'GET', '/api/sandbox/v1/%69nfo%3f');
    expect(gateway.calls.at(-1)?.url).toBe(`${service.url}/sandbox/v1/info%3F`);
  });
});

describe('a decision against another reviewer’s hold', () => {
  it('is refused whatever the spelling of the id or the path, and nothing is saved', async () => {
    const id = pending[0] ?? '';
    const taken = await reviewer.request('PUT', `/team/holds/${id}`, { json: {} });
    expect(taken.status, taken.text).toBe(201);
    const read = async () =>
      QcRequestSchema.parse((await admin.request('GET', `/api/qc/v2/qc/requests/${id}`)).body);
    const request = await read();
    const session = SessionSchema.parse((await admin.request('GET', '/session')).body);
    const body = {
      status: 'approved',
      reviewedBy: session.user?.id,
      checklistItems: request.checklistItems.map((item) => ({ id: item.id, status: 'approved' })),
    };
    const patches = () => gateway.calls.filter((c) => c.method === 'PATCH').length;
    const before = patches();
    for (const path of [
      `/api/qc/v2/qc/requests/${encodedFirst(id)}`,
      `/api/qc/v2/qc/requests/${id.toUpperCase()}`,
      `/api/qc/v2/qc/requests/${encodedFirst(id.toUpperCase())}`,
      `/api/qc/v2/qc/requests/${id.replaceAll('-', '%2D')}`,
      `/api/qc/v2/qc/requests/${id}/`,
      `/api/qc/v2/qc/./requests/${id}`,
      `/api/qc/v2/qc/requests/x/../${id}`,
      `/api/qc/v2/qc/requests/x/%2e%2e/${id}`,
      `/%61pi/qc/v2/qc/requests/${id}`,
    ]) {
      const result = await raw(admin, 'PATCH', path, body);
      expect(result.status, `${path}: ${result.text}`).toBe(409);
      expect(ErrorBodySchema.parse(result.body).message).toMatch(/Riley Reviewer has this/);
    }
    expect(patches()).toBe(before);
    expect((await read()).status).toBe('pending');
    const holds = QcHoldListSchema.parse((await admin.request('GET', '/team/holds')).body);
    expect(holds.holds.find((c) => c.requestId === id)?.holder.name).toBe('Riley Reviewer');
  });

  it('once taken over, is recorded under the id it reads as, and ends the hold', async ({
    service,
  }) => {
    const id = pending[1] ?? '';
    expect((await reviewer.request('PUT', `/team/holds/${id}`, { json: {} })).status).toBe(201);
    const taken = await admin.request('PUT', `/team/holds/${id.toUpperCase()}`, {
      json: { takeOver: true },
    });
    expect(taken.status, taken.text).toBe(201);
    const request = QcRequestSchema.parse(
      (await admin.request('GET', `/api/qc/v2/qc/requests/${id}`)).body,
    );
    const session = SessionSchema.parse((await admin.request('GET', '/session')).body);
    const decided = await raw(admin, 'PATCH', `/api/qc/v2/qc/requests/${encodedFirst(id)}`, {
      status: 'approved',
      reviewedBy: session.user?.id,
      checklistItems: request.checklistItems.map((item) => ({ id: item.id, status: 'approved' })),
    });
    expect(decided.status, decided.text).toBe(200);
    // The service was sent the path the gateway checked.
    const patch = gateway.calls.filter((c) => c.method === 'PATCH').at(-1);
    expect(patch?.url).toBe(`${service.url}/qc/v2/qc/requests/${id}`);
    for (const spelling of [id, id.toUpperCase(), encodedFirst(id)]) {
      const history = RequestHistorySchema.parse(
        (await raw(reviewer, 'GET', `/team/history/${spelling}`)).body,
      );
      expect(
        history.decisions.map((d) => d.requestId),
        spelling,
      ).toEqual([id]);
      expect(history.takeOvers).toHaveLength(1);
    }
    const holds = QcHoldListSchema.parse((await admin.request('GET', '/team/holds')).body);
    expect(holds.holds.some((c) => c.requestId === id)).toBe(false);
  });
});

describe('the team routes’ ids', () => {
  it('reads an encoded, upper-case or dot-segment id as the id it is', async () => {
    const id = pending[2] ?? '';
    const first = await raw(reviewer, 'PUT', `/team/holds/${encodedFirst(id)}`, {});
    expect(first.status, first.text).toBe(201);
    for (const path of [
      `/team/holds/${id.toUpperCase()}`,
      `/team/./holds/${id}`,
      `/team/x/../holds/${id}`,
      `/team/holds/x/%2E%2E/${id}`,
    ]) {
      // A renewal, by the holder: the same hold, whatever the spelling.
      const renewed = await raw(reviewer, 'PUT', path, {});
      expect(renewed.status, `${path}: ${renewed.text}`).toBe(200);
    }
    const held = await raw(admin, 'PUT', `/team/holds/${id.toUpperCase()}`, {});
    expect(held.status).toBe(409);
    // Another owner's session sees nothing of it, however it spells the id.
    const foreign = await raw(stranger, 'PUT', `/team/holds/${encodedFirst(id)}`, {});
    expect(foreign.status).toBe(404);
    const released = await raw(reviewer, 'DELETE', `/team/holds/${encodedFirst(id)}`);
    expect(released.status, released.text).toBe(204);
    const holds = QcHoldListSchema.parse((await reviewer.request('GET', '/team/holds')).body);
    expect(holds.holds.some((c) => c.requestId === id)).toBe(false);
  });

  it('refuses an id that reads as no UUID, with nothing written', async () => {
    const list = async () =>
      QcHoldListSchema.parse((await reviewer.request('GET', '/team/holds')).body).holds;
    const before = await list();
    for (const path of ['/team/holds/%41', '/team/history/%2e%2e', '/team/holds/%20']) {
      const result = await raw(reviewer, 'PUT', path, {});
      expect([400, 404], `${path}: ${result.text}`).toContain(result.status);
    }
    expect(await list()).toEqual(before);
  });
});

describe('the static rules', () => {
  it('never serves a source map or the first screens’ build, however the path is spelled', async ({
    service,
  }) => {
    const dist = makeDist();
    writeFileSync(`${dist}/assets/app-abc123.js.map`, '{"sources":["secret.ts"]}');
    mkdirSync(`${dist}/server`);
    writeFileSync(`${dist}/server/prerender.js`, 'export const secret = "server code";');
    const harness = await startHarness({ upstream: service.url, distDir: dist });
    try {
      const browser = harness.browser();
      for (const path of [
        '/assets/app-abc123.js%2Emap',
        '/assets/app-abc123.js.%6D%61%70',
        '/assets/x/../app-abc123.js.map',
        '/%73erver/prerender.js',
        '/%73%65%72%76%65%72/prerender.js',
        '/server/./prerender.js',
        '/assets/../server/prerender.js',
        '/assets/%2e%2e/server/prerender.js',
      ]) {
        const result = await raw(browser, 'GET', path, undefined, harness.url);
        expect(result.status, path).not.toBe(200);
        expect(result.text, path).not.toMatch(/secret|server code/);
      }
      // An encoded spelling of a file that is served is the file.
      const script = await raw(browser, 'GET', '/assets/%61pp-abc123.js', undefined, harness.url);
      expect(script.status).toBe(200);
    } finally {
      await harness.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
