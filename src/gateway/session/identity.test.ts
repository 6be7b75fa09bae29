import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../contract/auth.ts';
import { SessionSchema } from '../../contract/session.ts';
import { readGatewayEnv } from '../env.ts';
import { DEFAULT_IDENTITY, readIdentity, type IdentitySettings } from './identity.ts';
import { Browser, expectMessage, startHarness, type Harness } from '../testing/harness.ts';

const TODAY = new Date().toISOString().slice(0, 10);

// ADR 016: a deployment whose tokens name the owner, user and permissions in claims of its
// own, or not at all. An upstream of a few lines issues such tokens over real HTTP.

const KEY = new TextEncoder().encode('identity test key, not checked by the gateway');
const ORG = 'https://claims.example.com/org';
const USER = 'https://claims.example.com/user';
const ROLES = 'https://claims.example.com/permissions';
const CUSTOM: IdentitySettings = { ownerClaim: ORG, userClaim: USER, permissionsClaim: ROLES };

const jwt = (claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(KEY);

interface FakeIdp {
  url: string;
  /** The `scope` of each token request, or null when it had none. */
  scopes: (string | null)[];
  claims: Record<string, unknown>;
  /** Scopes answered with invalid_scope. */
  refuse: string[];
  close(): Promise<void>;
}

async function startIdp(): Promise<FakeIdp> {
  const idp = { scopes: [], claims: {}, refuse: [] } as unknown as FakeIdp;
  const app = new Hono();
  app.post('/auth/v1/oauth2/token', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    const scope = form.get('scope');
    idp.scopes.push(scope);
    const refused = (scope ?? '').split(' ').filter((s) => idp.refuse.includes(s));
    if (refused.length > 0) {
      return c.json(
        { error: 'invalid_scope', error_description: `not provisioned: ${refused.join(' ')}` },
        400,
      );
    }
    return c.json({ access_token: await jwt(idp.claims), token_type: 'Bearer', expires_in: 3600 });
  });
  app.get('/users/v1/users/:id', (c) =>
    c.json({ id: c.req.param('id'), displayName: 'Dana Deployment' }),
  );
  app.get('*', (c) => c.json({ message: 'no route' }, 404));
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  idp.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  idp.close = () => new Promise((resolve) => server.close(() => resolve()));
  return idp;
}

describe('readIdentity', () => {
  const token = (claims: Record<string, unknown>) => jwt(claims);

  it('reads URL-named claims, and permissions as an array or a space-separated string', async () => {
    const asArray = readIdentity(
      await token({ [ORG]: 'acme', [USER]: 'u-1', [ROLES]: ['qc.review'] }),
      CUSTOM,
    );
    expect(asArray).toEqual({
      ok: true,
      identity: { owner: 'acme', userId: 'u-1', permissions: ['qc.review'] },
    });
    const asString = readIdentity(await token({ [ORG]: 'acme', [ROLES]: 'a b  c' }), CUSTOM);
    expect(asString).toEqual({
      ok: true,
      identity: { owner: 'acme', permissions: ['a', 'b', 'c'] },
    });
  });

  it('takes the owner from ATTEST_OWNER when the token names none; refuses when they differ', async () => {
    const settings = { ...DEFAULT_IDENTITY, owner: 'acme' };
    expect(readIdentity(await token({ sub: 'x' }), settings)).toEqual({
      ok: true,
      identity: { owner: 'acme', permissions: null },
    });
    const differ = readIdentity(await token({ owner: 'globex' }), settings);
    expect(differ).toMatchObject({ ok: false, message: expect.stringMatching(/globex.*acme/) });
    const neither = readIdentity(await token({ sub: 'x' }), DEFAULT_IDENTITY);
    expect(neither).toMatchObject({ ok: false, message: expect.stringMatching(/ATTEST_OWNER/) });
    expect(readIdentity('not a jwt', settings)).toMatchObject({ ok: false });
  });
});

/** What a real deployment differs in, as the one reader reads it. */
function readDeploymentSettings(env: NodeJS.ProcessEnv) {
  const { identity, scopes, storageOrigins } = readGatewayEnv(env);
  return { identity, scopes, storageOrigins };
}

