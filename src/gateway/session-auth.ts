import type { MiddlewareHandler } from 'hono';
import type { AppEnv, GatewayContext } from './context.ts';
import { readSessionCookie } from './cookies.ts';
import { errorResponse, SESSION_MISSING } from './errors.ts';

/** Loads the cookie's session (401 without one) and counts the request as activity. */
export function requireSession(ctx: GatewayContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = ctx.sessions.find(readSessionCookie(c));
    if (!session) return errorResponse(c, 401, SESSION_MISSING);
    c.set('session', ctx.sessions.touch(session));
    await next();
  };
}
