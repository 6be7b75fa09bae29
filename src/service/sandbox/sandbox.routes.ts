import { Hono, type Context } from 'hono';
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
import { isLoopbackAddress } from '../../shared/hosts.ts';
import { notFound } from '../http/errors.ts';
import { jsonBody, uuidParam } from '../http/validate.ts';
import { deactivateUser, reactivateUser } from '../users/deactivation.ts';
import { userJson } from '../users/user-json.ts';
import { completeSignatureRequest } from './complete.ts';
import { deliveryRoutes } from './deliveries.routes.ts';
import { resetOwner } from './reset.ts';
import { signingCaRoutes } from './signing-ca.routes.ts';
import { markReviewStarted } from './review-started.ts';
import { qcRequestsJson } from '../qc/qc-json.ts';
import { qcRequestUploadRoutes } from './qc-requests.routes.ts';

/**
 * Controls for testing against the reference service (docs/design.md "sandbox controls"). Every
 * route needs the `sandbox` permission and acts on the caller's owner only, except the
 * clock, which is the service's one clock.
 */
export function sandboxRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();

  // Public (app.ts lets it through without a token): a gateway asks it whether the upstream
  // is a sandbox. The demo logins (every owner's secrets) go only to a caller on this
  // machine, such as the console's gateway beside it; the service prints them at start.
  routes.get('/info', (c) => {
    const info: SandboxInfo = {
      sandbox: true,
      service: 'attest-reference',
      now: ctx.clock.now().toISOString(),
      demoLogins: callerOnThisMachine(c)
        ? DEMO_CLIENTS.map(({ clientId, clientSecret, owner, summary }) => ({
            clientId,
            clientSecret,
            owner,
            summary,
          }))
        : [],
    };
    return c.json(info, 200);
  });

  // Before the sandbox permission: the console's gateway calls it with a reviewer's token
  // when the reviewer opens a pending request (ADR 020).
  routes.post('/qc/requests/:qcrID/review-started', (c) => {
    const { owner } = requirePermission(c, 'qc.review');
    const row = markReviewStarted(ctx, owner, uuidParam(c, 'qcrID'));
    return c.json(qcRequestsJson(ctx, [row])[0], 200);
  });

  routes.route('/', qcRequestUploadRoutes(ctx)); // Before the sandbox permission: qc.manage.

  routes.route('/', signingCaRoutes(ctx)); // Before the sandbox permission: any token.

  routes.use('*', async (c, next) => {
    requirePermission(c, 'sandbox');
    await next();
  });

  routes.post('/reset', async (c) => {
    const { owner } = c.get('principal');
    return c.json(await resetOwner(ctx, owner), 200);
  });

  routes.post('/signature-requests/:id/complete', async (c) => {
    const { owner } = c.get('principal');
    return c.json(await completeSignatureRequest(ctx, owner, uuidParam(c, 'id')), 200);
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

  // The interface has no operation that deactivates a user (spec, States: "not shown"); the
  // sandbox has one, so integrators can see what a deactivation does to a user's tokens.
  routes.post('/users/:userId/deactivate', (c) => {
    const { owner } = c.get('principal');
    return c.json(userJson(ctx, deactivateUser(ctx, owner, uuidParam(c, 'userId'))), 200);
  });

  routes.post('/users/:userId/reactivate', (c) => {
    const { owner } = c.get('principal');
    return c.json(userJson(ctx, reactivateUser(ctx, owner, uuidParam(c, 'userId'))), 200);
  });

  routes.route('/', deliveryRoutes(ctx));

  return routes;
}

/** Whether the request came over loopback (an in-process request, as in tests, counts). */
function callerOnThisMachine(c: Context): boolean {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return true;
  const incoming = env.incoming as { socket?: { remoteAddress?: string } } | undefined;
  return isLoopbackAddress(incoming?.socket?.remoteAddress);
}
