import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { DISCARD_BYTES, jsonBodyLimit } from './body-limit.ts';

const LIMIT = 1024;

function app(discardMs?: number) {
  const routes = new Hono();
  routes.use('*', jsonBodyLimit(LIMIT, 'too large', discardMs));
  routes.post('/', async (c) => c.json({ got: await c.req.json() }));
  return routes;
}

/** A body sent in chunks, ending (or stalling) after them. */
function chunked(chunks: string[], stall = false) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!stall) controller.close();
    },
  });
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://service.test/', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    duplex: 'half',
  } as RequestInit);

describe('jsonBodyLimit', () => {
  it('hands a body within the limit to the route as it was sent, streamed or not', async () => {
    const whole = await app().request(post(JSON.stringify({ a: 1 })));
    expect(await whole.json()).toEqual({ got: { a: 1 } });
    const streamed = await app().request(post(chunked(['{"a":', '"b"}'])));
    expect(await streamed.json()).toEqual({ got: { a: 'b' } });
  });

  it('reads an over-limit body to its end and answers 413 on a connection left usable', async () => {
    const response = await app().request(post(chunked(['x'.repeat(LIMIT), 'y'.repeat(5000)])));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'too large' });
    expect(response.headers.get('connection')).toBeNull();
  });

  it('closes the connection for a body that stops sending after the limit', async () => {
    const response = await app(50).request(post(chunked(['x'.repeat(LIMIT + 1)], true)));
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
  });

  it('answers a body announced past what is worth reading at once, closing the connection', async () => {
    const length = String(LIMIT + DISCARD_BYTES + 1);
    const response = await app().request(post(chunked(['{'], true), { 'content-length': length }));
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
  });
});
