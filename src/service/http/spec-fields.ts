import type { MiddlewareHandler } from 'hono';
import { EntitySchema, FirmListSchema } from '../../contract/accounts.ts';
import { listEnvelope } from '../../contract/common.ts';
import {
  QcProcessListSchema,
  QcProcessSchema,
  QcProcessUpdateResponseSchema,
  QcRequestSchema,
} from '../../contract/qc.ts';
import {
  SignatureRequestSchema,
  TransactionListSchema,
  UploadUrlResponseSchema,
} from '../../contract/signatures.ts';
import { z } from '../../contract/zod.ts';

// A spec-strict service (ADR 016) answers with the spec's fields for every resource the spec
// gives a table for, and nothing else: each answer is parsed by the contract's schema with the
// reference's extensions left out, and zod objects drop the keys they do not name. Resources
// whose fields the spec does not show (users, accounts, files, checklists, creditors) keep
// the reference's fields: whatever a deployment sends there is as good a guess as ours.

/** The spec's signature request has no `status`, `wetInk` or `scanReviews`. */
const SpecSignatureRequest = z.omit(SignatureRequestSchema, {
  status: true,
  wetInk: true,
  scanReviews: true,
});
/** The spec's QC request has no `earlierReviews`. */
const SpecQcRequest = z.omit(QcRequestSchema, { earlierReviews: true });
/** The spec's entity has no `createdOn`. */
const SpecEntity = z.omit(EntitySchema, { createdOn: true });

type Shape = z.ZodMiniType;
interface Route {
  path: RegExp;
  /** The answer's shape by method; a method not named keeps its answer as it is. */
  shapes: Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH', Shape>>;
}

const ID = '[^/]+';
const ROUTES: Route[] = [
  {
    path: /^\/signatures\/v2\/requests$/,
    shapes: {
      GET: listEnvelope('signatureRequests', SpecSignatureRequest),
      POST: SpecSignatureRequest,
    },
  },
  {
    path: new RegExp(`^/signatures/v2/requests/${ID}$`),
    shapes: { GET: SpecSignatureRequest, PATCH: SpecSignatureRequest },
  },
  {
    path: new RegExp(`^/signatures/v2/requests/${ID}/uploadUrl$`),
    shapes: { GET: UploadUrlResponseSchema },
  },
  { path: /^\/signatures\/v2\/transactions$/, shapes: { GET: TransactionListSchema } },
  { path: /^\/qc\/v2\/qc\/requests$/, shapes: { GET: listEnvelope('qcRequests', SpecQcRequest) } },
  {
    path: new RegExp(`^/qc/v2/qc/requests/${ID}$`),
    shapes: { GET: SpecQcRequest, PATCH: SpecQcRequest },
  },
  { path: /^\/qc\/v2\/qc\/processes$/, shapes: { GET: QcProcessListSchema } },
  {
    path: new RegExp(`^/qc/v2/qc/processes/${ID}$`),
    shapes: { GET: QcProcessSchema, PATCH: QcProcessUpdateResponseSchema },
  },
  { path: /^\/accounts\/v1\/firms$/, shapes: { GET: FirmListSchema } },
  {
    path: new RegExp(`^/accounts/v1/accounts/${ID}/entities$`),
    shapes: { GET: listEnvelope('entities', SpecEntity), POST: SpecEntity },
  },
  {
    path: new RegExp(`^/accounts/v1/accounts/${ID}/entities/${ID}$`),
    shapes: { GET: SpecEntity, PATCH: SpecEntity },
  },
  // An account's own fields are not shown; the entities it carries are entities.
  {
    path: new RegExp(`^/accounts/v1/accounts(/${ID})?$`),
    shapes: {
      GET: z.looseObject({ entities: z.optional(z.array(SpecEntity)) }),
      PUT: z.looseObject({ entities: z.optional(z.array(SpecEntity)) }),
    },
  },
];

/** The shape of a successful answer to this request under the spec, if the spec shows one. */
export function specShapeFor(method: string, path: string): Shape | undefined {
  const route = ROUTES.find((r) => r.path.test(path));
  return route?.shapes[method as keyof Route['shapes']];
}

/** Rewrites successful JSON answers to the spec's fields (see above). */
export function onlySpecFields(
  log: (message: string, detail?: unknown) => void,
): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const shape = specShapeFor(c.req.method, c.req.path);
    if (!shape || !c.res.ok || !c.res.headers.get('content-type')?.includes('json')) return;
    const body: unknown = await c.res.clone().json();
    const parsed = shape.safeParse(body);
    if (!parsed.success) {
      // The service's own answer does not fit its contract: a bug to see, not to hide.
      log(`strict: ${c.req.method} ${c.req.path} does not fit the spec`, parsed.error);
      return;
    }
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(JSON.stringify(parsed.data), { status: c.res.status, headers });
  };
}
