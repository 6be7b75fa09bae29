import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import { ErrorBodySchema } from '../../contract/common.ts';
import { revokeClientTokens } from '../auth/tokens.ts';
import { startTestService, type TestService } from '../testing/service.ts';

let service: TestService;
const FIRMS = '/accounts/v1/firms?owner=acme';

it.beforeAll(async ({ service: started }) => {
  service = started;
});

async function expect401(path: string, authorization: string | undefined, message: RegExp) {
  const response = await fetch(`${service.url}${path}`, {
    headers: authorization === undefined ? {} : { authorization },
  });
  expect(response.status).toBe(401);
  expect(ErrorBodySchema.parse(await response.json()).message).toMatch(message);
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with the service's own key but never issued by its token endpoint. */
function claimsFor(overrides: Record<string, unknown> = {}) {
  return { owner: 'acme', perms: ['accounts.write'], scope: '', ...overrides };
}

describe('bearer tokens', () => {
  it('accepts a token from the token endpoint', async () => {
    const token = await service.token('acme-admin');
    expect((await service.get(FIRMS, token)).status).toBe(200);
  });

  it.each([
    ['no Authorization header', undefined, /missing Authorization/],
    ['an empty header', '', /missing Authorization/],
    ['another scheme', 'Basic YWJjOmRlZg==', /Bearer/],
    ['Bearer without a token', 'Bearer ', /Bearer/],
    ['a token that is not a JWT', 'Bearer not-a-jwt', /invalid/],
  ])('refuses %s', async (_, header, message) => {
    await expect401(FIRMS, header, message);
  });

  it('refuses a truncated token', async () => {
    const token = await service.token('acme-admin');
    await expect401(FIRMS, `Bearer ${token.slice(0, -10)}`, /invalid/);
  });

  it('refuses a token with a changed payload', async () => {
    const [header, , signature] = (await service.token('acme-reviewer')).split('.');
    const forged = b64({
      ...claimsFor({ perms: ['accounts.write'] }),
      sub: 'acme-reviewer',
      iss: service.url,
    });
    await expect401(FIRMS, `Bearer ${header}.${forged}.${signature}`, /invalid/);
  });

  it('refuses alg none', async () => {
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      ...claimsFor(),
      iss: service.url,
      sub: 'acme-admin',
      iat: now,
      exp: now + 600,
      jti: randomUUID(),
    };
    await expect401(
      FIRMS,
      `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`,
      /invalid/,
    );
  });

  // Forged tokens below are registered in issued_tokens like real ones, so the jti lookup
  // passes and the one property each test changes is what gets the token refused.
  interface Forge {
    claims?: Record<string, unknown>;
    drop?: ('iss' | 'exp' | 'iat')[];
    alg?: string;
    key?: CryptoKey | Uint8Array;
  }
  async function forge({
    claims = {},
    drop = [],
    alg = 'ES256',
    key,
  }: Forge = {}): Promise<string> {
    const jti = randomUUID();
    const now = service.ctx.clock.nowSeconds();
    const body: Record<string, unknown> = {
      iss: service.url,
      sub: 'acme-admin',
      iat: now,
      exp: now + 600,
      jti,
      owner: 'acme',
      perms: ['accounts.write'],
      scope: '',
      ...claims,
    };
    for (const name of drop) delete body[name];
    service.ctx.db
      .prepare(
        'INSERT INTO issued_tokens (jti, client_id, issued_at, expires_at) VALUES (?, ?, ?, ?)',
      )
      .run(jti, 'acme-admin', now, now + 600);
    return new SignJWT(body)
      .setProtectedHeader({ alg })
      .sign(key ?? service.ctx.keys.jwtPrivateKey);
  }

  it('accepts a forged token with nothing changed (the control for the tests below)', async () => {
    expect((await service.get(FIRMS, await forge())).status).toBe(200);
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    await expect401(FIRMS, `Bearer ${await forge({ key: privateKey })}`, /invalid/);
  });

  it('refuses HS256 keyed with the public key (algorithm confusion)', async () => {
    const jwk = await exportJWK(service.ctx.keys.jwtPublicKey);
    for (const secret of [
      JSON.stringify(jwk),
      JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }),
    ]) {
      const token = await forge({ alg: 'HS256', key: new TextEncoder().encode(secret) });
      await expect401(FIRMS, `Bearer ${token}`, /invalid/);
    }
  });

  it.each([
    ['another issuer', { claims: { iss: 'http://127.0.0.1:1' } }],
    ['no issuer', { drop: ['iss'] }],
    ['no exp', { drop: ['exp'] }],
    ['no iat', { drop: ['iat'] }],
    ['no owner', { claims: { owner: undefined } }],
    ['an unknown permission', { claims: { perms: ['root'] } }],
  ] as [string, Forge][])('refuses a token with %s', async (_, change) => {
    await expect401(FIRMS, `Bearer ${await forge(change)}`, /invalid/);
  });

  it('refuses a well-signed token the token endpoint never issued', async () => {
    const token = await new SignJWT(claimsFor())
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(service.url)
      .setSubject('acme-admin')
      .setIssuedAt()
      .setExpirationTime('10m')
      .setJti(randomUUID())
      .sign(service.ctx.keys.jwtPrivateKey);
    await expect401(FIRMS, `Bearer ${token}`, /invalid/);
  });

  it('refuses a token of another running service', async () => {
    const other = await startTestService({ seed: true });
    try {
      const foreign = await other.token('acme-admin');
      await expect401(FIRMS, `Bearer ${foreign}`, /invalid/);
    } finally {
      await other.close();
    }
  });

  it('refuses an expired token, judged by the service clock', async () => {
    const token = await service.token('acme-admin');
    service.ctx.clock.advance(3601 * 1000);
    try {
      await expect401(FIRMS, `Bearer ${token}`, /expired/);
      // A token issued after the jump works: expiry is relative to the same clock.
      expect((await service.get(FIRMS, await service.token('acme-admin'))).status).toBe(200);
    } finally {
      // The clock only moves forward; later tests get fresh tokens at the new time.
    }
  });

  it('refuses a revoked token, and a token issued after revocation works', async () => {
    const token = await service.token('acme-integration');
    expect(revokeClientTokens(service.ctx, 'acme-integration')).toBeGreaterThan(0);
    await expect401(FIRMS, `Bearer ${token}`, /revoked/);
    const fresh = await service.token('acme-integration');
    expect((await service.get(FIRMS, fresh)).status).toBe(200);
  });

  it('answers 401 {message} for an API route even when the route does not exist', async () => {
    await expect401('/qc/v2/nothing-here', undefined, /missing Authorization/);
  });
});
