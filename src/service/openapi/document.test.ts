import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect } from 'vitest';
import { serviceTest as it } from '../testing/fixtures.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { ErrorBodySchema } from '../../contract/common.ts';
import { createServiceApp } from '../app.ts';
import { specShapeFor } from '../http/spec-fields.ts';
import { STRICT_PROFILE } from '../profile.ts';
import type { TestService } from '../testing/service.ts';
import { openApiDocument } from './document.ts';
import { jsonSchemaOf } from './schemas.ts';

type Json = Record<string, unknown>;
const full = openApiDocument({ strict: false });
const strict = openApiDocument({ strict: true });
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `METHOD /path/{param}` of every operation of a document. */
function documented(doc: Json): Set<string> {
  const out = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of Object.keys(item))
      if (METHODS.includes(method)) out.add(`${method.toUpperCase()} ${path}`);
  }
  return out;
}

/** The routes an app serves, as OpenAPI templates. The /docs page and its assets are HTML, not API. */
function served(app: ReturnType<typeof createServiceApp>): Set<string> {
  const out = new Set<string>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL' || path === '/docs' || path.startsWith('/docs/')) continue;
    const template = path.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{key}');
    out.add(`${method} ${template}`);
  }
  return out;
}

/** Values that fit each path parameter but name nothing. */
function samplePath(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'id' && template.includes('/deliveries/')) return 'msg_nothing';
    if (name === 'clientId') return 'no-such-client';
    if (name === 'key') return 'nothing/here';
    return '00000000-0000-4000-8000-000000000000';
  });
}

function hasKey(value: unknown, key: string): boolean {
  if (Array.isArray(value)) return value.some((v) => hasKey(v, key));
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([k, v]) => k === key || hasKey(v, key));
}

describe('the OpenAPI document', () => {
  it.each([
    ['full', full],
    ['strict', strict],
  ])('validates as OpenAPI 3.1 (%s)', async (_, doc) => {
    const result = await new Validator().validate(doc as Parameters<Validator['validate']>[0]);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.1\./);
  });

  it('has a unique operationId and a tag on every operation', () => {
    const ids = Object.values(full.paths as Record<string, Record<string, Json>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('leaves every extension and the sandbox out of the strict document', () => {
    expect(hasKey(strict, 'x-attest-extension')).toBe(false);
    expect(JSON.stringify(strict.tags)).not.toContain('Sandbox');
    expect([...documented(strict)].some((route) => route.includes('/sandbox/'))).toBe(false);
    expect(hasKey(full, 'x-attest-extension')).toBe(true);
  });

  it('gives the strict document the fields a strict service answers with', () => {
    const schemas = (strict.components as Json).schemas as Record<string, Json>;
    const cases = [
      ['SignatureRequest', 'POST', '/signatures/v2/requests'],
      ['QcRequest', 'PATCH', '/qc/v2/qc/requests/x'],
      ['Entity', 'POST', '/accounts/v1/accounts/x/entities'],
    ] as const;
    for (const [name, method, path] of cases) {
      const shape = specShapeFor(method, path);
      if (!shape) throw new Error(`spec-fields has no shape for ${method} ${path}`);
      const expected = Object.keys((jsonSchemaOf(shape).properties ?? {}) as Json).sort();
      expect(Object.keys(schemas[name]?.properties as Json).sort(), name).toEqual(expected);
    }
  });

  it('marks the fields the spec deprecates', () => {
    const schemas = (full.components as Json).schemas as Record<
      string,
      { properties: Record<string, Json> }
    >;
    expect(schemas.SignatureRequest?.properties.document?.deprecated).toBe(true);
    expect(schemas.User?.properties.uploadImageUrls?.deprecated).toBe(true);
    expect(schemas.UserPut?.properties.signatureFilename?.deprecated).toBe(true);
    expect(schemas.UserPut?.properties.notarySealFilename?.deprecated).toBe(true);
  });
});

describe('the document against the running service', () => {
  let service: TestService;
  let token: string;

  it.beforeAll(async ({ service: started }) => {
    service = started;
    // globex: the routes below include a sandbox reset, and acme's data stays as seeded.
    token = await service.token('globex-admin');
  });

  it('documents exactly the routes the service serves', () => {
    expect([...documented(full)].sort()).toEqual([...served(createServiceApp(service.ctx))].sort());
  });

  it('documents only routes a strict service serves, and it serves nothing undocumented', () => {
    const app = createServiceApp({ ...service.ctx, profile: STRICT_PROFILE });
    const routes = served(app);
    for (const route of documented(strict)) expect(routes, route).toContain(route);
    for (const route of routes) expect(documented(full), route).toContain(route);
  });

  it('has a route behind every documented method and path', async () => {
    for (const route of documented(full)) {
      const [method = '', template = ''] = route.split(' ');
      const result = await service.send(method, samplePath(template), { token });
      const message = ErrorBodySchema.safeParse(result.body).data?.message ?? '';
      expect(message, route).not.toMatch(/^no route for/);
      // And the answer is one the operation documents.
      const item = (full.paths as Record<string, Record<string, Json>>)[template];
      const responses = item?.[method.toLowerCase()]?.responses as Json;
      expect(Object.keys(responses), `${route}: ${result.status} ${message}`).toContain(
        String(result.status),
      );
    }
  });

  it('lists the sort fields each list endpoint takes', async () => {
    for (const [path, item] of Object.entries(full.paths as Record<string, Record<string, Json>>)) {
      const parameters = (item.get?.parameters ?? []) as Json[];
      const orderBy = parameters.find((p) => p.name === 'orderBy');
      if (!orderBy) continue;
      const result = await service.get(`${samplePath(path)}?owner=globex&orderBy=__none`, token);
      expect(result.status, path).toBe(400);
      const allowed = (orderBy.schema as { enum: string[] }).enum;
      const message = ErrorBodySchema.parse(result.body).message;
      // Lists check orderBy in pagination.ts, or first in their contract query schema (zod).
      const listed = /^orderBy must be one of: (.*)$/.exec(message)?.[1];
      if (listed !== undefined) expect(listed.split(', '), path).toEqual(allowed);
      else for (const value of ['orderBy', ...allowed]) expect(message, path).toContain(value);
    }
  });

  it('serves the document at GET /openapi.json as JSON, its scopes named by the base URL', async () => {
    const response = await fetch(`${service.url}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Json;
    expect(body).toEqual(openApiDocument({ strict: false, baseUrl: service.ctx.baseUrl }));
    expect((body.info as Json).version).toBe(packageJson.version);
    expect(JSON.stringify(body)).toContain(`${service.ctx.baseUrl}/qc/write`);
  });
});
