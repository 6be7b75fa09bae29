import { Hono } from 'hono';
import { z } from '../../contract/zod.ts';
import {
  QcProcessPatchSchema,
  QcProcessUpdateResponseSchema,
  type QcProcess,
} from '../../contract/qc.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireAnyPermission, requireListOwner, requirePermission } from '../http/auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { ownedList, ownedRow, requestedPage } from '../http/owned-lists.ts';
import type { ListFilter } from '../http/pagination.ts';
import { jsonBody, queryParams, uuidParam } from '../http/validate.ts';
import { transaction } from '../store/transaction.ts';

interface ProcessRow extends Record<string, unknown> {
  id: string;
  owner: string;
  display_name: string;
  description: string | null;
  checklist_id: string;
  created_on: string;
  archived_on: string | null;
}

export const PROCESSES = ownedList(
  'qcProcesses',
  'qc_processes p',
  'p.id, p.owner, p.display_name, p.description, p.checklist_id, p.created_on, p.archived_on',
  { displayName: 'display_name', createdOn: 'created_on' },
);

/** The list's own filter, beside the pagination parameters (also read by the OpenAPI document). */
export const ArchivedFilterSchema = z.object({
  archived: z.optional(z.enum(['true', 'false'], { error: 'archived must be true or false' })),
});

const processJson = (row: ProcessRow): QcProcess => ({
  id: row.id,
  owner: row.owner,
  displayName: row.display_name,
  ...(row.description !== null ? { description: row.description } : {}),
  createdOn: row.created_on,
  archivedOn: row.archived_on,
  checklistId: row.checklist_id,
});

export function qcProcessRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  const get = (owner: string, id: string) => {
    const row = ownedRow<ProcessRow>(ctx, PROCESSES, owner, id);
    if (!row) throw notFound(`QC process ${id} not found`);
    return row;
  };

  routes.get('/processes', (c) => {
    requireAnyPermission(c, ['qc.review', 'qc.manage']);
    const owner = requireListOwner(c, c.req.query('owner'));
    const { archived } = queryParams(c, ArchivedFilterSchema);
    const filter: ListFilter = { clauses: [], binding: {} };
    if (archived) {
      filter.clauses.push({
        sql: archived === 'true' ? 'p.archived_on IS NOT NULL' : 'p.archived_on IS NULL',
        params: [],
      });
      filter.binding.archived = archived;
    }
    const { rows, pagination } = requestedPage<ProcessRow>(ctx, c, owner, PROCESSES, filter);
    return c.json({ qcProcesses: rows.map(processJson), pagination }, 200);
  });

  routes.get('/processes/:qcpID', (c) => {
    const { owner } = requireAnyPermission(c, ['qc.review', 'qc.manage']);
    return c.json(processJson(get(owner, uuidParam(c, 'qcpID'))), 200);
  });

  routes.patch('/processes/:qcpID', async (c) => {
    const { owner } = requirePermission(c, 'qc.manage');
    const id = uuidParam(c, 'qcpID');
    const patch = await jsonBody(c, QcProcessPatchSchema);
    const row = transaction(ctx.db, () => {
      const current = get(owner, id);
      if (patch.checklistId) {
        const checklist = ctx.db
          .prepare('SELECT 1 FROM checklists WHERE id = ? AND owner = ?')
          .get(patch.checklistId, owner);
        if (!checklist) throw badRequest('checklistId is not a checklist of this owner');
      }
      ctx.db
        .prepare(
          'UPDATE qc_processes SET display_name = ?, description = ?, checklist_id = ?, archived_on = ? WHERE id = ?',
        )
        .run(
          patch.displayName?.trim() ?? current.display_name,
          patch.description ?? current.description,
          patch.checklistId ?? current.checklist_id,
          patch.archivedOn === undefined ? current.archived_on : patch.archivedOn,
          id,
        );
      return get(owner, id);
    });
    // The spec's update response leaves out description; its schema strips it.
    return c.json(QcProcessUpdateResponseSchema.parse(processJson(row)), 200);
  });

  return routes;
}
