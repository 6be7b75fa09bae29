import { decodeJwt, decodeProtectedHeader } from 'jose';
import * as oauth from 'oauth4webapi';
import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { OAuthErrorSchema, TokenResponseSchema } from '../../contract/auth.ts';
import { basicAuth, type TestService } from '../testing/service.ts';
import { hashSecret } from './secrets.ts';

let service: TestService;
let tokenUrl: string;

it.beforeAll(async ({ service: started }) => {
  service = started;
  tokenUrl = `${service.url}/auth/v1/oauth2/token`;
  // A client whose id and secret need form-encoding (RFC 6749 §2.3.1).
  service.ctx.db
    .prepare(
      'INSERT INTO clients (id, owner, secret_hash, user_id, perms, scopes) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(
      'acme:odd id',
      'acme',
      hashSecret('s3cr3t:with+plus%and space'),
      null,
      '["files.write"]',
      '["files"]',
    );
});

const FORM = 'application/x-www-form-urlencoded';

async function post(init: { authorization?: string; contentType?: string; body?: string }) {
  const headers: Record<string, string> = { 'content-type': init.contentType ?? FORM };
  if (init.authorization) headers.authorization = init.authorization;
  const response = await fetch(tokenUrl, {
    method: 'POST',
    headers,
    body: init.body ?? 'grant_type=client_credentials',
  });
  return { response, body: (await response.json()) as unknown };
}

const admin = basicAuth('acme-admin', 'acme-admin-secret');

describe('POST /auth/v1/oauth2/token', () => {
  it('issues a Bearer JWT for HTTP Basic credentials, not cacheable', async () => {
    const { response, body } = await post({ authorization: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const token = TokenResponseSchema.parse(body);
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });

    expect(decodeProtectedHeader(token.access_token).alg).toBe('ES256');
    const claims = decodeJwt(token.access_token);
    expect(claims).toMatchObject({ iss: service.url, sub: 'acme-admin', owner: 'acme' });
    expect(claims.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.perms).toEqual(expect.arrayContaining(['users.manage', 'sandbox', 'qc.review']));
    expect(String(claims.scope).split(' ')).toHaveLength(5);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(claims.jti).toBeTruthy();
  });

  it('gives a machine client a token without a user', async () => {
    const { body } = await post({
      authorization: basicAuth('acme-integration', 'acme-integration-secret'),
    });
    const claims = decodeJwt(TokenResponseSchema.parse(body).access_token);
    expect(claims.uid).toBeUndefined();
    expect(claims.perms).not.toContain('sandbox');
  });

  it('decodes form-encoded client ids and secrets', async () => {
    const { response } = await post({
      authorization: basicAuth('acme:odd id', 's3cr3t:with+plus%and space'),
    });
    expect(response.status).toBe(200);
  });

  it('grants the requested scopes only', async () => {
    const scope = `${service.url}/qc/write`;
    const { response, body } = await post({
      authorization: admin,
      body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
    });
    expect(response.status).toBe(200);
    expect(decodeJwt(TokenResponseSchema.parse(body).access_token).scope).toBe(scope);
  });

  it.each([
    ['a wrong secret', { authorization: basicAuth('acme-admin', 'wrong') }],
    ['an unknown client', { authorization: basicAuth('nobody', 'acme-admin-secret') }],
    ['no credentials', {}],
    ['a bearer header', { authorization: 'Bearer abc' }],
    ['garbage basic', { authorization: 'Basic !!!' }],
    // The hash would ignore a trailing NUL: "secret\0" must not pass as "secret".
    [
      'the right secret with a NUL after it',
      { authorization: basicAuth('acme-admin', 'acme-admin-secret\0') },
    ],
    [
      'a raw NUL in the base64',
      {
        authorization: `Basic ${Buffer.from('acme-admin:acme-admin-secret\0').toString('base64')}`,
      },
    ],
    [
      'a control character in the id',
      { authorization: basicAuth('acme-admin\n', 'acme-admin-secret') },
    ],
    [
      'credentials in the form body',
      {
        body: 'grant_type=client_credentials&client_id=acme-admin&client_secret=acme-admin-secret',
      },
    ],
    [
      'body credentials beside basic',
      {
        authorization: admin,
        body: 'grant_type=client_credentials&client_secret=acme-admin-secret',
      },
    ],
  ])('refuses %s with invalid_client (401, WWW-Authenticate: Basic)', async (_, init) => {
    const { response, body } = await post(init);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(OAuthErrorSchema.parse(body).error).toBe('invalid_client');
  });

  it.each([
    ['no grant_type', ''],
    ['grant_type=password', 'grant_type=password&username=a&password=b'],
    ['grant_type=authorization_code', 'grant_type=authorization_code&code=x'],
  ])('refuses %s with invalid_grant (400)', async (_, body) => {
    const result = await post({ authorization: admin, body });
    expect(result.response.status).toBe(400);
    expect(OAuthErrorSchema.parse(result.body).error).toBe('invalid_grant');
  });

  it.each([
    ['a misspelled scope', (base: string) => `${base}/qc/wirte`],
    ['a scope of another service', () => 'https://elsewhere.example/qc/write'],
    ['one bad scope among good ones', (base: string) => `${base}/qc/write ${base}/nope/write`],
  ])('refuses %s with invalid_scope (400)', async (_, scope) => {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      scope: scope(service.url),
    }).toString();
    const result = await post({ authorization: admin, body });
    expect(result.response.status).toBe(400);
    expect(OAuthErrorSchema.parse(result.body).error).toBe('invalid_scope');
  });

  it('refuses a scope the client is not provisioned for', async () => {
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      scope: `${service.url}/accounts/write`,
    }).toString();
    const result = await post({
      authorization: basicAuth('acme-reviewer', 'acme-reviewer-secret'),
      body,
    });
    expect(result.response.status).toBe(400);
    expect(OAuthErrorSchema.parse(result.body).error).toBe('invalid_scope');
  });

  it('refuses a repeated parameter with invalid_request (RFC 6749 §3.2)', async () => {
    const result = await post({
      authorization: admin,
      body: 'grant_type=client_credentials&grant_type=password',
    });
    expect(result.response.status).toBe(400);
    expect(OAuthErrorSchema.parse(result.body)).toEqual({
      error: 'invalid_request',
      error_description: 'parameter repeated: grant_type',
    });
  });

  it('answers another method with 405', async () => {
    const response = await fetch(tokenUrl);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('refuses a JSON body with invalid_request', async () => {
    const result = await post({
      authorization: admin,
      contentType: 'application/json',
      body: '{"grant_type":"client_credentials"}',
    });
    expect(result.response.status).toBe(400);
    expect(OAuthErrorSchema.parse(result.body).error).toBe('invalid_request');
  });

  it('works with a standard OAuth client (oauth4webapi, client_secret_basic)', async () => {
    const as: oauth.AuthorizationServer = { issuer: service.url, token_endpoint: tokenUrl };
    const client: oauth.Client = { client_id: 'acme-reviewer' };
    const response = await oauth.clientCredentialsGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic('acme-reviewer-secret'),
      { scope: `${service.url}/qc/write` },
      { [oauth.allowInsecureRequests]: true },
    );
    const result = await oauth.processClientCredentialsResponse(as, client, response);
    expect(result.token_type).toBe('bearer');
    expect(result.expires_in).toBe(3600);
    const me = await service.get('/accounts/v1/firms?owner=acme&limit=1', result.access_token);
    expect(me.status).toBe(200);
  });
});
