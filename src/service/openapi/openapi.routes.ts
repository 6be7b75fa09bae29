import { Hono } from 'hono';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { openApiDocument } from './document.ts';

/** `GET /openapi.json`: the service's OpenAPI 3.1 document, from the contract (ADR 022). */
export function openApiRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  // Built on the first request (most services, every test's, never serve it), then kept: it
  // depends only on the profile and the base URL, which names the spec's scopes.
  let document: Record<string, unknown> | undefined;
  routes.get('/openapi.json', (c) => {
    document ??= openApiDocument({ strict: ctx.profile.strict, baseUrl: ctx.baseUrl });
    return c.json(document, 200);
  });
  return routes;
}
