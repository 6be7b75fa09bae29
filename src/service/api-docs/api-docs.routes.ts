import { Hono } from 'hono';
import type { ServiceContext, ServiceEnv } from '../context.ts';

/** `GET /docs`: the API reference page over /openapi.json. Placeholder until it lands. */
export function apiDocsRoutes(_ctx: ServiceContext) {
  return new Hono<ServiceEnv>();
}
