import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { TokenClaimsSchema, type Permission } from '../../contract/auth.ts';
import type { Principal, ServiceContext } from '../context.ts';
import { JWT_ALG } from '../keys.ts';

export const TOKEN_LIFETIME_SECONDS = 3600;

export interface ClientRecord {
  id: string;
  owner: string;
  userId: string | null;
  perms: Permission[];
  scopes: string[];
}

export async function issueToken(ctx: ServiceContext, client: ClientRecord, scopes: string[]) {
  const iat = ctx.clock.nowSeconds();
  const exp = iat + TOKEN_LIFETIME_SECONDS;
  const jti = randomUUID();
  const names = ctx.profile.claims;
  const claims: Record<string, unknown> = {
    [names.owner]: client.owner,
    [names.permissions]: client.perms,
    scope: scopes.join(' '),
  };
  if (client.userId) claims[names.user] = client.userId;
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: JWT_ALG, kid: ctx.keys.jwtKid, typ: 'at+jwt' })
    .setIssuer(ctx.baseUrl)
    .setSubject(client.id)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(jti)
    .sign(ctx.keys.jwtPrivateKey);
  // Tokens long expired are of no use to revocation; drop them as new ones are issued.
  ctx.db.prepare('DELETE FROM issued_tokens WHERE expires_at < ?').run(iat - 86400);
  ctx.db
    .prepare(
      'INSERT INTO issued_tokens (jti, client_id, issued_at, expires_at) VALUES (?, ?, ?, ?)',
    )
    .run(jti, client.id, iat, exp);
  return { access_token: token, token_type: 'Bearer' as const, expires_in: TOKEN_LIFETIME_SECONDS };
}

/** Revokes every token the client holds now; tokens it requests later work again. */
export function revokeClientTokens(ctx: ServiceContext, clientId: string): number {
  const now = ctx.clock.nowSeconds();
  const result = ctx.db
    .prepare(
      'UPDATE issued_tokens SET revoked_at = ? WHERE client_id = ? AND revoked_at IS NULL AND expires_at >= ?',
    )
    .run(now, clientId, now);
  return Number(result.changes);
}

/** Deactivated by now on the service clock (a deactivation time ahead is not in force yet). */
export function isDeactivated(ctx: ServiceContext, deactivatedOn: string | null): boolean {
  return deactivatedOn !== null && deactivatedOn <= ctx.clock.now().toISOString();
}

export class TokenError extends Error {
  override name = 'TokenError';
}

/** The claims of a token under the names the contract reads (`owner`, `uid`, `perms`). */
function underReferenceNames(ctx: ServiceContext, payload: unknown): unknown {
  const names = ctx.profile.claims;
  if (typeof payload !== 'object' || payload === null) return payload;
  const claims = payload as Record<string, unknown>;
  return {
    ...claims,
    owner: claims[names.owner],
    uid: claims[names.user],
    perms: claims[names.permissions],
  };
}

/** Verifies signature, algorithm, issuer, expiry and revocation; returns the caller. */
export async function verifyToken(ctx: ServiceContext, token: string): Promise<Principal> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, ctx.keys.jwtPublicKey, {
      algorithms: [JWT_ALG],
      issuer: ctx.baseUrl,
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
      currentDate: ctx.clock.now(),
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new TokenError('access token has expired');
    throw new TokenError('access token is invalid');
  }
  const claims = TokenClaimsSchema.safeParse(underReferenceNames(ctx, payload));
  if (!claims.success) throw new TokenError('access token is invalid');
  // One query by primary keys: the token's record, and whether its client's user has been
  // deactivated, which ends the user's tokens from that moment (users/deactivation.test.ts).
  const row = ctx.db
    .prepare(
      `SELECT t.revoked_at, u.deactivated_on FROM issued_tokens t
       JOIN clients c ON c.id = t.client_id
       LEFT JOIN users u ON u.id = c.user_id
       WHERE t.jti = ? AND t.client_id = ?`,
    )
    .get(claims.data.jti, claims.data.sub) as
    { revoked_at: number | null; deactivated_on: string | null } | undefined;
  if (!row) throw new TokenError('access token is invalid');
  // Deactivation first: a deactivation also revokes, and its reason is the one to give.
  if (isDeactivated(ctx, row.deactivated_on)) {
    throw new TokenError("the token's user has been deactivated");
  }
  if (row.revoked_at !== null) throw new TokenError('access token has been revoked');
  return {
    clientId: claims.data.sub,
    owner: claims.data.owner,
    userId: claims.data.uid,
    perms: new Set(claims.data.perms),
  };
}
