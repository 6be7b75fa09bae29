import { FindingQuerySchema } from '../../contract/findings.ts';
import { firstIssue } from '../http/json-body.ts';
import type { FindingCursor, FindingFilter } from './store.ts';

// `GET /team/findings`'s query (ADR 029) read into the store's filter, and its cursor. A
// cursor is the position after a page's last finding, in the view it was made for: the
// owner's rows only are read whatever it says, so it carries no signature.

export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 100;

export interface ListRequest {
  filter: FindingFilter;
  limit: number;
  cursor: FindingCursor | undefined;
  /** The caller asked for their own only (`mine=true`). */
  mine: boolean;
}

export function cursorOf(view: FindingFilter['view'], cursor: FindingCursor): string {
  return Buffer.from(JSON.stringify({ v: view, k: cursor.key, id: cursor.id })).toString(
    'base64url',
  );
}

function readCursor(view: FindingFilter['view'], text: string): FindingCursor | undefined {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const { v, k, id } = value as Record<string, unknown>;
    if (v !== view || typeof k !== 'number' || !Number.isSafeInteger(k)) return undefined;
    return typeof id === 'string' && id.length <= 100 ? { key: k, id } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The query as the store reads it, `me` standing for `mine=true`; or why it is refused.
 */
export function readListQuery(
  query: Record<string, string>,
  me: string,
): { ok: true; request: ListRequest } | { ok: false; message: string } {
  const parsed = FindingQuerySchema.safeParse(query);
  if (!parsed.success) return { ok: false, message: firstIssue(parsed.error, 'bad query') };
  const q = parsed.data;
  const limit = q.limit === undefined ? PAGE_DEFAULT : Number(q.limit);
  if (limit < 1 || limit > PAGE_MAX) {
    return { ok: false, message: `limit must be 1 to ${PAGE_MAX}` };
  }
  const mine = q.mine === 'true';
  if (mine && q.responsible !== undefined && q.responsible !== me) {
    return { ok: false, message: 'ask for mine=true or for a responsible party, not both' };
  }
  const view = q.view ?? 'all';
  const cursor = q.cursor === undefined ? undefined : readCursor(view, q.cursor);
  if (q.cursor !== undefined && !cursor) {
    return { ok: false, message: 'the cursor is not one this list gave for this view' };
  }
  return {
    ok: true,
    request: {
      filter: {
        view,
        responsible: mine ? me : q.responsible,
        severity: q.severity,
        process: q.process,
        firm: q.firm,
        requestId: q.requestId?.toLowerCase(),
      },
      limit,
      cursor,
      mine,
    },
  };
}
