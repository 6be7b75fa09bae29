import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { Permission } from '../../contract/auth.ts';
import { TokenError, verifyToken } from '../auth/tokens.ts';
import type { Principal, ServiceContext, ServiceEnv } from '../context.ts';
import { badRequest, unauthorized } from './errors.ts';

export type { Principal };

/** Every API route: a valid bearer token or 401 `{message}`. */
export function requireAuth(ctx: ServiceContext) {
  return createMiddleware<ServiceEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) throw unauthorized('missing Authorization header (expected: Bearer <token>)');
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
    if (!match?.[1]) throw unauthorized('Authorization header must be: Bearer <token>');
    try {
      c.set('principal', await verifyToken(ctx, match[1]));
    } catch (error) {
      if (error instanceof TokenError) throw unauthorized(error.message);
      throw error;
    }
    await next();
  });
}

/** The spec answers a client without permission for the endpoint with 401. */
export function requirePermission(c: Context<ServiceEnv>, permission: Permission): Principal {
  const principal = c.get('principal');
  if (!principal.perms.has(permission)) {
    throw unauthorized(`this client lacks the ${permission} permission`);
  }
  return principal;
}

/** Endpoints open to several roles (QC reads: reviewers and QC managers). */
export function requireAnyPermission(c: Context<ServiceEnv>, permissions: Permission[]): Principal {
  const principal = c.get('principal');
  if (!permissions.some((p) => principal.perms.has(p))) {
    throw unauthorized(`this client lacks the ${permissions.join(' or ')} permission`);
  }
  return principal;
}

/** List endpoints take `owner`, which must be the token's owner. */
export function requireListOwner(c: Context<ServiceEnv>, owner: string | undefined): string {
  const principal = c.get('principal');
  if (!owner) throw badRequest('owner query parameter is required');
  if (owner !== principal.owner) throw unauthorized(`this token may not read owner ${owner}`);
  return owner;
}
