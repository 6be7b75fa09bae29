import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ageConnections } from './connection-age.ts';
import { startHarness } from '../testing/harness.ts';

// Over real HTTP, through a keep-alive agent as a browser's or a proxy's: which connection
// each answer came on, and what it said of it.

let server: Server;
afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function listen(maxAgeMs: number): Promise<string> {
  let connections = 0;
  server = createServer((req, res) => {
    res.end(String((req.socket as { n?: number }).n));
  });
  server.on('connection', (socket: { n?: number }) => (socket.n = ++connections));
  ageConnections(server, maxAgeMs, () => 0.5);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const agent = () => new Agent({ keepAlive: true, maxSockets: 1 });
function get(url: string, via: Agent): Promise<{ connection: string; close: boolean }> {
  return new Promise((resolve, reject) => {
    request(url, { agent: via }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ connection: body, close: res.headers.connection === 'close' }));
    })
      .on('error', reject)
      .end();
  });
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('connections are closed once old, after their answer', () => {
  it('keeps a young connection, closes an old one after its answer, and carries on on a new one', async () => {
    const url = await listen(300);
    const via = agent();
    try {
      expect(await get(url, via)).toEqual({ connection: '1', close: false });
      expect(await get(url, via)).toEqual({ connection: '1', close: false });
      await sleep(350);
      // The answer comes whole, on the old connection, saying it is the last there.
      expect(await get(url, via)).toEqual({ connection: '1', close: true });
      expect(await get(url, via)).toEqual({ connection: '2', close: false });
    } finally {
      via.destroy();
    }
  });

  it('leaves connections alone while they are young', async () => {
    const url = await listen(60_000);
    const via = agent();
    try {
      for (let i = 0; i < 20; i += 1) {
        expect(await get(url, via)).toEqual({ connection: '1', close: false });
      }
    } finally {
      via.destroy();
    }
  });
});

describe("the gateway's connections", () => {
  it('are closed once old: the answer says so and the next request comes on a new one', async () => {
    const gateway = await startHarness({ upstream: 'http://127.0.0.1:9', connectionMaxAgeMs: 300 });
    const via = agent();
    const page = (): Promise<{ socket: number; close: boolean }> =>
      new Promise((resolve, reject) => {
        request(`${gateway.url}/`, { agent: via, headers: { accept: 'text/html' } }, (res) => {
          const socket = res.socket.localPort ?? 0;
          res.resume();
          res.on('end', () => resolve({ socket, close: res.headers.connection === 'close' }));
        })
          .on('error', reject)
          .end();
      });
    try {
      const first = await page();
      expect(first.close).toBe(false);
      expect(await page()).toEqual(first);
      await sleep(450);
      expect(await page()).toEqual({ socket: first.socket, close: true });
      const next = await page();
      expect(next.close).toBe(false);
      expect(next.socket).not.toBe(first.socket);
    } finally {
      via.destroy();
      await gateway.close();
    }
  });
});
