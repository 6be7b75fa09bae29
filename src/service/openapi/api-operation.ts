import type { Permission, ScopeArea } from '../../contract/auth.ts';
import type { z } from '../../contract/zod.ts';
import type { ListDefinition } from '../http/pagination.ts';

// One operation of the service as the OpenAPI builder (document.ts) reads it. Schemas are the
// contract's zod schemas, never JSON copies: the builder turns them into JSON Schema.

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type Tag =
  | 'Authentication'
  | 'Accounts'
  | 'Files'
  | 'QC'
  | 'Signatures'
  | 'Users'
  | 'Storage'
  | 'Service'
  | 'Sandbox';

/** Who may call an operation, and how it proves it. */
export type Access =
  /** No credentials at all. */
  | { kind: 'public' }
  /** HTTP Basic client authentication (the token endpoint only). */
  | { kind: 'client-basic' }
  /** A presigned URL: its signature is in the query or the form, no Authorization header. */
  | { kind: 'presigned' }
  /**
   * A bearer token with any one of `anyOf` (an empty list: any token of the owner). `area`
   * names the spec's scope for the resource, recorded but not enforced (spec, Authentication 7).
   */
  | { kind: 'bearer'; anyOf: readonly Permission[]; area?: ScopeArea };

export interface PathParam {
  description: string;
  /** The zod schema of the value; the builder defaults to a UUID. */
  schema?: z.ZodMiniType;
}

/** A list endpoint: the spec's envelope, cursors and pagination parameters. */
export interface ListShape {
  /** The envelope's resource key (`qcRequests`, `firms`, ...). */
  key: string;
  /** The allowed `orderBy` values, first the default (from the list's ListDefinition). */
  orderBy: readonly string[];
  defaultOrderBy: string;
  /** `asc` unless the list says otherwise (sandbox deliveries: newest first). */
  defaultDirection?: 'asc' | 'desc';
}

export interface Body {
  /** A JSON body (application/json), validated by the route with this schema. */
  json?: z.ZodMiniType;
  /** Another media type, described by a zod schema (a form) or raw JSON Schema (binary). */
  media?: { type: string; schema: z.ZodMiniType | Record<string, unknown> };
  description?: string;
}

export interface Success {
  status: number;
  description: string;
  /** The JSON answer; absent for an empty answer (204) or a non-JSON one (`media`). */
  schema?: z.ZodMiniType;
  media?: { type: string; schema: Record<string, unknown> };
  /** Response headers worth naming, by name: description and a JSON Schema. */
  headers?: Record<string, { description: string; schema?: Record<string, unknown> }>;
}

export interface ApiOperation {
  method: Method;
  /** The OpenAPI path template: `/qc/v2/qc/requests/{qcrID}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: Tag;
  access: Access;
  pathParams?: Record<string, PathParam>;
  /** Query parameters: the contract's query schema (a zod object), one parameter per key. */
  query?: z.ZodMiniObject;
  /** Descriptions of query parameters beyond the shared pagination ones, by name. */
  queryNotes?: Record<string, string>;
  list?: ListShape;
  body?: Body;
  responses: Success[];
  /**
   * Error statuses beyond those the builder derives (401 for a token, 400 and 404 for a path
   * id, 400/413/415 for a JSON body, 400 for a list), with what causes them here.
   */
  errors?: Record<number, string>;
  /** The spec marks it deprecated. */
  deprecated?: boolean;
  /** Leave the derived 404 out (no record in the path to miss). */
  noNotFound?: boolean;
  /**
   * Set on what the spec does not show: why the reference service has it, naming the
   * `docs/interface-gaps.md` section. A strict document leaves the operation out.
   */
  extension?: string;
}

/** An operation's first line, `...get(path, operationId, summary)`: what it is and where. */
const head = (method: Method) => (path: string, operationId: string, summary: string) => ({
  method,
  path,
  operationId,
  summary,
});
export const get = head('get');
export const post = head('post');
export const put = head('put');
export const patch = head('patch');
export const del = head('delete');

/** A success answer: its status, what it is, and its JSON's schema (none for an empty answer). */
export const answer = (status: number, description: string, schema?: z.ZodMiniType): Success => ({
  status,
  description,
  ...(schema ? { schema } : {}),
});

/** An operation of an area that gives its tag, and its usual access, once (areaOperations). */
export type AreaOperation = Omit<ApiOperation, 'tag' | 'access'> & { access?: Access };

/**
 * The operations of one tag: each gets the tag, and `access` (and `extension`, when given)
 * where it does not say its own.
 */
export function areaOperations(
  tag: Tag,
  access: Access,
  ops: AreaOperation[],
  extension?: string,
): ApiOperation[] {
  return ops.map((op) => ({ tag, access, ...(extension ? { extension } : {}), ...op }));
}

/** An `x-attest-extension` reason that points into docs/interface-gaps.md. */
export const gap = (section: string, why: string) => `docs/interface-gaps.md › ${section}: ${why}`;

/** A list's shape from the route's own ListDefinition, so the sort fields cannot drift. */
export function listOf(
  key: string,
  def: Pick<ListDefinition, 'orderBy' | 'defaultOrderBy'>,
  defaultDirection?: 'asc' | 'desc',
): ListShape {
  return {
    key,
    orderBy: Object.keys(def.orderBy),
    defaultOrderBy: def.defaultOrderBy,
    ...(defaultDirection ? { defaultDirection } : {}),
  };
}