describe('readGatewayEnv: a deployment’s settings', () => {
  it('has the reference service’s claim names and no scopes or storage origins by default', () => {
    expect(readDeploymentSettings({})).toEqual({
      identity: DEFAULT_IDENTITY,
      scopes: undefined,
      storageOrigins: [],
    });
  });

  it('reads each setting', () => {
    expect(
      readDeploymentSettings({
        ATTEST_OWNER: 'acme',
        ATTEST_CLAIM_OWNER: ORG,
        ATTEST_CLAIM_USER: USER,
        ATTEST_CLAIM_PERMISSIONS: ROLES,
        ATTEST_SCOPES: ' https://api.example.com/qc/write  https://api.example.com/files/write ',
        ATTEST_STORAGE_ORIGINS: 'https://files.example.com https://cdn.example.com:8443/',
      }),
    ).toEqual({
      identity: { ...CUSTOM, owner: 'acme' },
      scopes: ['https://api.example.com/qc/write', 'https://api.example.com/files/write'],
      storageOrigins: ['https://files.example.com', 'https://cdn.example.com:8443'],
    });
  });

  it('reads ATTEST_ASSUME_PERMISSIONS as every permission, or the names it lists', () => {
    expect(readDeploymentSettings({}).identity.assumePermissions).toBeUndefined();
    expect(readDeploymentSettings({ ATTEST_ASSUME_PERMISSIONS: '' }).identity).toEqual(
      DEFAULT_IDENTITY,
    );
    expect(
      readDeploymentSettings({ ATTEST_ASSUME_PERMISSIONS: 'all' }).identity.assumePermissions,
    ).toEqual(PERMISSIONS);
    expect(
      readDeploymentSettings({ ATTEST_ASSUME_PERMISSIONS: ' qc.review  signatures.write ' })
        .identity.assumePermissions,
    ).toEqual(['qc.review', 'signatures.write']);
  });

  it.each([
    [{ ATTEST_OWNER: 'two words' }, /ATTEST_OWNER/],
    [{ ATTEST_STORAGE_ORIGINS: 'https://files.example.com/bucket' }, /ATTEST_STORAGE_ORIGINS/],
    [{ ATTEST_STORAGE_ORIGINS: 'ftp://files.example.com' }, /ATTEST_STORAGE_ORIGINS/],
    [{ ATTEST_SCOPES: 'a "b"' }, /ATTEST_SCOPES/],
    [{ ATTEST_ASSUME_PERMISSIONS: 'everything' }, /ATTEST_ASSUME_PERMISSIONS/],
    [{ ATTEST_ASSUME_PERMISSIONS: 'qc.review qc.boss' }, /ATTEST_ASSUME_PERMISSIONS/],
  ])('fails start-up on %j', (env, message) => {
    expect(() => readDeploymentSettings(env)).toThrow(message);
  });
});

