import { Hono } from 'hono';
import type { ServiceContext, ServiceEnv } from '../context.ts';

/** The media type of PEM certificates (RFC 8555 9.1). */
export const PEM_CERTIFICATE_TYPE = 'application/pem-certificate-chain';

/**
 * GET /sandbox/v1/signing-ca: the sandbox CA's certificate, which issued the one completed
 * documents are sealed with (ADR 033). Public material, so any token of any owner gets it; the
 * keys stay in the data folder.
 */
export function signingCaRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  routes.get('/signing-ca', (c) =>
    c.body(ctx.keys.sealing.caPem, 200, {
      'Content-Type': PEM_CERTIFICATE_TYPE,
      'Content-Disposition': 'inline; filename="attest-sandbox-signing-ca.pem"',
    }),
  );
  return routes;
}
