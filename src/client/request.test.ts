import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from '../contract/zod.ts';
import { errorMessage, isRetryable } from './api-error.ts';
import { ApiError, buildUrl, createClient, request } from './request.ts';
import { rejection } from './testing/rejection.ts';

interface Sent {
  url: string;
  init: RequestInit;
}

/** A fetch that records what it was given and answers with `answer`. */
function fakeFetch(answer: () => Response) {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    sent.push({ url: String(input), init });
    return answer();
  };
  return { fetch, sent };
}

const jsonAnswer = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const Thing = z.object({ id: z.string(), count: z.coerce.number() });

/** The ApiError a GET of `path` through a client on `fetch` fails with. */
const failedGet = (fetch: typeof globalThis.fetch, path: string) =>
  rejection(createClient({ fetch }).request('GET', path, { schema: Thing }));

describe('buildUrl', () => {
  it('encodes strings, numbers, booleans and arrays, and skips undefined', () => {
    const url = buildUrl('http://gw', '/api/x', {
      owner: 'acme & co',
      limit: 5,
      archived: false,
      cursor: undefined,
      tag: ['a', 'b/c'],
      empty: '',
    });
    expect(url).toBe(
      'http://gw/api/x?owner=acme+%26+co&limit=5&archived=false&tag=a&tag=b%2Fc&empty=',
    );
    expect(new URL(url).searchParams.getAll('tag')).toEqual(['a', 'b/c']);
  });

  it('adds no question mark without parameters', () => {
    expect(buildUrl('', '/session', { cursor: undefined })).toBe('/session');
    expect(buildUrl('', '/session')).toBe('/session');
  });
});

