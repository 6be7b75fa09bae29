import { expect, type Page } from '@playwright/test';
import '../src/shared/zod-messages.ts';
import { MARKS_HEADER, type DecisionMarks } from '../src/contract/findings.ts';
import { QcRequestListSchema, type QcRequest } from '../src/contract/qc.ts';
import { encodeMarksHeader } from '../src/shared/marks-header.ts';
import type { z } from '../src/contract/zod.ts';
import { ApiError, createClient, type Method, type Query } from '../src/client/request.ts';
import { demoClient } from '../src/service/seed/demo-clients.ts';

// The specs' API calls (CONTRIBUTING.md, step 6): sent from inside the page, so the session
// cookie is the browser's own, by the app's own client (its headers, the CSRF one included),
// and parsed with the contract, so a spec gets typed data and a contract break fails the spec
// that saw it.

export interface CallOptions {
  query?: Query;
  /** The exact status the spec expects (201 for a create); any 2xx otherwise. */
  status?: number;
}

/** Statuses whose Response may carry no body (the constructor throws otherwise). */
const NO_BODY = new Set([204, 205, 304]);

/** The app's client over a `fetch` that runs in the page; `status()` is the last answer's. */
function pageClient(page: Page) {
  let status = 0;
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const sent = {
      url: input instanceof Request ? input.url : String(input),
      method: init.method ?? 'GET',
      headers: [...new Headers(init.headers)],
      body: typeof init.body === 'string' ? init.body : undefined,
      credentials: init.credentials ?? 'same-origin',
    };
    const answer = await page.evaluate(async ({ url, ...request }) => {
      const response = await fetch(url, request);
      return { status: response.status, text: await response.text() };
    }, sent);
    status = answer.status;
    return new Response(NO_BODY.has(status) ? null : answer.text, { status });
  };
  return { request: createClient({ fetch }).request, status: () => status };
}

/** The call, the status, and the service's message or what did not match the contract. */
function failure(method: Method, path: string, error: ApiError): Error {
  const issues = (error.issues ?? []).map(
    (i) => `\n  ${i.path.join('.') || '(body)'}: ${i.message}`,
  );
  const message = `${method} ${path} answered ${error.status}: ${error.message}${issues.join('')}`;
  return new Error(message, { cause: error });
}

/** The signed-in page's API, as the app calls it: `await api(page).get('/api/…', Schema)`. */
export function api(page: Page) {
  async function call<S extends z.ZodMiniType>(
    method: Method,
    path: string,
    schema: S,
    { query, status, body }: CallOptions & { body?: unknown },
  ): Promise<z.output<S>> {
    const client = pageClient(page);
    try {
      const data = await client.request(method, path, { query, body, schema });
      if (status !== undefined) expect(client.status(), `${method} ${path}`).toBe(status);
      return data;
    } catch (error) {
      throw error instanceof ApiError ? failure(method, path, error) : error;
    }
  }

  return {
    get: <S extends z.ZodMiniType>(path: string, schema: S, options: CallOptions = {}) =>
      call('GET', path, schema, options),

    post: <S extends z.ZodMiniType>(
      path: string,
      body: unknown,
      schema: S,
      options: CallOptions = {},
    ) => call('POST', path, schema, { ...options, body }),

    put: <S extends z.ZodMiniType>(
      path: string,
      body: unknown,
      schema: S,
      options: CallOptions = {},
    ) => call('PUT', path, schema, { ...options, body }),

    /** The status alone, an error status included, for a spec that asserts one; no body read. */
    status: async (method: Method, path: string, body?: unknown): Promise<number> => {
      const client = pageClient(page);
      await client.request(method, path, { body, schema: null }).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.code === 'http')) throw error;
      });
      return client.status();
    },
  };
}

/**
 * A client-credentials token for `clientId` of a reference service: the chromium project's
 * unless its `origin` is given.
 */
export async function serviceToken(clientId: string, origin = serviceOrigin()): Promise<string> {
  const { clientSecret } = demoClient(clientId);
  const issued = await fetch(`${origin}/auth/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  expect(issued.status, await issued.clone().text()).toBe(200);
  return ((await issued.json()) as { access_token: string }).access_token;
}

const serviceOrigin = () => `http://127.0.0.1:${process.env.E2E_SERVICE_PORT}`;

/**
 * A call to the chromium project's reference service itself, past the console, its gateway
 * and their holds, as an operator's own script would make it (a decision made elsewhere).
 */
export async function serviceCall(
  clientId: string,
  method: Method,
  path: string,
  json?: unknown,
): Promise<number> {
  const answer = await fetch(`${serviceOrigin()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await serviceToken(clientId)}`,
      'content-type': 'application/json',
    },
    ...(json !== undefined && { body: JSON.stringify(json) }),
  });
  await answer.body?.cancel();
  return answer.status;
}

/**
 * A decision PATCHed from the page as the review sends it, its marks in their header
 * (ADR 029): the status it got.
 */
export function decideWithMarks(
  page: Page,
  id: string,
  body: unknown,
  marks: DecisionMarks,
): Promise<number> {
  return page.evaluate(
    async ({ id, body, header, value }) => {
      const answer = await fetch(`/api/qc/v2/qc/requests/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-attest': '1', [header]: value },
        body: JSON.stringify(body),
      });
      return answer.status;
    },
    { id, body, header: MARKS_HEADER, value: encodeMarksHeader(marks) },
  );
}

/**
 * Up to `limit` pending requests from one end of the seeded queue, `skip` of them passed over.
 * For a deployment without the sandbox (the strict project), where a spec cannot make its own
 * (requests.ts).
 */
export async function pendingList(
  page: Page,
  end: 'oldest' | 'newest',
  skip: number,
  limit: number,
): Promise<QcRequest[]> {
  const direction = end === 'oldest' ? 'asc' : 'desc';
  const { qcRequests } = await api(page).get(
    `/api/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=${direction}&limit=${skip + limit}`,
    QcRequestListSchema,
  );
  return qcRequests.slice(skip);
}
