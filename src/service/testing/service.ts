import { cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { dirname, join, relative } from 'node:path';
import { expect, inject } from 'vitest';
import { ErrorBodySchema } from '../../contract/common.ts';
import type { z } from '../../contract/zod.ts';
import { DEMO_CLIENT_IDS, type DemoClientId } from '../../contract/testing/fixtures.ts';
import { DocumentMismatchError, documentValidator } from './openapi.ts';
import { demoClient } from '../seed/demo-clients.ts';
import { startService, type RunningService, type StartServiceOptions } from '../server.ts';

/**
 * A real reference service on an ephemeral port over its own copy of the demo data (seeded
 * once per run by testing/setup.ts), for integration tests. Requests go over real HTTP, and
 * every answer is checked against the service's own OpenAPI document (ADR 022): one the
 * document does not describe fails the test, so the document cannot drift from the code.
 */
export interface TestService extends RunningService {
  /** A fresh access token for a demo client, from the real token endpoint. */
  token(clientId: string, scope?: string): Promise<string>;
  /** A token for every demo client, by client id. */
  tokens(): Promise<DemoTokens>;
  /** GET with a bearer token (or none); returns status, parsed JSON and headers. */
  get(path: string, token?: string, options?: CheckOptions): Promise<JsonResponse>;
  /** Any method; a `json` body is sent as application/json, `body` as it is. */
  send(method: string, path: string, init?: SendInit): Promise<JsonResponse>;
}

export type DemoTokens = Record<DemoClientId, string>;

/** Asserts an error response: its status and a `{message}` matching message. */
export function expectError(result: JsonResponse, status: number, message: RegExp | string): void {
  expect(result.status, result.text).toBe(status);
  expect(ErrorBodySchema.parse(result.body).message).toMatch(message);
}

/** The first column of the first row `sql` reads from `db`, as text; no row fails the test. */
export function storedValue(db: DatabaseSync, sql: string, ...params: SQLInputValue[]): string {
  const row = db.prepare(sql).get(...params);
  if (!row) throw new Error(`no row: ${sql}`);
  return String(Object.values(row)[0]);
}

/** GET `path` as `token`: the body of its 200 answer read with `schema` (else the test fails). */
export async function readOk<S extends z.ZodMiniType>(
  service: TestService,
  path: string,
  token: string | undefined,
  schema: S,
): Promise<z.output<S>> {
  const result = await service.get(path, token);
  expect(result.status, result.text).toBe(200);
  return schema.parse(result.body);
}

/** `send` is refused 401 with no token ('') and with a forged one. */
export async function expectTokenNeeded(
  send: (token: string) => Promise<JsonResponse>,
): Promise<void> {
  expectError(await send(''), 401, /Authorization/);
  expectError(await send('forged.token.value'), 401, /invalid/);
}

/** acme's list at `path`, read as `token` with `query` added, is refused: 400 and `message`. */
export async function expectListQueryRefused(
  service: TestService,
  path: string,
  token: string,
  query: string,
  message: RegExp,
): Promise<void> {
  expectError(await service.get(`${path}?owner=acme&${query}`, token), 400, message);
}

/**
 * A JSON route (`method path`, as `token`) refuses `body` cut short (400, not valid JSON) and
 * `body` sent as another type (415), and `state()` reads the same after both. `body` is a JSON
 * object's text.
 */
export async function expectJsonBodiesOnly(
  service: TestService,
  method: string,
  path: string,
  token: string,
  body: string,
  state: () => unknown,
  otherType = 'text/plain',
): Promise<void> {
  const before = state();
  const send = (sent: string, type: string) =>
    service.send(method, path, { token, body: sent, headers: { 'content-type': type } });
  expectError(await send(body.slice(0, -1), 'application/json'), 400, /not valid JSON/);
  expectError(await send(body, otherType), 415, /must be JSON/);
  expect(state()).toEqual(before);
}

/** A GET that must be refused: path, token (none: no Authorization), status, message. */
export type Refusal = readonly [
  path: string,
  token: string | undefined,
  status: number,
  message: RegExp | string,
];

/** GETs each path in turn and asserts its error answer, as expectError does. */
export async function expectGetErrors(service: TestService, refusals: readonly Refusal[]) {
  for (const [path, token, status, message] of refusals) {
    const result = await service.get(path, token);
    expect(result.status, `GET ${path}: ${result.text}`).toBe(status);
    expect(ErrorBodySchema.parse(result.body).message, `GET ${path}`).toMatch(message);
  }
}

export interface CheckOptions {
  /**
   * false skips the OpenAPI check of the answer: only for a test that deliberately goes
   * outside the document (say why beside it).
   */
  validate?: boolean;
}

export interface SendInit extends CheckOptions {
  token?: string | undefined;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

async function toJsonResponse(response: Response): Promise<JsonResponse> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: callers assert on text.
  }
  return { status: response.status, body, text, headers: response.headers };
}

