import packageJson from '../../../package.json' with { type: 'json' };
import { ListQuerySchema } from '../../contract/common.ts';
import type { ApiOperation, Success } from './api-operation.ts';
import { OPERATIONS } from './operations/index.ts';
import { pathParameters, queryParameters, sharedParameters, CURSOR_RULES } from './parameters.ts';
import { errorRef, sharedResponses } from './responses.ts';
import { componentSchemas, schemaRef } from './schemas.ts';
import { accessNote, securityFor, securitySchemes } from './security.ts';
import { TAGS } from './tags.ts';
import { webhooks } from './webhooks.ts';

export interface OpenApiOptions {
  /** A spec-strict service: the extensions the spec does not show are left out. */
  strict: boolean;
  /** The running service's base URL, which the spec's scopes are named by; else `{base_url}`. */
  baseUrl?: string;
}

type Json = Record<string, unknown>;

const DESCRIPTION = `The reference service of the document signing, notarization, QC and accounts interface (\`docs/interface-spec.md\`), generated from the contract's zod schemas (\`src/contract/\`).

Every API error body is \`{message}\`; the token endpoint answers OAuth 2.0 errors \`{error, error_description}\`. Status codes the spec leaves open follow \`docs/interface-gaps.md\` › Errors and status codes.

Lists answer the page under a key named after the resource plus \`pagination\` {totalCount, nextCursor, previousCursor}. ${CURSOR_RULES}`;

const EXTENSIONS_NOTE = `

Operations and fields marked \`x-attest-extension\` are the reference service's answers where the spec shows nothing (\`docs/interface-gaps.md\`); a spec-strict service's document (\`--strict\`) leaves them out. The Sandbox tag is reference-only.`;

/** The OpenAPI 3.1 document of the service. */
export function openApiDocument(options: OpenApiOptions): Json {
  const { strict, baseUrl } = options;
  const operations = OPERATIONS.filter((op) => !strict || !op.extension);
  const paths: Record<string, Json> = {};
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    if (item[op.method]) throw new Error(`${op.method} ${op.path} is described twice`);
    item[op.method] = operationObject(op, baseUrl);
  }
  const usedTags = new Set(operations.map((op) => op.tag));
  const document: Json = {
    openapi: '3.1.1',
    info: {
      title: 'Attest reference service',
      version: packageJson.version,
      description: strict
        ? `${DESCRIPTION}\n\nThis is the spec-strict document: only what the spec shows.`
        : DESCRIPTION + EXTENSIONS_NOTE,
    },
    // Relative: the document resolves against wherever it was read from.
    servers: [{ url: '/', description: 'This service' }],
    tags: TAGS.filter((tag) => usedTags.has(tag.name)),
    paths,
    webhooks: webhooks(strict),
    components: {
      schemas: componentSchemas(strict),
      responses: sharedResponses(),
      parameters: sharedParameters(),
      securitySchemes: securitySchemes(baseUrl),
    },
  };
  return strict ? pruneComponents(document) : document;
}

function operationObject(op: ApiOperation, baseUrl?: string): Json {
  const query = op.query ?? (op.list ? ListQuerySchema : undefined);
  const parameters = [...pathParameters(op), ...queryParameters({ ...op, query })];
  const envelope = op.list
    ? `Answers \`{${op.list.key}: [...], pagination}\`; page with \`cursor\` (see its rules).`
    : undefined;
  const description = [op.description, envelope, accessNote(op.access)]
    .filter(Boolean)
    .join('\n\n');
  return {
    operationId: op.operationId,
    summary: op.summary,
    description,
    tags: [op.tag],
    security: securityFor(op.access, baseUrl),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: requestBody(op) } : {}),
    responses: responses(op),
    ...(op.deprecated ? { deprecated: true } : {}),
    ...(op.extension ? { 'x-attest-extension': op.extension } : {}),
  };
}

function requestBody(op: ApiOperation): Json {
  const body = op.body ?? {};
  const content: Json = {};
  if (body.json) content['application/json'] = { schema: schemaRef(body.json) };
  if (body.media) {
    const schema = body.media.schema;
    content[body.media.type] = {
      schema: isZod(schema) ? schemaRef(schema) : schema,
    };
  }
  return {
    required: true,
    ...(body.description ? { description: body.description } : {}),
    content,
  };
}

function isZod(value: unknown): value is Parameters<typeof schemaRef>[0] {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

function success(s: Success): Json {
  const content: Json = {};
  if (s.schema) content['application/json'] = { schema: schemaRef(s.schema) };
  if (s.media) content[s.media.type] = { schema: s.media.schema };
  return {
    description: s.description,
    ...(s.headers ? { headers: s.headers } : {}),
    ...(Object.keys(content).length ? { content } : {}),
  };
}

/** Success answers, then every error status the route can answer. */
function responses(op: ApiOperation): Json {
  const out: Json = {};
  for (const s of op.responses) out[String(s.status)] = success(s);
  for (const [status, description] of Object.entries(derivedErrors(op))) {
    out[status] =
      op.access.kind === 'client-basic'
        ? oauthError(Number(status), description)
        : errorRef(Number(status), description || undefined);
  }
  return out;
}

function oauthError(status: number, description: string): Json {
  if (status === 400) return { $ref: '#/components/responses/OAuthBadRequest' };
  if (status === 401) return { $ref: '#/components/responses/OAuthInvalidClient' };
  return errorRef(status, description || undefined);
}

/** Statuses by cause: the access, the path ids, the body and the list, then the operation's own. */
export function derivedErrors(op: ApiOperation): Record<number, string> {
  const errors: Record<number, string> = {};
  const params = Object.values(op.pathParams ?? {});
  // A UUID in the path is checked first (400), then looked up (404).
  const uuidParam = params.some((param) => !param.schema);
  if (op.list || uuidParam || op.body?.json || op.body?.media) errors[400] = '';
  if (op.access.kind === 'bearer' || op.access.kind === 'client-basic') errors[401] = '';
  if (params.length && !op.noNotFound) errors[404] = '';
  // app.ts limits every body but a presigned upload's, whether the route reads one or not.
  if (op.method !== 'get' && !op.path.startsWith('/uploads')) errors[413] = '';
  if (op.body?.json) errors[415] = '';
  Object.assign(errors, op.errors);
  // Every route but /healthz checks the Host (421); any route can fail unexpectedly (500).
  if (op.path !== '/healthz') errors[421] = '';
  errors[500] = '';
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b)));
}

/** Drops the components no path or webhook reaches (the strict document's unused schemas). */
function pruneComponents(document: Json): Json {
  const components = document.components as Record<string, Record<string, unknown>>;
  const reached = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && !reached.has(child)) {
        reached.add(child);
        const [, , kind, name] = child.split('/');
        if (kind && name) visit(components[kind]?.[name]);
      } else visit(child);
    }
  };
  visit(document.paths);
  visit(document.webhooks);
  for (const kind of ['schemas', 'responses', 'parameters']) {
    const all = components[kind] ?? {};
    components[kind] = Object.fromEntries(
      Object.entries(all).filter(([name]) => reached.has(`#/components/${kind}/${name}`)),
    );
  }
  return document;
}
