import { Hono } from 'hono';
import type { ServiceContext, ServiceEnv } from '../context.ts';

// Mount point; the area's endpoints are being built (issue "The reference service, complete").
export function userRoutes(_ctx: ServiceContext) {
  return new Hono<ServiceEnv>();
}
