import { Hono } from 'hono';
import type { QcChecklist } from '../../contract/qc.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireAnyPermission, requireListOwner } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { ownedList, ownedRow, requestedPage } from '../http/owned-lists.ts';
import { uuidParam } from '../http/validate.ts';
import { versionItems } from './qc-json.ts';

interface ChecklistRow extends Record<string, unknown> {
  id: string;
  owner: string;
  display_name: string;
  description: string | null;
  created_on: string;
}

export const CHECKLISTS = ownedList(
  'qcChecklists',
  'checklists c',
  'c.id, c.owner, c.display_name, c.description, c.created_on',
  { displayName: 'display_name', createdOn: 'created_on' },
);

/** A checklist with its versions; the newest version is active and its items are listed. */
function checklistJson(ctx: ServiceContext, row: ChecklistRow): QcChecklist {
  const versions = ctx.db
    .prepare(
      'SELECT version, items, created_on FROM checklist_versions WHERE checklist_id = ? ORDER BY created_on, version',
    )
    .all(row.id) as { version: string; items: string; created_on: string }[];
  const active = versions.at(-1);
  return {
    id: row.id,
    owner: row.owner,
    displayName: row.display_name,
    ...(row.description !== null ? { description: row.description } : {}),
    createdOn: row.created_on,
    version: active?.version ?? '',
    versions: versions.map((v) => ({ version: v.version, createdOn: v.created_on })),
    items: active ? versionItems(active.items) : [],
  };
}

export function qcChecklistRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();

  routes.get('/checklists', (c) => {
    requireAnyPermission(c, ['qc.review', 'qc.manage']);
    const owner = requireListOwner(c, c.req.query('owner'));
    const { rows, pagination } = requestedPage<ChecklistRow>(ctx, c, owner, CHECKLISTS);
    return c.json({ qcChecklists: rows.map((row) => checklistJson(ctx, row)), pagination }, 200);
  });

  routes.get('/checklists/:checklistId', (c) => {
    const { owner } = requireAnyPermission(c, ['qc.review', 'qc.manage']);
    const id = uuidParam(c, 'checklistId');
    const row = ownedRow<ChecklistRow>(ctx, CHECKLISTS, owner, id);
    if (!row) throw notFound(`QC checklist ${id} not found`);
    return c.json(checklistJson(ctx, row), 200);
  });

  return routes;
}
