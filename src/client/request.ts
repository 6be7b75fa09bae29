import type { z } from '../contract/zod.ts';
import { ApiError, UNEXPECTED_MESSAGE, UNREACHABLE_MESSAGE, errorMessage } from './api-error.ts';
import { ACCEPT_JSON, takeEarly } from './early-responses.ts';
import { OPEN_WITHOUT_SESSION, sessionEnded } from './session-end.ts';
import { buildUrl, type Query } from './url.ts';

export { ApiError } from './api-error.ts';
export type { ApiErrorCode } from './api-error.ts';

/** HEAD asks whether something is there, with `schema: null`: nothing is read. */
export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export { buildUrl, type Query, type QueryValue } from './url.ts';

/** `schema: null` for an answer without a body (204): the call resolves to undefined. */
export type ResponseSchema = z.ZodMiniType | null;

export interface RequestOptions<S extends ResponseSchema> {
  query?: Query | undefined;
  /** Sent as JSON; undefined sends no body. */
  body?: unknown;
  schema: S;
  signal?: AbortSignal | undefined;
  /** Sent even if the page is closed meanwhile (fetch's keepalive: a body under 64 KB). */
  keepalive?: boolean | undefined;
  /** Headers of the call's own (a decision's Attest-Marks, ADR 029), beside the usual ones. */
  headers?: Record<string, string> | undefined;
}

/** What every area function takes last. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
}

export interface RequestFn {
  <S extends z.ZodMiniType>(
    method: Method,
    path: string,
    options: RequestOptions<S>,
  ): Promise<z.output<S>>;
  (method: Method, path: string, options: RequestOptions<null>): Promise<undefined>;
}

export interface Client {
  request: RequestFn;
}

export interface ClientOptions {
  /** Prepended to every path; '' in the browser, where the gateway is the page's origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/** Aborted by the caller, as opposed to a timeout signal, which is a failure to answer. */
function abortKind(signal: AbortSignal | undefined, error: unknown): 'aborted' | 'timeout' | null {
  const reason: unknown = signal?.aborted ? signal.reason : error;
  // Duck-typed: a DOMException from another realm (or test environment) fails instanceof.
  const name =
    typeof reason === 'object' && reason !== null && 'name' in reason ? String(reason.name) : '';
  if (name === 'TimeoutError') return 'timeout';
  if (signal?.aborted || name === 'AbortError') return 'aborted';
  return null;
}

function failure(path: string, signal: AbortSignal | undefined, cause: unknown): ApiError {
  const kind = abortKind(signal, cause);
  if (kind === 'aborted') {
    return new ApiError({
      code: 'aborted',
      status: 0,
      message: 'the request was cancelled',
      path,
      cause,
    });
  }
  const message = kind === 'timeout' ? 'the service did not answer in time' : UNREACHABLE_MESSAGE;
  return new ApiError({ code: 'network', status: 0, message, path, cause });
}

/** Below the browser's 64 KB for keepalive bodies (all of a page's in flight together). */
const KEEPALIVE_BODY_MAX = 60_000;
const utf8Length = (text: string) => new TextEncoder().encode(text).length;

export function createClient({ baseUrl = '', fetch }: ClientOptions = {}): Client {
  // Looked up per call, not bound once, so a test (or a polyfill) can replace it later. The
  // browser's client first takes what the page's first script asked for early.
  const send =
    fetch ??
    ((input: RequestInfo | URL, init?: RequestInit) =>
      (init?.method === 'GET' && takeEarly(String(input))) || globalThis.fetch(input, init));

  async function request(
    method: Method,
    path: string,
    { query, body, schema, signal, keepalive, headers: own }: RequestOptions<ResponseSchema>,
  ): Promise<unknown> {
    // Signed out here: answered as the gateway would (401), without asking it.
    if (!fetch && sessionEnded() && !OPEN_WITHOUT_SESSION(method, path)) {
      throw new ApiError({ code: 'http', status: 401, message: 'signed out', path });
    }
    const headers: Record<string, string> = { ...own, ...ACCEPT_JSON };
    // CSRF: the gateway refuses a state-changing request without it (docs/design.md).
    if (method !== 'GET' && method !== 'HEAD') headers['x-attest'] = '1';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const sent = body !== undefined ? JSON.stringify(body) : undefined;
    const init: RequestInit = {
      method,
      headers,
      // The session cookie is HttpOnly and SameSite=Strict; the browser adds it.
      credentials: 'same-origin',
      ...(sent !== undefined ? { body: sent } : {}),
      ...(signal ? { signal } : {}),
      // The browser refuses a keepalive body of 64 KB or more: a larger one goes as usual.
      ...(keepalive && utf8Length(sent ?? '') < KEEPALIVE_BODY_MAX ? { keepalive } : {}),
    };

    let response: Response;
    let text: string;
    try {
      response = await send(buildUrl(baseUrl, path, query), init);
      text = await response.text();
    } catch (error) {
      throw failure(path, signal, error);
    }

    if (!response.ok) {
      throw new ApiError({
        code: 'http',
        status: response.status,
        message: errorMessage(response.status, text),
        path,
      });
    }
    // No body expected: whatever came (a 204, or a 200 with a body) is not ours to read.
    if (schema === null) return undefined;

    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch (error) {
      throw new ApiError({
        code: 'unexpected-response',
        status: response.status,
        message: UNEXPECTED_MESSAGE,
        path,
        cause: error,
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError({
        code: 'unexpected-response',
        status: response.status,
        message: UNEXPECTED_MESSAGE,
        issues: parsed.error.issues,
        path,
      });
    }
    return parsed.data;
  }

  return { request: request as RequestFn };
}

/** The browser's client: same origin as the gateway, which serves the app. */
export const defaultClient: Client = createClient();
export const { request } = defaultClient;

/** A path segment from an id: ids come from data, and data is not trusted to be URL-safe. */
export const seg = (value: string): string => encodeURIComponent(value);
