import type { MiddlewareHandler } from 'hono';
import { noSuchEnvironment, type AppEnv, type GatewayContext } from '../context.ts';
import { readSessionCookie } from '../http/cookies.ts';
import { errorResponse, SESSION_MISSING } from '../errors.ts';

/** Loads the cookie's session (401 without one) and counts the request as activity. */
export function requireSession(ctx: GatewayContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await ctx.sessions.find(readSessionCookie(c));
    if (!session) return errorResponse(c, 401, SESSION_MISSING);
    // A staging session from before a restart without ATTEST_UAT_UPSTREAM: it cannot go on,
    // and must never go on against production.
    if (!ctx.targets[session.environment]) {
      await ctx.endSession(session.idHash);
      return errorResponse(c, 401, `${noSuchEnvironment(session.environment)}: sign in again`);
    }
    c.set('session', await ctx.sessions.touch(session));
    await next();
  };
}
