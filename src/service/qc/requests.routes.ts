import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { QcRequestListQuerySchema, QcRequestPatchSchema } from '../../contract/qc.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { isDeactivated } from '../auth/tokens.ts';
import { publishDocumentReady } from '../events/document-ready.ts';
import { requireAnyPermission, requireListOwner, requirePermission } from '../http/auth.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import {
  listPage,
  parseListParams,
  type ListDefinition,
  type ListFilter,
} from '../http/pagination.ts';
import { jsonBody, queryParams, uuidParam } from '../http/validate.ts';
import { transaction } from '../store/transaction.ts';
import { qcRequestsJson, versionItems, type QcRow, type Verdict } from './qc-json.ts';
import { allocateReviewShortId } from './review-short-id.ts';

export const QC_REQUESTS: ListDefinition = {
  name: 'qcRequests',
  from: 'qc_requests q',
  select: 'q.*',
  ownerExpr: 'q.owner',
  idExpr: 'q.id',
  orderBy: { createdOn: { expr: 'q.created_on', field: 'created_on' } },
  defaultOrderBy: 'createdOn',
};

function getRow(ctx: ServiceContext, owner: string, id: string): QcRow {
  const row = ctx.db
    .prepare('SELECT * FROM qc_requests WHERE id = ? AND owner = ?')
    .get(id, owner) as QcRow | undefined;
  if (!row) throw notFound(`QC request ${id} not found`);
  return row;
}

export function qcRequestRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();

  routes.get('/requests', (c) => {
    requireAnyPermission(c, ['qc.review', 'qc.manage']);
    const owner = requireListOwner(c, c.req.query('owner'));
    const query = queryParams(c, QcRequestListQuerySchema);
    const filter: ListFilter = { clauses: [], binding: {} };
    if (query.status) {
      filter.clauses.push({ sql: 'q.status = ?', params: [query.status] });
      filter.binding.status = query.status;
    }
    if (query.processId) {
      filter.clauses.push({ sql: 'q.process_id = ?', params: [query.processId] });
      filter.binding.processId = query.processId;
    }
    if (query.checklistId) {
      filter.clauses.push({
        sql: 'q.checklist_version_id IN (SELECT id FROM checklist_versions WHERE checklist_id = ?)',
        params: [query.checklistId],
      });
      filter.binding.checklistId = query.checklistId;
    }
    if (query.firmId) {
      filter.clauses.push({ sql: 'q.firm_id = ?', params: [query.firmId] });
      filter.binding.firmId = query.firmId;
    }
    const params = parseListParams(c.req.query(), owner, QC_REQUESTS);
    const { rows, pagination } = listPage<QcRow>(ctx, QC_REQUESTS, params, filter);
    return c.json({ qcRequests: qcRequestsJson(ctx, rows), pagination }, 200);
  });

  routes.get('/requests/:qcrID', (c) => {
    const { owner } = requireAnyPermission(c, ['qc.review', 'qc.manage']);
    const row = getRow(ctx, owner, uuidParam(c, 'qcrID'));
    return c.json(qcRequestsJson(ctx, [row])[0], 200);
  });

  routes.patch('/requests/:qcrID', async (c) => {
    const { owner, userId } = requirePermission(c, 'qc.review');
    const id = uuidParam(c, 'qcrID');
    const body = await jsonBody(c, QcRequestPatchSchema);
    const decided = transaction(ctx.db, () => {
      // Read and decide under the write lock: of two reviewers, exactly one finds it pending.
      const row = getRow(ctx, owner, id);
      if (row.status !== 'pending') {
        throw conflict(
          `QC request ${id} was already ${row.status} by ${row.reviewed_by ?? 'another reviewer'} on ${row.review_completed_on ?? 'an earlier date'}`,
        );
      }
      const reviewer = ctx.db
        .prepare('SELECT deactivated_on FROM users WHERE id = ? AND owner = ?')
        .get(body.reviewedBy, owner) as { deactivated_on: string | null } | undefined;
      if (!reviewer) throw badRequest('reviewedBy is not a user of this owner');
      // A person reviews as themselves; only a machine client (no user) may name the reviewer.
      if (userId && body.reviewedBy !== userId) {
        throw badRequest("reviewedBy must be the signed-in reviewer (the token's user)");
      }
      if (isDeactivated(ctx, reviewer.deactivated_on)) {
        throw badRequest('reviewedBy is a deactivated user');
      }

      const version = ctx.db
        .prepare('SELECT items FROM checklist_versions WHERE id = ?')
        .get(row.checklist_version_id) as { items: string };
      const items = versionItems(version.items);
      const verdicts = JSON.parse(row.verdicts) as Record<string, Verdict>;
      for (const update of body.checklistItems ?? []) {
        const item = items.find((i) => i.id === update.id);
        if (!item)
          throw badRequest(`checklist item ${update.id} is not on this request's checklist`);
        if (update.status === 'notApplicable' && !item.allowNA) {
          throw badRequest(`checklist item "${item.displayName}" cannot be not applicable`);
        }
        if (!update.status) {
          if (update.reviewerNote) {
            throw badRequest(
              `checklist item "${item.displayName}": a reviewerNote needs the item's status`,
            );
          }
          continue;
        }
        verdicts[item.id] = {
          status: update.status,
          completedBy: body.reviewedBy,
          ...(update.reviewerNote ? { reviewerNote: update.reviewerNote } : {}),
        };
      }
      if (body.status === 'approved') {
        const open = items.filter(
          (i) =>
            verdicts[i.id]?.status !== 'approved' && verdicts[i.id]?.status !== 'notApplicable',
        );
        if (open.length > 0) {
          throw badRequest(
            `approval needs every checklist item approved or not applicable; open: ${open.map((i) => i.displayName).join(', ')}`,
          );
        }
      }
      const now = ctx.clock.now().toISOString();
      ctx.db
        .prepare(
          `UPDATE qc_requests SET status = ?, verdicts = ?, notes = ?, review_id = ?, review_short_id = ?,
            review_started_on = COALESCE(review_started_on, ?), review_completed_on = ?, reviewed_by = ?
           WHERE id = ? AND status = 'pending'`,
        )
        .run(
          body.status,
          JSON.stringify(verdicts),
          body.notes?.trim() || null,
          randomUUID(),
          allocateReviewShortId(ctx.db, owner),
          now,
          now,
          body.reviewedBy,
          id,
        );
      if (body.status === 'approved') {
        const file = ctx.db.prepare('SELECT blob_key FROM files WHERE id = ?').get(row.file_id) as {
          blob_key: string;
        };
        publishDocumentReady(ctx, owner, row.file_id, row.blob_key ?? file.blob_key);
      }
      return getRow(ctx, owner, id);
    });
    return c.json(qcRequestsJson(ctx, [decided])[0], 200);
  });

  return routes;
}
