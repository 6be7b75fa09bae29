import { DEFAULT_LIST_LIMIT, ListQuerySchema, MAX_LIST_LIMIT } from '../../contract/common.ts';
import { UuidSchema } from '../../contract/common.ts';
import type { ApiOperation } from './api-operation.ts';
import { jsonSchemaOf } from './schemas.ts';

// Path and query parameters of an operation, from the contract's zod schemas. The pagination
// parameters are shared (components/parameters) with the spec's cursor rules in their text.

const PAGINATION = ['owner', 'limit', 'cursor', 'orderDirection'] as const;

export const CURSOR_RULES =
  'Cursors are opaque: pass `nextCursor` (or `previousCursor`) back exactly as returned, never ' +
  'parse or build one. Keep `owner`, `limit`, `orderBy`, `orderDirection` and the filters ' +
  'identical while paging: a cursor is bound to them (and to its list), and a changed, ' +
  'tampered or hand-built cursor gets 400. Stop when `nextCursor` is an empty string; ' +
  '`previousCursor` is empty on the first page and goes back exactly one page. Paging is keyset ' +
  'based, so a deep page costs what the first does.';

const shape = ListQuerySchema.shape;

export function sharedParameters() {
  return {
    Owner: {
      name: 'owner',
      in: 'query',
      required: true,
      description:
        'The owner to list: required, and it must be the token’s own owner (another gives 401, ' +
        'none gives 400).',
      schema: jsonSchemaOf(shape.owner),
    },
    Limit: {
      name: 'limit',
      in: 'query',
      description: `Records per page: a whole number from 1 to ${MAX_LIST_LIMIT} (default ${DEFAULT_LIST_LIMIT}); anything else gives 400.`,
      schema: { ...jsonSchemaOf(shape.limit), default: DEFAULT_LIST_LIMIT },
    },
    Cursor: {
      name: 'cursor',
      in: 'query',
      description: `Omit on the first request. ${CURSOR_RULES}`,
      schema: jsonSchemaOf(shape.cursor),
    },
    OrderDirection: {
      name: 'orderDirection',
      in: 'query',
      description: '`asc` or `desc`.',
      schema: jsonSchemaOf(shape.orderDirection),
    },
  };
}

const SHARED_NAMES: Record<(typeof PAGINATION)[number], string> = {
  owner: 'Owner',
  limit: 'Limit',
  cursor: 'Cursor',
  orderDirection: 'OrderDirection',
};

export function pathParameters(op: ApiOperation): unknown[] {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  return names.map((name) => {
    const param = op.pathParams?.[name];
    if (!param) throw new Error(`${op.operationId}: path parameter ${name} is not described`);
    return {
      name,
      in: 'path',
      required: true,
      description: param.description,
      schema: jsonSchemaOf(param.schema ?? UuidSchema),
    };
  });
}

export function queryParameters(op: ApiOperation): unknown[] {
  const out: unknown[] = [];
  const list = op.list;
  const params = op.query ? (jsonSchemaOf(op.query) as QuerySchema) : undefined;
  for (const [name, schema] of Object.entries(params?.properties ?? {})) {
    if (list && (PAGINATION as readonly string[]).includes(name)) {
      const shared = SHARED_NAMES[name as (typeof PAGINATION)[number]];
      if (name === 'orderDirection' && list.defaultDirection === 'desc') {
        out.push({
          name,
          in: 'query',
          description: '`asc` or `desc`; this list defaults to `desc` (newest first).',
          schema: { ...schema, default: 'desc' },
        });
      } else {
        out.push({ $ref: `#/components/parameters/${shared}` });
      }
      continue;
    }
    if (list && name === 'orderBy') continue;
    out.push({
      name,
      in: 'query',
      ...(params?.required?.includes(name) ? { required: true } : {}),
      ...(op.queryNotes?.[name] ? { description: op.queryNotes[name] } : {}),
      schema,
      // An array parameter is sent as the same name repeated (`filter=a&filter=b`).
      ...(isArrayLike(schema) ? { style: 'form', explode: true } : {}),
    });
  }
  if (list) {
    out.push({
      name: 'orderBy',
      in: 'query',
      description: `The field to sort by: ${list.orderBy.map((o) => `\`${o}\``).join(', ')} (default \`${list.defaultOrderBy}\`). Another value gives 400.`,
      schema: { type: 'string', enum: list.orderBy, default: list.defaultOrderBy },
    });
  }
  return out;
}

interface QuerySchema {
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
}

function isArrayLike(schema: Record<string, unknown>): boolean {
  const anyOf = schema.anyOf as Record<string, unknown>[] | undefined;
  return schema.type === 'array' || Boolean(anyOf?.some((s) => s.type === 'array'));
}
