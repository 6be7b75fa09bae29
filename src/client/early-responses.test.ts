import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from '../contract/zod.ts';
import { answerEarly, fetchEarly, takeEarly } from './early-responses.ts';
import { createClient } from './request.ts';

// ADR 017: the page's first script asks for the first screen's data before the app's code
// arrives; the client takes that answer once, instead of asking again. Over real HTTP.

let server: Server;
let base = '';
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    asked.push(`${request.headers.accept} ${request.url}`);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ id: 'x', count: asked.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  asked.length = 0;
  vi.useRealTimers();
});

const Thing = z.object({ id: z.string(), count: z.number() });

describe('answers asked for early', () => {
  it('take the answer a first screen came with in place of one asked for (ADR 031)', async () => {
    const { request } = createClient({ baseUrl: base });
    fetchEarly(`${base}/api/things?limit=25`);
    answerEarly(`${base}/api/things?limit=25`, JSON.stringify({ id: 'served', count: 0 }));
    const first = await request('GET', '/api/things', { query: { limit: 25 }, schema: Thing });
    expect(first).toEqual({ id: 'served', count: 0 });
    // Once: the next GET asks the server.
    const second = await request('GET', '/api/things', { query: { limit: 25 }, schema: Thing });
    expect(second.id).toBe('x');
  });

  it('are taken by the client’s GET of the same URL, once; the next GET asks afresh', async () => {
    const { request } = createClient({ baseUrl: base });
    fetchEarly(`${base}/api/things?limit=25`);
    const first = await request('GET', '/api/things', { query: { limit: 25 }, schema: Thing });
    expect(first.count).toBe(1);
    expect(asked).toEqual(['application/json /api/things?limit=25']);
    const second = await request('GET', '/api/things', { query: { limit: 25 }, schema: Thing });
    expect(second.count).toBe(2);
    expect(asked).toHaveLength(2);
  });

  it('are not taken for another URL, nor by a call that is not a GET', async () => {
    const { request } = createClient({ baseUrl: base });
    fetchEarly(`${base}/api/things?limit=25`);
    await request('GET', '/api/things', { query: { limit: 100 }, schema: Thing });
    await request('POST', '/api/things', { query: { limit: 25 }, body: {}, schema: Thing });
    // The early GET, the GET of another URL, and the POST: each its own request.
    expect(asked.toSorted()).toEqual([
      'application/json /api/things?limit=100',
      'application/json /api/things?limit=25',
      'application/json /api/things?limit=25',
    ]);
    expect(takeEarly(`${base}/api/things?limit=25`)).toBeDefined();
  });

  it('go stale: an answer asked for long before is not served as new', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    fetchEarly(`${base}/api/stale`);
    vi.advanceTimersByTime(11_000);
    expect(takeEarly(`${base}/api/stale`)).toBeUndefined();
  });
});
