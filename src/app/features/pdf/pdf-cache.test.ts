import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefetchPdf, takePrefetched } from './pdf-cache.ts';

// A real HTTP server standing in for the bucket: /ok/<name> answers bytes, anything else 403.
let server: Server;
let base = '';
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    if (req.url?.startsWith('/ok/')) {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(`%PDF-1.7 ${req.url}`);
    } else {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end('{"message":"this URL has expired"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const text = async (bytes: Promise<ArrayBuffer> | undefined) =>
  new TextDecoder().decode(await bytes);

describe('prefetchPdf / takePrefetched', () => {
  it('hands the bytes over once, fetching them once', async () => {
    const before = hits;
    prefetchPdf(`${base}/ok/a`);
    prefetchPdf(`${base}/ok/a`);
    expect(await text(takePrefetched(`${base}/ok/a`))).toBe('%PDF-1.7 /ok/a');
    expect(hits - before).toBe(1);
    expect(takePrefetched(`${base}/ok/a`)).toBeUndefined();
  });

  it('drops a failed prefetch without an unhandled rejection', async () => {
    prefetchPdf(`${base}/expired`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(takePrefetched(`${base}/expired`)).toBeUndefined();
  });

  it('keeps only the three newest documents', async () => {
    for (const name of ['1', '2', '3', '4']) prefetchPdf(`${base}/ok/${name}`);
    expect(takePrefetched(`${base}/ok/1`)).toBeUndefined();
    expect(await text(takePrefetched(`${base}/ok/4`))).toBe('%PDF-1.7 /ok/4');
    for (const name of ['2', '3']) await takePrefetched(`${base}/ok/${name}`);
  });
});
