import { createServer, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../../service/testing/service.ts';
import { startHarness, type Browser, type Harness } from '../testing/harness.ts';

// A browser that cancels a proxied fetch (a reviewer moving on) is an ordinary
// event. The upstream request is abandoned with it, and neither the gateway nor the service
// (nor @hono/node-server under them, which prints to the console) reports an error.

let service: TestService;
let gateway: Harness;
let browser: Browser;
let upstream: Awaited<ReturnType<typeof startEndlessServer>>;
const serviceLogs: string[] = [];
let printed: string[] = [];

beforeAll(async () => {
  service = await startTestService({
    log: (message, detail) => serviceLogs.push(`${message} ${String(detail)}`),
  });
  gateway = await startHarness({ upstream: service.url });
  browser = gateway.browser();
  expect((await browser.signIn('acme-admin')).status).toBe(200);
  upstream = await startEndlessServer();
});
afterAll(async () => {
  await gateway.close();
  await service.close();
  await upstream.close();
});

beforeEach(() => {
  printed = [];
  gateway.logs.length = 0;
  serviceLogs.length = 0;
  for (const level of ['error', 'warn', 'info', 'log'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      printed.push(`${level}: ${args.map(String).join(' ')}`);
    });
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  gateway.intercept = null;
});

/** The gateway, the service and the console were all quiet. */
async function expectQuiet() {
  // Whatever the abort sets off runs within a few event-loop turns; give it ample time.
  await sleep(300);
  expect(gateway.logs).toEqual([]);
  expect(serviceLogs).toEqual([]);
  expect(printed).toEqual([]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function headers(extra: Record<string, string> = {}): Record<string, string> {
  return { cookie: browser.cookie ?? '', 'x-attest': '1', origin: gateway.url, ...extra };
}

describe('a cancelled proxied fetch', () => {
  it('mid-download: the upstream response is abandoned, nothing is logged', async () => {
    gateway.intercept = (url, init) =>
      url.includes('/files/v1/endless') ? fetch(`${upstream.url}/endless`, init) : undefined;
    const closedBefore = upstream.closedEarly;
    const controller = new AbortController();
    const response = await fetch(`${gateway.url}/api/files/v1/endless`, {
      headers: headers(),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    expect((await reader?.read())?.done).toBe(false);
    controller.abort();
    await until(() => upstream.closedEarly > closedBefore);
    await expectQuiet();
  });

  it("mid-download of the service's own large answer: nothing is logged", async () => {
    const controller = new AbortController();
    const response = await fetch(`${gateway.url}/api/qc/v2/qc/requests?owner=acme&limit=500`, {
      headers: headers(),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    await response.body?.getReader().read();
    controller.abort();
    await expectQuiet();
  });

  it('while waiting for the headers: the upstream request is abandoned, nothing is logged', async () => {
    gateway.intercept = (url, init) =>
      url.includes('/files/v1/silent') ? fetch(`${upstream.url}/silent`, init) : undefined;
    const closedBefore = upstream.closedEarly;
    const controller = new AbortController();
    const pending = fetch(`${gateway.url}/api/files/v1/silent`, {
      headers: headers(),
      signal: controller.signal,
    }).catch(() => 'aborted');
    await until(() => upstream.silent > 0);
    controller.abort();
    expect(await pending).toBe('aborted');
    await until(() => upstream.closedEarly > closedBefore);
    await expectQuiet();
  });

  it('mid-upload of a streamed body: the service sees it cut, nothing is logged', async () => {
    await cutShort({ 'transfer-encoding': 'chunked' }, `${ADVANCE}${'x'.repeat(200_000)}`);
    await expectQuiet();
  });

  it('mid-upload of a small body the gateway holds: nothing is logged', async () => {
    await cutShort({ 'content-length': '1000' }, ADVANCE);
    await expectQuiet();
  });
});

/** The start of a clock advance's JSON body, cut inside its padding. */
const ADVANCE = '{"seconds": 1, "padding": "';

/** Sends part of a JSON body to the sandbox clock, then drops the connection. */
async function cutShort(extra: Record<string, string>, part: string) {
  const request = httpRequest(`${gateway.url}/api/sandbox/v1/clock/advance`, {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json', ...extra }),
  });
  request.on('error', () => {});
  request.write(part);
  await sleep(200);
  request.destroy();
}

async function until(done: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('did not happen in time');
    await sleep(10);
  }
}

/** /endless sends a chunk every 20 ms until the client goes; /silent never answers. */
async function startEndlessServer() {
  const state = { closedEarly: 0, silent: 0 };
  const server = createServer((req, res: ServerResponse) => {
    res.on('close', () => {
      if (!res.writableFinished) state.closedEarly++;
    });
    if (req.url === '/silent') {
      state.silent++;
      return;
    }
    res.writeHead(200, { 'content-type': 'application/pdf' });
    const timer = setInterval(() => res.write(Buffer.alloc(16 * 1024, 0x25)), 20);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
