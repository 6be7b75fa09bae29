import { Hono } from 'hono';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { openApiDocument } from './document.ts';

/** `GET /openapi.json`: the service's OpenAPI 3.1 document, built from the contract (issue 20). */
export function openApiRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  const document = openApiDocument({ strict: ctx.profile.strict });
  routes.get('/openapi.json', (c) => c.json(document, 200));
  return routes;
}
