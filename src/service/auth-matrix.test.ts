import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, TokenClaimsSchema } from '../contract/auth.ts';
import { API_PREFIXES } from '../contract/common.ts';
import { createServiceApp, PUBLIC_SANDBOX_INFO } from './app.ts';
import { expectError, startTestService } from './testing/service.ts';

// Every route under the API prefixes refuses a caller without a valid token, including
// routes added later: the list comes from the app itself, not from a hand-kept table.

// Top-level await: it.each needs the routes when the file is collected, before beforeAll.
const service = await startTestService();
afterAll(() => service.close());

const isApi = (path: string) => API_PREFIXES.some((prefix) => path.startsWith(`/${prefix}/`));
// app.use() entries show up as method ALL on a wildcard path; they are middleware, not routes.
const isMiddleware = (method: string, path: string) => method === 'ALL' && path.endsWith('*');
const routes = [
  ...new Set(
    createServiceApp(service.ctx)
      .routes.filter(({ method, path }) => isApi(path) && !isMiddleware(method, path))
      // The one public route (whether the upstream is a sandbox) is tested in sandbox.test.ts.
      .filter(({ method, path }) => !(method === 'GET' && path === PUBLIC_SANDBOX_INFO))
      .map(({ method, path }) => `${method} ${path}`),
  ),
];

/** The route with every `:param` filled by a fresh UUID. */
function request(route: string) {
  const [method = '', pattern = ''] = route.split(' ');
  return { method, path: pattern.replace(/:[A-Za-z]+/g, () => randomUUID()) };
}

function call(route: string, token?: string) {
  const { method, path } = request(route);
  return service.send(method, path, { token, json: method === 'GET' ? undefined : {} });
}

let foreignKeyToken: string;
let alteredToken: string;

beforeAll(async () => {
  // Well formed and plausible in every claim, but signed by a key the service never issued.
  const { privateKey } = await generateKeyPair('ES256');
  const now = service.ctx.clock.nowSeconds();
  foreignKeyToken = await new SignJWT({ owner: 'acme', perms: [...PERMISSIONS], scope: '' })
    .setProtectedHeader({ alg: 'ES256', kid: service.ctx.keys.jwtKid, typ: 'at+jwt' })
    .setIssuer(service.url)
    .setSubject('acme-admin')
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .setJti(randomUUID())
    .sign(privateKey);

  // A real token whose payload now claims another owner; header and signature are unchanged.
  const [header, payload, signature] = (await service.token('acme-admin')).split('.');
  const claims = TokenClaimsSchema.parse(
    JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
  );
  const altered = Buffer.from(JSON.stringify({ ...claims, owner: 'globex' })).toString('base64url');
  alteredToken = `${header}.${altered}.${signature}`;
});

describe('route enumeration', () => {
  it('finds the API routes, so an empty or broken list cannot pass the matrix', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContain('PATCH /qc/v2/qc/requests/:qcrID');
    expect(routes).toContain('GET /signatures/v2/transactions');
    expect(routes).toContain('POST /sandbox/v1/reset');
    expect(routes).toContain('GET /files/v1/redactions/:redactionId');
    expect(routes.filter((route) => route.includes('*'))).toEqual([]);
  });
});

describe.each(routes)('%s', (route) => {
  it('refuses a request without an Authorization header (401)', async () => {
    expectError(await call(route), 401, /missing Authorization header/);
  });

  it('refuses a token signed by another ES256 key (401)', async () => {
    expectError(await call(route, foreignKeyToken), 401, /access token is invalid/);
  });

  it('refuses a real token whose payload was altered (401)', async () => {
    expectError(await call(route, alteredToken), 401, /access token is invalid/);
  });
});
