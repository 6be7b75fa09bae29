import { z } from '../contract/zod.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../contract/common.ts';
import { startTestService, type TestService } from './testing/service.ts';
import { jsonBody } from './http/validate.ts';
import { createServiceApp } from './app.ts';

let service: TestService;
let token: string;
const logged: unknown[] = [];

beforeAll(async () => {
  service = await startTestService({ log: (message, detail) => logged.push([message, detail]) });
  token = await service.token('acme-admin');
});
afterAll(() => service.close());

describe('the service app', () => {
  it('answers /healthz without a token', async () => {
    const result = await service.get('/healthz');
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status: 'ok' });
  });

  it('answers a path outside the API with 404 even without a token', async () => {
    const result = await service.get('/nope');
    expect(result.status).toBe(404);
    expect(ErrorBodySchema.parse(result.body).message).toBe('no route for GET /nope');
    const post = await service.send('POST', '/healthz');
    expect(post.status).toBe(405);
  });

  it('answers an unknown route with 404 {message}', async () => {
    const result = await service.get('/accounts/v1/nothing', token);
    expect(result.status).toBe(404);
    expect(ErrorBodySchema.parse(result.body).message).toMatch(/no route for GET/);
  });

  it('answers an unexpected failure with 500 and no stack trace or SQL, and logs it', async () => {
    service.ctx.db.exec('ALTER TABLE firms RENAME TO firms_gone');
    try {
      const result = await service.get('/accounts/v1/firms?owner=acme', token);
      expect(result.status).toBe(500);
      expect(result.body).toEqual({ message: 'internal error' });
      expect(result.text).not.toMatch(/firms|SELECT|sqlite|at /i);
      expect(logged.length).toBeGreaterThan(0);
    } finally {
      service.ctx.db.exec('ALTER TABLE firms_gone RENAME TO firms');
    }
  });

  it('refuses a body over 1 MB with 413 {message}', async () => {
    const response = await fetch(`${service.url}/auth/v1/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
    expect(ErrorBodySchema.parse(await response.json()).message).toMatch(/1 MB/);
  });
});

describe('JSON bodies', () => {
  // The real app's auth and error handling, over one extra route that takes JSON.
  const Body = z.strictObject({ name: z.string().check(z.minLength(1)) });

  async function post(body: string, type = 'application/json') {
    const app = createServiceApp(service.ctx);
    app.post('/echo-test', async (c) => c.json(await jsonBody(c, Body), 200));
    const response = await app.request('/echo-test', {
      method: 'POST',
      headers: { 'content-type': type, authorization: `Bearer ${token}` },
      body,
    });
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('accepts a valid body', async () => {
    expect(await post('{"name":"x"}')).toEqual({ status: 200, body: { name: 'x' } });
  });

  it.each([
    ['malformed JSON', '{"name":', 400, /not valid JSON/],
    ['a schema violation', '{"name":""}', 400, /invalid request body: name:/],
    ['an unknown field', '{"name":"x","extra":1}', 400, /invalid request body/],
    [
      'a __proto__ key',
      '{"name":"x","__proto__":{"admin":true}}',
      400,
      /__proto__: "__proto__" is not accepted/,
    ],
    [
      'a deeply nested value',
      `{"name":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      400,
      /nests deeper than 32 levels/,
    ],
    ['a lone surrogate', '{"name":"\\ud800"}', 400, /name: strings must be well-formed Unicode/],
  ])('refuses %s', async (_, body, status, message) => {
    const result = await post(body);
    expect(result.status).toBe(status);
    expect(ErrorBodySchema.parse(result.body).message).toMatch(message);
  });

  it('refuses a form body on a JSON endpoint with 415', async () => {
    const result = await post('name=x', 'application/x-www-form-urlencoded');
    expect(result.status).toBe(415);
    expect(ErrorBodySchema.parse(result.body).message).toMatch(/JSON/);
  });
});
