import { QcProcessListSchema, type QcProcess } from '../../contract/qc.ts';
import { targetOf, type GatewayContext } from '../context.ts';
import type { SessionRecord } from '../session/sessions.ts';

// The one upstream question QC management asks (ADR 021): is this process the owner's, and
// what is it called? Asked with the session's own token, so the service decides who may see.

/** Pages read at most: 50 pages of 100 processes is more than any owner keeps. */
const MAX_PAGES = 50;
const PAGE = 100;

export type ProcessLookup =
  { status: 200; process: QcProcess } | { status: 404 } | { status: 502; reason: string };

/**
 * The owner's process `processId`, from `GET /qc/v2/qc/processes?owner=…`, page by page (the
 * spec shows no single-process read). A refusal (401 after a refresh, 403) is a 404 here: the
 * caller may not see it.
 */
export async function findProcess(
  ctx: GatewayContext,
  session: SessionRecord,
  processId: string,
): Promise<ProcessLookup> {
  const { base } = targetOf(ctx.targets, session.environment);
  const ask = (token: string, cursor: string) => {
    const query = new URLSearchParams({ owner: session.owner, limit: String(PAGE) });
    if (cursor) query.set('cursor', cursor);
    return ctx.fetch(`${base}/qc/v2/qc/processes?${query}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      redirect: 'manual',
    });
  };
  let cursor = '';
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const token = await ctx.tokens.token(session);
    let response = await ask(token, cursor);
    const fresh = response.status === 401 ? await ctx.tokens.refresh(session, token) : null;
    if (fresh) {
      await response.body?.cancel().catch(() => {});
      response = await ask(fresh, cursor);
    }
    if (response.status === 401 || response.status === 403 || response.status === 404) {
      await response.body?.cancel().catch(() => {});
      return { status: 404 };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return { status: 502, reason: `the service answered ${response.status}` };
    }
    const list = QcProcessListSchema.safeParse(await response.json().catch(() => undefined));
    if (!list.success) return { status: 502, reason: 'the service’s answer was not a list' };
    const found = list.data.qcProcesses.find((p) => p.id.toLowerCase() === processId);
    if (found) return { status: 200, process: found };
    cursor = list.data.pagination.nextCursor;
    if (!cursor) return { status: 404 };
  }
  return { status: 404 };
}
