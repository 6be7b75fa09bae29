import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDatabase } from './database.ts';
import { startGateway, type GatewayOptions, type RunningGateway } from '../server.ts';
import { Browser } from '../../shared/testing/browser.ts';

export {
  Browser,
  EventStream,
  expectMessage,
  type RequestInit2,
  type Result,
  type SseMessage,
} from '../../shared/testing/browser.ts';

/** A port nobody listens on yet, so a service can be told a gateway's URL before it starts. */
export { freePort } from '../../../e2e/free-port.ts';

// Shared by the gateway's tests. It never imports the service (the gateway's lint boundary
// covers this file); the tests start the reference service and pass its URL in.

export const INDEX_HTML = '<!doctype html><title>Attest</title><div id="root"></div>';
export const APP_JS = 'console.log("app");';

/** A built app in miniature: index.html, a hashed asset and a pdf.js worker. */
export function makeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'attest-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), APP_JS);
  writeFileSync(join(dir, 'assets', 'chunk-def456.mjs'), 'export const x = 1;');
  writeFileSync(join(dir, 'assets', 'pdf.worker.min-9f8e7d.mjs'), 'self.onmessage = () => {};');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/** May also answer by fetching elsewhere itself (a black-hole or slow server): then a promise. */
export type Intercept = (
  url: string,
  init: RequestInit | undefined,
) => Response | Promise<Response> | undefined;

export interface UpstreamCall {
  url: string;
  method: string;
  headers: Headers;
  body: RequestInit['body'];
}

export interface Harness {
  url: string;
  gateway: RunningGateway;
  /** Every request the gateway made upstream, in order. */
  calls: UpstreamCall[];
  /** Requests to the token endpoint so far. */
  tokenRequests(): number;
  /** Access tokens the token endpoint issued to the gateway. */
  issued: string[];
  /** Moves the gateway's clock (not the service's). */
  advance(ms: number): void;
  /** How far the gateway's clock is ahead of the wall clock. */
  offset(): number;
  /** Answer upstream requests without reaching the upstream (return undefined to pass). */
  intercept: Intercept | null;
  /** Lines the gateway logged. */
  logs: string[];
  browser(options?: { origin?: string }): Browser;
  close(): Promise<void>;
}

export async function startHarness(
  options: Partial<GatewayOptions> & {
    upstream: string;
    /**
     * The gateway's clock from its first moment (epoch ms): what it starts on its own (the
     * mail scan) sees this time, never the wall clock's before a later `advance`.
     */
    clockAt?: number;
  },
): Promise<Harness> {
  const distDir = options.distDir ?? makeDist();
  let offset = options.clockAt === undefined ? 0 : options.clockAt - Date.now();
  const calls: UpstreamCall[] = [];
  const issued: string[] = [];
  const logs: string[] = [];
  const harness = { intercept: null as Intercept | null };
  const wrapped: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(init?.headers);
    calls.push({ url, method: init?.method ?? 'GET', headers, body: init?.body });
    const fake = harness.intercept?.(url, init);
    if (fake) return fake;
    const response = await fetch(input, init);
    if (url.endsWith('/auth/v1/oauth2/token') && response.ok) {
      const body = (await response.clone().json()) as { access_token: string };
      issued.push(body.access_token);
    }
    return response;
  };
  const gateway = await startGateway({
    dataDir: null,
    database: testDatabase(options.dataDir),
    webhookSecrets: [],
    // A drawing's time is not what these tests check (page-image.test.ts builds its own
    // drawers for that): a loaded machine's slow one must not fail them.
    drawer: { timeoutMs: 60_000 },
    log: (message, detail) =>
      logs.push(detail === undefined ? message : `${message}: ${String(detail)}`),
    ...options,
    distDir,
    fetch: wrapped,
    now: () => Date.now() + offset,
  });
  return Object.assign(harness, {
    url: gateway.url,
    gateway,
    calls,
    issued,
    logs,
    tokenRequests: () => calls.filter((c) => c.url.endsWith('/auth/v1/oauth2/token')).length,
    advance(ms: number) {
      offset += ms;
    },
    offset: () => offset,
    browser: (browserOptions: { origin?: string } = {}) =>
      new Browser(gateway.url, browserOptions.origin ?? gateway.url),
    async close() {
      await gateway.close();
      if (!options.distDir) rmSync(distDir, { recursive: true, force: true });
    },
  });
}
