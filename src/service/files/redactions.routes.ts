import { Hono } from 'hono';
import type { Permission } from '../../contract/auth.ts';
import { RedactionListQuerySchema, type Redaction } from '../../contract/redactions.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireAnyPermission, requireListOwner } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { filterOf, ownedList, ownedRow, requestedPage } from '../http/owned-lists.ts';
import { queryParams, uuidParam } from '../http/validate.ts';

// The redactions the spec's list envelope names (interface-gaps #7, #23): read-only, since
// the spec shows no operation that makes one; the demo seed draws them.

export interface RedactionRow extends Record<string, unknown> {
  id: string;
  owner: string;
  file_id: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  reason: string;
  created_by: string | null;
  created_on: string;
}

export const REDACTIONS = ownedList(
  'redactions',
  'redactions r',
  'r.id, r.owner, r.file_id, r.page, r.x, r.y, r.width, r.height, r.reason, r.created_by, r.created_on',
  { createdOn: 'created_on' },
);

const redactionJson = (row: RedactionRow): Redaction => ({
  id: row.id,
  owner: row.owner,
  fileId: row.file_id,
  page: row.page,
  x: row.x,
  y: row.y,
  width: row.width,
  height: row.height,
  reason: row.reason,
  createdOn: row.created_on,
  ...(row.created_by ? { createdBy: row.created_by } : {}),
});

/** Mounted by fileRoutes under /files/v1, readable by whoever may read files (`readers`). */
export function redactionRoutes(ctx: ServiceContext, readers: readonly Permission[]) {
  const routes = new Hono<ServiceEnv>();

  routes.get('/redactions', (c) => {
    requireAnyPermission(c, [...readers]);
    const owner = requireListOwner(c, c.req.query('owner'));
    const query = queryParams(c, RedactionListQuerySchema);
    // Scoped by owner like every list, so another owner's fileId finds nothing.
    const filter = filterOf(query, { fileId: 'r.file_id = ?' });
    const { rows, pagination } = requestedPage<RedactionRow>(ctx, c, owner, REDACTIONS, filter);
    return c.json({ redactions: rows.map(redactionJson), pagination }, 200);
  });

  routes.get('/redactions/:redactionId', (c) => {
    const { owner } = requireAnyPermission(c, [...readers]);
    const id = uuidParam(c, 'redactionId');
    const row = ownedRow<RedactionRow>(ctx, REDACTIONS, owner, id);
    if (!row) throw notFound(`redaction ${id} not found`);
    return c.json(redactionJson(row), 200);
  });

  return routes;
}
