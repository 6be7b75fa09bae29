import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv, GatewayContext } from './context.ts';
import { requireJsonBody, requireSameOrigin } from './http/csrf.ts';
import { DATABASE_UNAVAILABLE, DatabaseUnavailableError } from './db/sql.ts';
import { errorResponse, GatewayError } from './errors.ts';
import { eventRoutes } from './events/events.routes.ts';
import { findingRoutes } from './findings/findings.routes.ts';
import { mailRoutes } from './mail/mail.routes.ts';
import { reportRoutes } from './report/report.routes.ts';
import { checkRoutes } from './checks/checks.routes.ts';
import { compression } from './http/compression.ts';
import { requireAllowedHost } from './http/host-allow-list.ts';
import { managementRoutes } from './qc-management/management.routes.ts';
import { noticeRoutes } from './notices/notices.routes.ts';
import { pageImageRoutes } from './first-visit/page-image.routes.ts';
import { firstScreens } from './first-visit/prerender.ts';
import { proxyRoutes } from './upstream/proxy.ts';
import { qcProxyRules } from './reviews/qc-rules.ts';
import { atOneReading } from './http/request-path.ts';
import { pageSession, sessionRoutes } from './session/session.routes.ts';
import { securityHeaders, staticRoutes } from './http/static.ts';
import { reviewRoutes } from './reviews/reviews.routes.ts';
import { webhookRoutes } from './events/webhooks.routes.ts';
import '../shared/zod-messages.ts';

/** The gateway as one Hono app over its context. */
export function createGatewayApp(ctx: GatewayContext) {
  const app = new Hono<AppEnv>();
  // Before anything looks at the path: every rule below, and the upstream, read it as one
  // (ADR 027). A path that reads otherwise is read again at its one reading.
  app.use('*', async (c, next) => {
    const read = atOneReading(c.req.raw);
    if (read === c.req.raw) return next();
    if ('refused' in read) {
      c.header('X-Content-Type-Options', 'nosniff');
      return errorResponse(c, 400, read.refused);
    }
    return app.fetch(read, c.env);
  });
  // Presigned URLs point at the service that made them: staging's origin is allowed too.
  const { production, staging } = ctx.targets;
  const presigned = staging
    ? [new URL(staging.base).origin, ...ctx.storageOrigins]
    : ctx.storageOrigins;
  app.use('*', securityHeaders(new URL(production.base).origin, presigned));
  // Large JSON and HTML gzipped on the way out; small answers as they are (compression.ts).
  app.use('*', ...compression());

  // Before the Host check: load balancers probe by address, and the answer tells nothing.
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200));
  app.use(
    '*',
    requireAllowedHost(() => ctx.hosts, ctx.trustProxy),
  );

  // The browser's state-changing routes; /webhooks is server-to-server and signed instead.
  for (const path of ['/session', '/api/*', '/team/*']) {
    app.use(
      path,
      requireSameOrigin(() => ctx.hosts),
    );
    app.use(path, requireJsonBody());
  }

  app.route('/', sessionRoutes(ctx));
  // The proxy is general; the QC team's rules (holds, the decision history) are its hook.
  app.route('/', proxyRoutes(ctx, qcProxyRules(ctx)));
  app.route('/', eventRoutes(ctx));
  // Before the reviews' routes: a notary reads their own findings, and nothing else of /team.
  app.route('/', findingRoutes(ctx));
  // So too their choice of e-mail.
  app.route('/', mailRoutes(ctx));
  app.route('/', reviewRoutes(ctx));
  app.route('/', managementRoutes(ctx));
  app.route('/', reportRoutes(ctx));
  app.route('/', checkRoutes(ctx));
  app.route('/', noticeRoutes(ctx));
  app.route('/', webhookRoutes(ctx));
  app.route('/', pageImageRoutes(ctx, ctx.drawer));
  app.route(
    '/',
    staticRoutes(ctx.distDir, {
      sourceMaps: ctx.sourceMaps,
      pageSession: pageSession(ctx),
      // The page's data is asked of this very app, with the browser's own headers.
      firstScreen: firstScreens(
        ctx.distDir,
        async (request, env) => app.fetch(request, env as object),
        ctx.log,
      ),
    }),
  );

  app.notFound((c) => errorResponse(c, 404, `no route for ${c.req.method} ${c.req.path}`));

  app.onError((error, c) => {
    if (error instanceof GatewayError) return errorResponse(c, error.status, error.message);
    if (error instanceof DatabaseUnavailableError) {
      // Not a bug: the database is down or restarting. Nothing was written; a webhook sender
      // retries a 503, and so may the browser.
      ctx.log(`${c.req.method} ${c.req.path}: ${error.message}`);
      c.header('Retry-After', '5');
      return errorResponse(c, 503, DATABASE_UNAVAILABLE);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, error.status, error.message || 'bad request');
    }
    // Never a stack trace to the browser; the log has it.
    ctx.log(`unexpected error on ${c.req.method} ${c.req.path}`, error);
    return errorResponse(c, 500, 'internal error');
  });

  return app;
}
