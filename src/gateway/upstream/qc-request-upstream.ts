import { QcRequestSchema, type QcRequest } from '../../contract/qc.ts';
import type { GatewayContext } from '../context.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { upstreamGet } from './upstream-get.ts';

/** A QC request id as the service makes them. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The request as the service answers it to the session, or its status when it will not. */
export async function upstreamRequest(
  ctx: GatewayContext,
  session: SessionRecord,
  id: string,
): Promise<{ status: 200; request: QcRequest } | { status: number; request?: undefined }> {
  const response = await upstreamGet(ctx, session, `/qc/v2/qc/requests/${id}`);
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return { status: response.status };
  }
  const parsed = QcRequestSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? { status: 200, request: parsed.data } : { status: 502 };
}
