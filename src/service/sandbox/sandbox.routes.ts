import { Hono } from 'hono';
import { DEMO_CLIENTS } from '../seed/demo-clients.ts';
import {
  ClockAdvanceSchema,
  type ClockAdvanceResult,
  type RevokeResult,
  type SandboxInfo,
} from '../../contract/sandbox.ts';
import { revokeClientTokens } from '../auth/tokens.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requirePermission } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { jsonBody, uuidParam } from '../http/validate.ts';
import { completeSignatureRequest } from './complete.ts';
import { deliveryRoutes } from './deliveries.routes.ts';
import { resetOwner } from './reset.ts';

/**
 * Controls for testing against the reference service (DESIGN.md "sandbox controls"). Every
 * route needs the `sandbox` permission and acts on the caller's owner only, except the
 * clock, which is the service's one clock.
 */
export function sandboxRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();

  // Public (app.ts lets it through without a token): a sign-in page asks it whether the
  // upstream is a sandbox, and lists the demo logins, which the service prints anyway.
  routes.get('/info', (c) => {
    const info: SandboxInfo = {
      sandbox: true,
      service: 'attest-reference',
      now: ctx.clock.now().toISOString(),
      demoLogins: DEMO_CLIENTS.map(({ clientId, clientSecret, owner, summary }) => ({
        clientId,
        clientSecret,
        owner,
        summary,
      })),
    };
    return c.json(info, 200);
  });

  routes.use('*', async (c, next) => {
    requirePermission(c, 'sandbox');
    await next();
  });

  routes.post('/reset', async (c) => {
    const { owner } = c.get('principal');
    return c.json(await resetOwner(ctx, owner), 200);
  });

  routes.post('/signature-requests/:id/complete', (c) => {
    const { owner } = c.get('principal');
    return c.json(completeSignatureRequest(ctx, owner, uuidParam(c, 'id')), 200);
  });

  // Moves the clock forward and runs the deliveries that became due, so a retry schedule of
  // hours (or a token's expiry) can be shown in seconds.
  routes.post('/clock/advance', async (c) => {
    const { seconds } = await jsonBody(c, ClockAdvanceSchema);
    ctx.clock.advance(seconds * 1000);
    await ctx.events.tick();
    const result: ClockAdvanceResult = { now: ctx.clock.now().toISOString() };
    return c.json(result, 200);
  });

  routes.post('/clients/:clientId/revoke', (c) => {
    const { owner } = c.get('principal');
    const clientId = c.req.param('clientId');
    const client = ctx.db
      .prepare('SELECT id FROM clients WHERE id = ? AND owner = ?')
      .get(clientId, owner);
    if (!client) throw notFound(`client ${clientId} not found`);
    const result: RevokeResult = { revoked: revokeClientTokens(ctx, clientId) };
    return c.json(result, 200);
  });

  routes.route('/', deliveryRoutes(ctx));

  return routes;
}
