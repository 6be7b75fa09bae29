import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { accountRoutes } from './accounts/accounts.routes.ts';
import { apiDocsRoutes } from './api-docs/api-docs.routes.ts';
import { tokenRoutes } from './auth/token.routes.ts';
import { blobRoutes } from './files/blob.routes.ts';
import { fileRoutes } from './files/files.routes.ts';
import { openApiRoutes } from './openapi/openapi.routes.ts';
import { qcRoutes } from './qc/qc.routes.ts';
import { sandboxRoutes } from './sandbox/sandbox.routes.ts';
import { signatureRoutes } from './signatures/signatures.routes.ts';
import { userRoutes } from './users/users.routes.ts';
import type { ServiceContext, ServiceEnv } from './context.ts';
import { requireAuth } from './http/auth.ts';
import { jsonBodyLimit } from './http/body-limit.ts';
import { onlySpecFields } from './http/spec-fields.ts';
import { errorResponse, HttpError } from './http/errors.ts';
import { requireAllowedHost } from './http/host-allow-list.ts';
import { API_PREFIXES } from '../contract/common.ts';
import '../shared/zod-messages.ts';

export const PUBLIC_SANDBOX_INFO = '/sandbox/v1/info';
/** The one API route whose body is a file (sandbox/qc-requests.routes.ts). */
const SANDBOX_QC_REQUESTS = '/sandbox/v1/qc-requests';

/** JSON bodies of the API are small; uploads go to presigned URLs, not here. */
const JSON_BODY_LIMIT = 1024 * 1024;

export interface ServiceAppOptions {
  /** Host values answered (ADR 012), known to server.ts once it listens. Unchecked without. */
  allowedHosts?: () => ReadonlySet<string>;
}

/**
 * The reference service as one Hono app over a context (store, keys, clock, blobs). A
 * spec-strict service (ctx.profile) has no sandbox routes, answers with the spec's fields
 * only, and leaves its storage routes to a bucket app on an origin of their own.
 */
export function createServiceApp(ctx: ServiceContext, options: ServiceAppOptions = {}) {
  const app = new Hono<ServiceEnv>();
  const strict = ctx.profile.strict;

  // Before the Host check: load balancers probe by address, and the answer tells nothing.
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200));
  if (options.allowedHosts) app.use('*', requireAllowedHost(options.allowedHosts));

  const jsonLimit = jsonBodyLimit(JSON_BODY_LIMIT, 'request body is larger than 1 MB');
  // Presigned uploads, and the sandbox's PDF into QC, carry files and set their own limits.
  const carriesFile = (path: string) =>
    path.startsWith('/uploads') || (!strict && path === SANDBOX_QC_REQUESTS);
  app.use('*', (c, next) => (carriesFile(c.req.path) ? next() : jsonLimit(c, next)));
  if (strict) app.use('*', onlySpecFields(ctx.log));

  // The integrator's kit (ADR 022): the OpenAPI document and its reference page, public.
  app.route('/', openApiRoutes(ctx));
  app.route('/', apiDocsRoutes(ctx));
  app.route('/', tokenRoutes(ctx));
  if (!strict) app.route('/', blobRoutes(ctx));

  // Bearer tokens guard the API prefixes of the spec only, so any other path is a plain 404.
  const auth = requireAuth(ctx);
  for (const prefix of API_PREFIXES) {
    if (strict && prefix === 'sandbox') continue;
    app.use(`/${prefix}/*`, (c, next) =>
      // The one public API route: whether this upstream is a sandbox (sandbox.routes.ts).
      c.req.method === 'GET' && c.req.path === PUBLIC_SANDBOX_INFO ? next() : auth(c, next),
    );
  }
  app.route('/accounts/v1', accountRoutes(ctx));
  app.route('/files/v1', fileRoutes(ctx));
  app.route('/qc/v2/qc', qcRoutes(ctx));
  app.route('/signatures/v2', signatureRoutes(ctx));
  app.route('/users/v1', userRoutes(ctx));
  if (!strict) app.route('/sandbox/v1', sandboxRoutes(ctx));
  return withErrorAnswers(app, ctx);
}

/** A strict service's storage, as a bucket on an origin of its own would serve it. */
export function createBucketApp(ctx: ServiceContext, options: ServiceAppOptions = {}) {
  const app = new Hono<ServiceEnv>();
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200));
  if (options.allowedHosts) app.use('*', requireAllowedHost(options.allowedHosts));
  app.route('/', blobRoutes(ctx));
  return withErrorAnswers(app, ctx);
}

/** Unknown routes and thrown errors as `{message}`; never a stack trace. */
function withErrorAnswers(app: Hono<ServiceEnv>, ctx: ServiceContext) {
  app.notFound((c) => errorResponse(c, 404, `no route for ${c.req.method} ${c.req.path}`));
  app.all('/healthz', (c) => errorResponse(c, 405, 'use GET /healthz'));

  app.onError((error, c) => {
    if (error instanceof HttpError) return errorResponse(c, error.status, error.message);
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, error.status, error.message || 'bad request');
    }
    // The caller went away while sending its body (a cancelled fetch; the console's gateway
    // abandoning its request): ordinary, and nobody is left to answer.
    if (c.req.raw.signal.aborted || ('code' in error && error.code === 'ECONNRESET')) {
      return errorResponse(c, 400, 'the request was cut off');
    }
    // Never send a stack trace or SQL to the caller; the log has them.
    ctx.log(`unexpected error on ${c.req.method} ${c.req.path}`, error);
    return errorResponse(c, 500, 'internal error');
  });

  return app;
}
