import { Hono } from 'hono';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { qcChecklistRoutes } from './checklists.routes.ts';
import { qcProcessRoutes } from './processes.routes.ts';
import { qcRequestRoutes } from './requests.routes.ts';

/** QC requests, processes and checklists, mounted at /qc/v2/qc. */
export function qcRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  routes.route('/', qcRequestRoutes(ctx));
  routes.route('/', qcProcessRoutes(ctx));
  routes.route('/', qcChecklistRoutes(ctx));
  return routes;
}
