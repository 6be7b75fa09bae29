import { Hono } from 'hono';
import { QcRequestListQuerySchema, QcRequestPatchSchema } from '../../contract/qc.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireAnyPermission, requireListOwner, requirePermission } from '../http/auth.ts';
import {
  listPage,
  parseListParams,
  type ListDefinition,
  type ListFilter,
} from '../http/pagination.ts';
import { jsonBody, queryParams, uuidParam } from '../http/validate.ts';
import { decideQcRequest, getQcRow } from './decide.ts';
import { qcRequestsJson, type QcRow } from './qc-json.ts';

export const QC_REQUESTS: ListDefinition = {
  name: 'qcRequests',
  from: 'qc_requests q',
  select: 'q.*',
  ownerExpr: 'q.owner',
  idExpr: 'q.id',
  orderBy: { createdOn: { expr: 'q.created_on', field: 'created_on' } },
  defaultOrderBy: 'createdOn',
};

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
    const row = getQcRow(ctx, owner, uuidParam(c, 'qcrID'));
    return c.json(qcRequestsJson(ctx, [row])[0], 200);
  });

  routes.patch('/requests/:qcrID', async (c) => {
    const decider = requirePermission(c, 'qc.review');
    const id = uuidParam(c, 'qcrID');
    const body = await jsonBody(c, QcRequestPatchSchema);
    const decided = decideQcRequest(ctx, decider, id, body);
    return c.json(qcRequestsJson(ctx, [decided])[0], 200);
  });

  return routes;
}
