import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contract/common.ts';
import { revokeClientTokens } from '../auth/tokens.ts';
import { startTestService, type TestService } from '../testing.ts';

let service: TestService;
const FIRMS = '/accounts/v1/firms?owner=acme';

beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());

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

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await new SignJWT(claimsFor())
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(service.url)
      .setSubject('acme-admin')
      .setIssuedAt()
      .setExpirationTime('10m')
      .setJti(randomUUID())
      .sign(privateKey);
    await expect401(FIRMS, `Bearer ${token}`, /invalid/);
  });

  it('refuses HS256 keyed with the public key (algorithm confusion)', async () => {
    const secret = new TextEncoder().encode(JSON.stringify(service.ctx.keys.jwtPublicKey));
    const token = await new SignJWT(claimsFor())
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(service.url)
      .setSubject('acme-admin')
      .setIssuedAt()
      .setExpirationTime('10m')
      .setJti(randomUUID())
      .sign(secret);
    await expect401(FIRMS, `Bearer ${token}`, /invalid/);
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

  it('refuses a token of another issuer', async () => {
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
