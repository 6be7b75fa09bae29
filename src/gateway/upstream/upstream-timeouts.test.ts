import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../service/testing/service.ts';
import { expectMessage, startHarness, type Browser, type Harness } from '../testing/harness.ts';
import { TIMED_OUT } from './upstream-fetch.ts';
import { onPostgres } from '../testing/database.ts';

// ADR 011: an upstream that accepts the connection and never answers must not hold the
// browser's request; a body that is flowing must never be cut. Nothing of it is kept in the
// gateway's store: it runs on SQLite alone, not again in the PostgreSQL project.

const HEADERS_MS = 300;
// undici checks its timers about once a second: a generous bound, far below the default 15 s.
const PROMPTLY_MS = 5_000;
const HOUR = 3600_000;

let service: TestService;
let gateway: Harness;
let blackHole: { url: string; connections: number; close(): Promise<void> };
let slow: { url: string; received: number[]; close(): Promise<void> };

beforeAll(async () => {
  service = await startTestService();
  gateway = await startHarness({
    upstream: service.url,
    upstreamTimeouts: { headersMs: HEADERS_MS },
  });
  blackHole = await startBlackHole();
  slow = await startSlowServer();
});
afterAll(async () => {
  await gateway.close();
  await service.close();
  await blackHole.close();
  await slow.close();
});

/**
 * Sends the gateway's requests for `path` to `base` instead, with the gateway's own init (its
 * timeouts are what is tested). The rest reach the real service without them: its token
 * endpoint (scrypt) may well take longer than HEADERS_MS on a loaded two-core machine.
 */
function redirect(path: string, base: string) {
  gateway.intercept = (url, init) => {
    const at = url.indexOf(path);
    return at < 0 ? fetch(url, withoutTimeouts(init)) : fetch(`${base}${url.slice(at)}`, init);
  };
}

/** `run` with a browser signed in as `clientId`, the gateway's `path` sent to `base` meanwhile. */
async function whileRedirected(
  path: string,
  base: string,
  clientId: string,
  run: (browser: Browser) => Promise<void>,
) {
  const browser = gateway.browser();
  redirect(path, base);
  try {
    expect((await browser.signIn(clientId)).status).toBe(200);
    await run(browser);
  } finally {
    gateway.intercept = null;
  }
}

function withoutTimeouts(init: RequestInit | undefined): RequestInit {
  const copy: RequestInit & { dispatcher?: unknown } = { ...init };
  delete copy.dispatcher;
  return copy;
}

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = Date.now();
  const result = await run();
  return [result, Date.now() - start];
}

describe.skipIf(onPostgres())('an upstream that accepts and never answers', () => {
  it('gets a proxied request 504 {message} once the header timeout passes, without a retry', async () => {
    await whileRedirected('/users/v1/users', blackHole.url, 'acme-admin', async (browser) => {
      const before = blackHole.connections;
      const [result, ms] = await timed(() =>
        browser.request('GET', '/api/users/v1/users?owner=acme'),
      );
      expectMessage(result, 504, TIMED_OUT);
      expect(ms).toBeGreaterThanOrEqual(HEADERS_MS - 50);
      expect(ms).toBeLessThan(PROMPTLY_MS);
      expect(blackHole.connections - before).toBe(1);
    });
  });

  it('gets a sign-in 504 {message} when its token endpoint is the one that hangs', async () => {
    const lonely = await startHarness({
      upstream: blackHole.url,
      upstreamTimeouts: { headersMs: HEADERS_MS },
    });
    try {
      const [result, ms] = await timed(() => lonely.browser().signIn('acme-admin'));
      expectMessage(result, 504, TIMED_OUT);
      expect(ms).toBeLessThan(PROMPTLY_MS);
      expect(result.headers.getSetCookie()).toEqual([]);
    } finally {
      await lonely.close();
    }
  });

  it('gets a token refresh 504 {message}, and the session is kept', async () => {
    await whileRedirected('/no-such-path', blackHole.url, 'acme-reviewer', async (browser) => {
      gateway.advance(HOUR);
      redirect('/auth/v1/oauth2/token', blackHole.url);
      const [result, ms] = await timed(() =>
        browser.request('GET', '/api/users/v1/users?owner=acme'),
      );
      expectMessage(result, 504, TIMED_OUT);
      expect(ms).toBeLessThan(PROMPTLY_MS);
      redirect('/no-such-path', blackHole.url);
      expect((await browser.request('GET', '/api/users/v1/users?owner=acme')).status).toBe(200);
    });
  });
});

describe.skipIf(onPostgres())('a body that flows for longer than the header timeout', () => {
  it('downloads whole', async () => {
    await whileRedirected('/files/v1/slow-download', slow.url, 'acme-admin', async (browser) => {
      const [result, ms] = await timed(() => browser.request('GET', '/api/files/v1/slow-download'));
      expect(result.status, result.text).toBe(200);
      expect(result.text).toBe('x'.repeat(CHUNKS * CHUNK_BYTES));
      expect(ms).toBeGreaterThan(CHUNKS * CHUNK_GAP_MS - 100);
    });
  });

  it('uploads whole', async () => {
    await whileRedirected('/files/v1/slow-upload', slow.url, 'acme-admin', async (browser) => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await sleep(CHUNK_GAP_MS);
          if (sent++ === CHUNKS) controller.close();
          else controller.enqueue(new Uint8Array(CHUNK_BYTES).fill(0x78));
        },
      });
      // The API takes JSON only; without a length the gateway streams it rather than hold it.
      const response = await browser.stream('POST', '/api/files/v1/slow-upload', body);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({ received: CHUNKS * CHUNK_BYTES });
    });
  });
});

const CHUNKS = 20;
const CHUNK_BYTES = 1024;
const CHUNK_GAP_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function listen(server: Server | ReturnType<typeof createNetServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Accepts connections and never answers. */
async function startBlackHole() {
  const sockets = new Set<Socket>();
  const state = { connections: 0 };
  const server = createNetServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  const url = await listen(server);
  return Object.assign(state, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/** Answers at once, then sends its body a chunk at a time; or counts a body sent slowly. */
async function startSlowServer() {
  const received: number[] = [];
  const server = createHttpServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      let sent = 0;
      const timer = setInterval(() => {
        res.write('x'.repeat(CHUNK_BYTES));
        if (++sent === CHUNKS) {
          clearInterval(timer);
          res.end();
        }
      }, CHUNK_GAP_MS);
      res.on('close', () => clearInterval(timer));
      return;
    }
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      received.push(bytes);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: bytes }));
    });
  });
  const url = await listen(server);
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
