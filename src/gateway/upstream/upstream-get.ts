import { targetOf, type GatewayContext } from '../context.ts';
import type { SessionRecord } from '../session/sessions.ts';

/**
 * `GET {service}{path}` with the session's token, once more with a fresh token after a 401
 * (the token expired or was revoked): the gateway's own questions to the service, asked as
 * the session, so the service decides what it may see.
 */
export async function upstreamGet(
  ctx: GatewayContext,
  session: SessionRecord,
  path: string,
): Promise<Response> {
  const { base } = targetOf(ctx.targets, session.environment);
  const ask = (token: string) =>
    ctx.fetch(`${base}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      redirect: 'manual',
    });
  const token = await ctx.tokens.token(session);
  const response = await ask(token);
  const fresh = response.status === 401 ? await ctx.tokens.refresh(session, token) : null;
  if (!fresh) return response;
  await response.body?.cancel().catch(() => {});
  return ask(fresh);
}
