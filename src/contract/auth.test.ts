import { describe, expect, it } from 'vitest';
import {
  OAUTH_ERRORS,
  OAuthErrorSchema,
  PERMISSIONS,
  PermissionSchema,
  SCOPE_AREAS,
  TokenClaimsSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  scopeFor,
} from './auth.ts';
import { parsesOnly } from './testing/fixtures.ts';

const token = { access_token: 'eyJ.x.y', token_type: 'Bearer', expires_in: 3600 };

describe('TokenResponseSchema', () => {
  it.each([token, { ...token, token_type: 'bearer' }, { ...token, refresh_token: 'ignored' }])(
    'accepts %j as a Bearer token',
    (value) => expect(TokenResponseSchema.parse(value)).toEqual(token),
  );

  it.each([
    { ...token, access_token: '' },
    { ...token, token_type: 'MAC' },
    { ...token, expires_in: 0 },
    { ...token, expires_in: 1.5 },
    { ...token, expires_in: '3600' },
    { token_type: 'Bearer', expires_in: 3600 },
  ])('rejects %j', (value) => expect(TokenResponseSchema.safeParse(value).success).toBe(false));
});

describe('OAuthErrorSchema', () => {
  parsesOnly(
    OAuthErrorSchema,
    [
      ...OAUTH_ERRORS.map((error) => ({ error })),
      { error: 'invalid_grant', error_description: 'grant_type must be client_credentials' },
    ],
    [
      { error: 'nope' },
      { message: 'invalid_client' },
      { error: 'invalid_client', error_description: 1 },
    ],
  );
});

describe('TokenRequestSchema', () => {
  parsesOnly(
    TokenRequestSchema,
    [
      { grant_type: 'client_credentials' },
      { grant_type: 'client_credentials', scope: 'http://x/qc/write http://x/files/write' },
      // The handler, not the schema, answers a wrong grant with invalid_grant.
      { grant_type: 'password', client_id: 'ignored' },
    ],
    [{}, { grant_type: 1 }, { grant_type: 'client_credentials', scope: ['a'] }],
  );
});

describe('scopeFor', () => {
  it('builds every area scope under the base URL', () => {
    expect(SCOPE_AREAS.map((area) => scopeFor('http://127.0.0.1:8090', area))).toEqual([
      'http://127.0.0.1:8090/files/write',
      'http://127.0.0.1:8090/signatures/write',
      'http://127.0.0.1:8090/accounts/write',
      'http://127.0.0.1:8090/users/write',
      'http://127.0.0.1:8090/qc/write',
    ]);
  });

  it('ignores a trailing slash on the base URL', () => {
    expect(scopeFor('https://api.example.com/', 'qc')).toBe('https://api.example.com/qc/write');
  });
});

describe('PermissionSchema', () => {
  it.each(PERMISSIONS)('accepts %s', (value) => expect(PermissionSchema.parse(value)).toBe(value));
  it.each(['qc', 'users.write', 'QC.REVIEW', ''])('rejects %j', (value) =>
    expect(PermissionSchema.safeParse(value).success).toBe(false),
  );
});

describe('TokenClaimsSchema', () => {
  const claims = {
    iss: 'http://127.0.0.1:8090',
    sub: 'acme-reviewer',
    owner: 'acme',
    uid: '0190b8e4-7c3f-7a1b-8e2d-0a1b2c3d4e5f',
    perms: ['qc.review'],
    scope: 'http://127.0.0.1:8090/qc/write',
    iat: 1_714_564_800,
    exp: 1_714_568_400,
    jti: 'j-1',
  };
  const machine = { ...claims, uid: undefined };

  it.each([claims, machine, { ...claims, perms: [] }, { ...claims, aud: 'extra' }])(
    'accepts %j',
    (value) => expect(TokenClaimsSchema.safeParse(value).success).toBe(true),
  );

  it.each([
    { ...claims, owner: '' },
    { ...claims, uid: 'user-1' },
    { ...claims, perms: ['root'] },
    { ...claims, iat: '1714564800' },
    { ...claims, jti: undefined },
  ])('rejects %j', (value) => expect(TokenClaimsSchema.safeParse(value).success).toBe(false));

  it('rejects a token that expires before it was issued', () => {
    const result = TokenClaimsSchema.safeParse({ ...claims, exp: claims.iat });
    expect(result.error?.issues).toMatchObject([
      { path: ['exp'], message: 'exp must be later than iat' },
    ]);
  });
});