describe('signing in to a deployment with claims of its own', () => {
  let idp: FakeIdp;
  let gateway: Harness | undefined;
  beforeAll(async () => {
    idp = await startIdp();
  });
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
    idp.scopes.length = 0;
    idp.refuse = [];
  });
  afterAll(() => idp.close());

  /** A gateway of acme over the provider, whose tokens carry no user or permissions claim. */
  const machineGateway = async (identity: Partial<IdentitySettings> = {}) => {
    idp.claims = { sub: 'machine' };
    gateway = await startHarness({
      upstream: idp.url,
      identity: { ...DEFAULT_IDENTITY, owner: 'acme', ...identity },
    });
    return gateway;
  };

  it('reads owner, user and permissions from the configured claims, and asks for the spec’s scopes', async () => {
    idp.claims = { [ORG]: 'acme', [USER]: 'u-7', [ROLES]: 'qc.review files.write' };
    gateway = await startHarness({ upstream: idp.url, identity: CUSTOM });
    const result = await gateway.browser().signIn('deployment-client');
    expect(result.status, result.text).toBe(200);
    expect(SessionSchema.parse(result.body)).toMatchObject({
      owner: 'acme',
      user: { id: 'u-7', displayName: 'Dana Deployment' },
      permissions: ['qc.review', 'files.write'],
    });
    expect(idp.scopes).toEqual([
      ['files', 'signatures', 'accounts', 'users', 'qc']
        .map((area) => `${idp.url}/${area}/write`)
        .join(' '),
    ]);
  });

  it('signs in without user or permissions claims: user and permissions are null', async () => {
    const browser = (await machineGateway()).browser();
    const result = await browser.signIn('deployment-client');
    expect(result.status, result.text).toBe(200);
    expect(SessionSchema.parse(result.body)).toMatchObject({
      owner: 'acme',
      user: null,
      permissions: null,
    });
    // Kept as null in the session store, not turned into "no permissions".
    const again = await browser.request('GET', '/session');
    expect(SessionSchema.parse(again.body).permissions).toBeNull();
  });

  it('takes a token without a permissions claim for no QC manager or reader by default', async () => {
    const harness = await machineGateway();
    const browser = harness.browser();
    expect((await browser.signIn('deployment-client')).status).toBe(200);
    const upstream = harness.calls.length;
    for (const path of [
      '/team/claims',
      `/team/decisions.csv?from=${TODAY}&to=${TODAY}`,
      `/team/stats?from=${TODAY}&to=${TODAY}`,
      '/team/settings',
      '/team/samples?state=all',
    ]) {
      expectMessage(await browser.request('GET', path), 403, /QC reviewers and managers/);
    }
    const release = await browser.request('DELETE', `/team/claims/${randomUUID()}`);
    expectMessage(release, 403, /QC reviewers and managers/);
    expect(harness.calls.length).toBe(upstream);
  });

  it('grants what ATTEST_ASSUME_PERMISSIONS says, and says so in /session', async () => {
    const harness = await machineGateway({ assumePermissions: PERMISSIONS });
    const browser = harness.browser();
    const signIn = await browser.signIn('deployment-client');
    expect(SessionSchema.parse(signIn.body).permissions).toEqual(PERMISSIONS);
    const csv = await browser.request('GET', `/team/decisions.csv?from=${TODAY}&to=${TODAY}`);
    expect(csv.status, csv.text).toBe(200);
    const stats = await browser.request('GET', `/team/stats?from=${TODAY}&to=${TODAY}`);
    expect(stats.status, stats.text).toBe(200);
    // A token that names its permissions is taken at its word, whatever the setting.
    idp.claims = { sub: 'machine', perms: ['signatures.write'] };
    const notary = harness.browser();
    expect((await notary.signIn('deployment-client')).status).toBe(200);
    expectMessage(await notary.request('GET', '/team/claims'), 403, /QC reviewers/);
  });

  it('applies ATTEST_ASSUME_PERMISSIONS to a session signed in before it was set', async () => {
    idp.claims = { sub: 'machine' };
    const dataDir = mkdtempSync(join(tmpdir(), 'attest-assume-'));
    try {
      const identity = { ...DEFAULT_IDENTITY, owner: 'acme' };
      gateway = await startHarness({ upstream: idp.url, dataDir, identity });
      const browser = gateway.browser();
      expect((await browser.signIn('deployment-client')).status).toBe(200);
      const csvPath = `/team/decisions.csv?from=${TODAY}&to=${TODAY}`;
      expect((await browser.request('GET', csvPath)).status).toBe(403);
      await gateway.close();
      gateway = await startHarness({
        upstream: idp.url,
        dataDir,
        identity: { ...identity, assumePermissions: ['qc.review', 'qc.manage'] },
      });
      const again = new Browser(gateway.url, gateway.url);
      again.cookie = browser.cookie;
      // Still null in the store: the setting is read where the gateway decides.
      expect(SessionSchema.parse((await again.request('GET', '/session')).body).permissions).toBe(
        null,
      );
      expect((await again.request('GET', csvPath)).status).toBe(200);
    } finally {
      await gateway?.close();
      gateway = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('explains a token without an owner, or with another owner, and keeps no session', async () => {
    idp.claims = { [ORG]: 'globex' };
    gateway = await startHarness({ upstream: idp.url });
    const browser = gateway.browser();
    const none = await browser.signIn('deployment-client');
    expect(none.status).toBe(502);
    expect(none.text).toMatch(/ATTEST_OWNER/);
    expect(browser.cookie).toBeFalsy();
    await gateway.close();

    gateway = await startHarness({ upstream: idp.url, identity: { ...CUSTOM, owner: 'acme' } });
    const other = await gateway.browser().signIn('deployment-client');
    expect(other.status).toBe(502);
    expect(other.text).toMatch(/globex/);
    expect(gateway.logs.join('\n')).toMatch(/globex/);
  });

  it('names the refused scope when ATTEST_SCOPES asks for one the client lacks', async () => {
    idp.claims = { owner: 'acme' };
    idp.refuse = [`${idp.url}/users/write`];
    gateway = await startHarness({
      upstream: idp.url,
      scopes: [`${idp.url}/qc/write`, `${idp.url}/users/write`],
    });
    const result = await gateway.browser().signIn('deployment-client');
    expect(result.status).toBe(400);
    expect(result.text).toContain(`${idp.url}/users/write`);
    // A scope the operator chose is never dropped behind their back.
    expect(idp.scopes).toHaveLength(1);
  });

  it('with the default scopes, a client refused some asks once more without scope, then keeps doing so', async () => {
    idp.claims = { owner: 'acme' };
    idp.refuse = [`${idp.url}/users/write`];
    gateway = await startHarness({ upstream: idp.url });
    expect((await gateway.browser().signIn('reviewer-like')).status).toBe(200);
    expect((await gateway.browser().signIn('reviewer-like')).status).toBe(200);
    expect(idp.scopes.map((s) => (s === null ? 'none' : 'five'))).toEqual(['five', 'none', 'none']);
  });
});
