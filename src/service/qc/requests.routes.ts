import { Hono } from 'hono';
import { QcRequestListQuerySchema, QcRequestPatchSchema } from '../../contract/qc.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireAnyPermission, requireListOwner, requirePermission } from '../http/auth.ts';
import { filterOf, ownedList, requestedPage } from '../http/owned-lists.ts';
import { jsonBody, queryParams, uuidParam } from '../http/validate.ts';
import { checkDecision, decideQcRequest, getQcRow } from './decide.ts';
import { qcRequestsJson, type QcRow } from './qc-json.ts';
import { sealForApproval } from './seal-approved.ts';

export const QC_REQUESTS = ownedList('qcRequests', 'qc_requests q', 'q.*', {
  createdOn: 'created_on',
});

export function qcRequestRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();

  routes.get('/requests', (c) => {
    requireAnyPermission(c, ['qc.review', 'qc.manage']);
    const owner = requireListOwner(c, c.req.query('owner'));
    const query = queryParams(c, QcRequestListQuerySchema);
    const filter = filterOf(query, {
      status: 'q.status = ?',
      processId: 'q.process_id = ?',
      checklistId:
        'q.checklist_version_id IN (SELECT id FROM checklist_versions WHERE checklist_id = ?)',
      firmId: 'q.firm_id = ?',
    });
    const { rows, pagination } = requestedPage<QcRow>(ctx, c, owner, QC_REQUESTS, filter);
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
    // Refused before anything is made for it; then, before the decision's transaction, which
    // cannot wait for it, the seal of what an approval hands out.
    const { row } = checkDecision(ctx, decider, id, body);
    const approved = body.status === 'approved' ? await sealForApproval(ctx, row) : undefined;
    const decided = decideQcRequest(ctx, decider, id, body, approved);
    return c.json(qcRequestsJson(ctx, [decided])[0], 200);
  });

  return routes;
}
