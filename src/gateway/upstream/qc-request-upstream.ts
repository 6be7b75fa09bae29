import { QcRequestSchema, type QcRequest } from '../../contract/qc.ts';
import { targetOf, type GatewayContext } from '../context.ts';
import type { SessionRecord } from '../session/sessions.ts';

/** A QC request id as the service makes them. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The request as the service answers it to the session, or its status when it will not. */
export async function upstreamRequest(
  ctx: GatewayContext,
  session: SessionRecord,
  id: string,
): Promise<{ status: 200; request: QcRequest } | { status: number; request?: undefined }> {
  const { base } = targetOf(ctx.targets, session.environment);
  const ask = (token: string) =>
    ctx.fetch(`${base}/qc/v2/qc/requests/${id}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      redirect: 'manual',
    });
  const token = await ctx.tokens.token(session);
  let response = await ask(token);
  const fresh = response.status === 401 ? await ctx.tokens.refresh(session, token) : null;
  if (fresh) {
    await response.body?.cancel().catch(() => {});
    response = await ask(fresh);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return { status: response.status };
  }
  const parsed = QcRequestSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? { status: 200, request: parsed.data } : { status: 502 };
}
