import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject } from 'vitest';
import { ErrorBodySchema } from '../contract/common.ts';
import { demoClient } from './seed/demo-clients.ts';
import { startService, type RunningService, type StartServiceOptions } from './server.ts';

/**
 * A real reference service on an ephemeral port over its own copy of the demo data (seeded
 * once per run by test-setup.ts), for integration tests. Requests go over real HTTP.
 */
export interface TestService extends RunningService {
  /** A fresh access token for a demo client, from the real token endpoint. */
  token(clientId: string, scope?: string): Promise<string>;
  /** A token for every demo client, by client id. */
  tokens(): Promise<DemoTokens>;
  /** GET with a bearer token (or none); returns status, parsed JSON and headers. */
  get(path: string, token?: string): Promise<JsonResponse>;
  /** Any method; a `json` body is sent as application/json, `body` as it is. */
  send(method: string, path: string, init?: SendInit): Promise<JsonResponse>;
}

export type DemoTokens = Record<
  'acme-admin' | 'acme-reviewer' | 'acme-notary' | 'acme-integration' | 'globex-admin',
  string
>;

/** Asserts an error response: its status and a `{message}` matching message. */
export function expectError(result: JsonResponse, status: number, message: RegExp | string): void {
  expect(result.status, result.text).toBe(status);
  expect(ErrorBodySchema.parse(result.body).message).toMatch(message);
}

export interface SendInit {
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

export function basicAuth(id: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(id)}:${encode(secret)}`).toString('base64')}`;
}

export async function startTestService(
  options: Partial<StartServiceOptions> = {},
): Promise<TestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'attest-test-'));
  cpSync(inject('demoSnapshot'), dataDir, { recursive: true });
  const service = await startService({ dataDir, log: () => {}, ...options });
  const self: TestService = {
    ...service,
    async close() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async token(clientId, scope) {
      const client = demoClient(clientId);
      const form = new URLSearchParams({ grant_type: 'client_credentials' });
      if (scope) form.set('scope', scope);
      const response = await fetch(`${service.url}/auth/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: basicAuth(client.clientId, client.clientSecret),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: form,
      });
      const body = (await response.json()) as { access_token?: string };
      if (!response.ok || !body.access_token)
        throw new Error(`no token for ${clientId}: ${response.status}`);
      return body.access_token;
    },
    async tokens() {
      const ids = [
        'acme-admin',
        'acme-reviewer',
        'acme-notary',
        'acme-integration',
        'globex-admin',
      ] as const;
      const tokens = await Promise.all(ids.map((id) => self.token(id)));
      return Object.fromEntries(ids.map((id, i) => [id, tokens[i]])) as DemoTokens;
    },
    async get(path, token) {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      return toJsonResponse(await fetch(`${service.url}${path}`, { headers }));
    },
    async send(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      let body = init.body;
      if (init.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(init.json);
      }
      return toJsonResponse(
        await fetch(`${service.url}${path}`, { method, headers, body: body ?? null }),
      );
    },
  };
  return self;
}