export interface JsonResponse {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

/**
 * Throws a DocumentMismatchError when the answer to method + path is not what the OpenAPI
 * document of a service of this profile says for it. `get` and `send` call it on every answer.
 */
export function checkAgainstDocument(
  strict: boolean,
  method: string,
  path: string,
  result: JsonResponse,
): void {
  const problems = documentValidator(strict).validateResponse({
    method,
    path,
    status: result.status,
    contentType: result.headers.get('content-type'),
    body: result.body,
    text: result.text,
    headers: result.headers,
  });
  if (problems.length) throw new DocumentMismatchError(`${method} ${path}`, problems);
}

export function basicAuth(id: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(id)}:${encode(secret)}`).toString('base64')}`;
}

/** A demo client's token request (client credentials, HTTP Basic): its headers and form. */
export function demoTokenRequest(clientId: string, scope?: string) {
  const client = demoClient(clientId);
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (scope) form.set('scope', scope);
  return {
    headers: {
      authorization: basicAuth(client.clientId, client.clientSecret),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: form,
  };
}

/**
 * A data folder of its own over the demo data the run seeded once (testing/setup.ts): the
 * store and keys copied, the blobs linked to the snapshot's, which is as good as a copy (a blob
 * is only ever replaced whole, never written into: store/blobs.ts) and no cost on a busy disk,
 * where copying five hundred files took a second of every test file's start.
 */
export function demoDataCopy(prefix = 'attest-test-'): string {
  const snapshot = inject('demoSnapshot');
  const dataDir = mkdtempSync(join(inject('runFolder'), prefix));
  cpSync(snapshot, dataDir, {
    recursive: true,
    filter: (source) => relative(snapshot, source) !== 'blobs',
  });
  for (const entry of readdirSync(join(snapshot, 'blobs'), {
    recursive: true,
    withFileTypes: true,
  })) {
    const from = join(entry.parentPath, entry.name);
    const to = join(dataDir, relative(snapshot, from));
    if (entry.isDirectory()) mkdirSync(to, { recursive: true });
    else if (entry.isFile()) {
      mkdirSync(dirname(to), { recursive: true });
      linkSync(from, to);
    }
  }
  return dataDir;
}

export async function startTestService(
  options: Partial<StartServiceOptions> = {},
): Promise<TestService> {
  const dataDir = demoDataCopy();
  const service = await startService({ dataDir, log: () => {}, ...options });
  const strict = service.ctx.profile.strict;
  async function checked(method: string, path: string, init: RequestInit, check = true) {
    const result = await toJsonResponse(await fetch(`${service.url}${path}`, { ...init, method }));
    if (check) checkAgainstDocument(strict, method, path, result);
    return result;
  }
  const self: TestService = {
    ...service,
    async close() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async token(clientId, scope) {
      const response = await checked(
        'POST',
        '/auth/v1/oauth2/token',
        demoTokenRequest(clientId, scope),
      );
      const body = response.body as { access_token?: unknown } | undefined;
      if (response.status !== 200 || typeof body?.access_token !== 'string')
        throw new Error(`no token for ${clientId}: ${response.status}`);
      return body.access_token;
    },
    async tokens() {
      const tokens = await Promise.all(DEMO_CLIENT_IDS.map((id) => self.token(id)));
      return Object.fromEntries(DEMO_CLIENT_IDS.map((id, i) => [id, tokens[i]])) as DemoTokens;
    },
    async get(path, token, options = {}) {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      return checked('GET', path, { headers }, options.validate);
    },
    async send(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      let body = init.body;
      if (init.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(init.json);
      }
      return checked(method, path, { headers, body: body ?? null }, init.validate);
    },
  };
  return self;
}