describe('request', () => {
  it('GET: no CSRF header, no body, the cookie same-origin, the parsed value back', async () => {
    const { fetch, sent } = fakeFetch(jsonAnswer(200, { id: 'a', count: '3', extra: true }));
    const { request } = createClient({ baseUrl: 'http://gw', fetch });
    const value = await request('GET', '/api/things', { query: { limit: 2 }, schema: Thing });
    // Parsed, not merely cast: the coercion ran and the unknown key is gone.
    expect(value).toEqual({ id: 'a', count: 3 });
    expect(sent).toHaveLength(1);
    const [{ url, init }] = sent as [Sent];
    expect(url).toBe('http://gw/api/things?limit=2');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBeUndefined();
    const headers = new Headers(init.headers);
    expect(headers.get('x-attest')).toBeNull();
    expect(headers.get('content-type')).toBeNull();
    expect(headers.get('accept')).toBe('application/json');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    '%s carries X-Attest: 1 and a JSON body',
    async (method) => {
      const { fetch, sent } = fakeFetch(jsonAnswer(200, { id: 'b', count: 1 }));
      const { request } = createClient({ fetch });
      await request(method, '/api/things/1', { body: { name: 'ü "x"' }, schema: Thing });
      const [{ init }] = sent as [Sent];
      const headers = new Headers(init.headers);
      expect(init.method).toBe(method);
      expect(headers.get('x-attest')).toBe('1');
      expect(headers.get('content-type')).toBe('application/json');
      expect(JSON.parse(String(init.body))).toEqual({ name: 'ü "x"' });
    },
  );

  it('a write without a body still carries X-Attest, and no content type', async () => {
    const { fetch, sent } = fakeFetch(() => new Response(null, { status: 204 }));
    const { request } = createClient({ fetch });
    await expect(request('POST', '/api/reset', { schema: null })).resolves.toBeUndefined();
    const headers = new Headers(sent[0]?.init.headers);
    expect(headers.get('x-attest')).toBe('1');
    expect(headers.get('content-type')).toBeNull();
    expect(sent[0]?.init.body).toBeUndefined();
  });

  it('schema null: a 204 (or any success body) resolves to undefined', async () => {
    const noContent = createClient({
      fetch: fakeFetch(() => new Response(null, { status: 204 })).fetch,
    });
    await expect(
      noContent.request('DELETE', '/session', { schema: null }),
    ).resolves.toBeUndefined();
    const withBody = createClient({ fetch: fakeFetch(jsonAnswer(200, { ok: true })).fetch });
    await expect(withBody.request('DELETE', '/session', { schema: null })).resolves.toBeUndefined();
  });

  it('an error body {message} becomes an ApiError with that message and the status', async () => {
    const { fetch } = fakeFetch(jsonAnswer(404, { message: 'QC request 123 not found' }));
    const error = await rejection(
      createClient({ fetch }).request('GET', '/api/qc/x', { query: { a: 1 }, schema: Thing }),
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error).toMatchObject({
      code: 'http',
      status: 404,
      message: 'QC request 123 not found',
      path: '/api/qc/x',
    });
    expect(error.issues).toBeUndefined();
  });

  it('a non-JSON error body gives a message with the status, not the body', async () => {
    const { fetch } = fakeFetch(
      () => new Response('<html><body>Bad gateway</body></html>', { status: 502 }),
    );
    const error = await failedGet(fetch, '/api/x');
    expect(error).toMatchObject({ code: 'http', status: 502 });
    expect(error.message).toContain('502');
    expect(error.message).not.toContain('html');
    expect(isRetryable(error)).toBe(true);
  });

  it('an answer that does not match the schema is an unexpected response with the issues', async () => {
    const { fetch } = fakeFetch(jsonAnswer(200, { id: 7 }));
    const error = await failedGet(fetch, '/api/things/7');
    expect(error).toMatchObject({
      code: 'unexpected-response',
      status: 200,
      message: 'unexpected response from the service',
      path: '/api/things/7',
    });
    expect(error.issues?.map((issue) => issue.path.join('.'))).toEqual(['id', 'count']);
  });

  it('a success body that is not JSON, or empty, is an unexpected response', async () => {
    for (const body of ['<!doctype html><title>app</title>', '']) {
      const { fetch } = fakeFetch(() => new Response(body, { status: 200 }));
      const error = await failedGet(fetch, '/api/x');
      expect(error).toMatchObject({ code: 'unexpected-response', status: 200, path: '/api/x' });
    }
  });

  it('a fetch that throws is a network error (status 0), with the cause kept', async () => {
    const cause = new TypeError('fetch failed');
    const fetch: typeof globalThis.fetch = () => Promise.reject(cause);
    const error = await failedGet(fetch, '/api/x');
    expect(error).toMatchObject({
      code: 'network',
      status: 0,
      message: 'the service could not be reached',
    });
    expect(error.cause).toBe(cause);
    expect(isRetryable(error)).toBe(true);
  });

  it('the default client looks up the global fetch at call time', async () => {
    const { fetch, sent } = fakeFetch(jsonAnswer(200, { id: 'g', count: 0 }));
    vi.stubGlobal('fetch', fetch);
    try {
      await expect(request('GET', '/session', { schema: Thing })).resolves.toEqual({
        id: 'g',
        count: 0,
      });
      expect(sent[0]?.url).toBe('/session');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('request over real HTTP', () => {
  let silent: Server;
  let silentUrl: string;
  // Accepts connections and never answers, so only an abort or a timeout ends a request. A
  // fresh one (a fresh port) per test, so no test meets a pooled socket an earlier one left.
  beforeEach(async () => {
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    silent.closeAllConnections();
    return new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('a port nothing listens on is a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { request } = createClient({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await rejection(request('GET', '/api/qc/v2/qc/requests', { schema: Thing }));
    expect(error).toMatchObject({
      code: 'network',
      status: 0,
      message: 'the service could not be reached',
    });
  });

  it('aborting a request in flight rejects with code aborted', async () => {
    const { request } = createClient({ baseUrl: silentUrl });
    const controller = new AbortController();
    const pending = request('GET', '/slow', { schema: Thing, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await rejection(pending);
    expect(error).toMatchObject({ code: 'aborted', status: 0, path: '/slow' });
    expect(isRetryable(error)).toBe(false);
  });

  it('an abort with a custom reason, or before sending, is still aborted', async () => {
    const { request } = createClient({ baseUrl: silentUrl });
    const controller = new AbortController();
    const pending = request('POST', '/slow', { body: {}, schema: null, signal: controller.signal });
    setTimeout(() => controller.abort('the screen was left'), 20);
    expect((await rejection(pending)).code).toBe('aborted');
    const already = request('GET', '/slow', { schema: Thing, signal: AbortSignal.abort() });
    expect((await rejection(already)).code).toBe('aborted');
  });

  it('a timeout signal is a failure to answer, not a cancellation', async () => {
    const { request } = createClient({ baseUrl: silentUrl });
    const error = await rejection(
      request('GET', '/slow', { schema: Thing, signal: AbortSignal.timeout(30) }),
    );
    expect(error).toMatchObject({
      code: 'network',
      status: 0,
      message: 'the service did not answer in time',
    });
  });
});

describe('errorMessage and isRetryable', () => {
  it('reads {message}, a storage XML <Message>, or falls back to the status', () => {
    expect(errorMessage(400, '{"message":"limit must be a whole number"}')).toBe(
      'limit must be a whole number',
    );
    expect(
      errorMessage(
        403,
        '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
      ),
    ).toBe('Request has expired');
    expect(errorMessage(500, '{"message":"  "}')).toBe('the service answered with status 500');
    expect(errorMessage(413, 'too big', 'the file is too large')).toBe('the file is too large');
  });

  it('retries network failures, 408, 429 and 5xx only', () => {
    const http = (status: number) => new ApiError({ code: 'http', status, message: '' });
    expect([408, 429, 500, 503].map((s) => isRetryable(http(s)))).toEqual([true, true, true, true]);
    expect([400, 401, 404, 409].map((s) => isRetryable(http(s)))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(
      isRetryable(new ApiError({ code: 'unexpected-response', status: 200, message: '' })),
    ).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(false);
  });
});
