import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../contract/session.ts';
import type { AppEnv } from '../context.ts';
import { securityHeaders, staticRoutes, withSession } from './static.ts';
import { APP_JS, INDEX_HTML, makeDist, startHarness, type Harness } from '../testing/harness.ts';

// No upstream is needed to serve the app: port 9 (discard) is never answered.
const UPSTREAM = 'http://127.0.0.1:9';
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; " +
  `img-src 'self' data: blob: ${UPSTREAM}; font-src 'self'; connect-src 'self' ${UPSTREAM}; ` +
  "worker-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** The app's page as a browser without a session gets it: saying so (ADR 034). */
const SIGNED_OUT_PAGE = withSession(INDEX_HTML, null);

let gateway: Harness;
beforeAll(async () => {
  gateway = await startHarness({ upstream: UPSTREAM });
});
afterAll(() => gateway.close());

const get = (path: string, accept = 'text/html,application/xhtml+xml') =>
  fetch(`${gateway.url}${path}`, { headers: { accept } });

function expectSecurityHeaders(response: Response, csp = CSP) {
  expect(response.headers.get('content-security-policy')).toBe(csp);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
}

describe('storage origins (ATTEST_STORAGE_ORIGINS)', () => {
  it('allows presigned URLs on a separate bucket for images and connections, nothing else', async () => {
    const bucket = 'https://files.example.com';
    const withBucket = await startHarness({ upstream: UPSTREAM, storageOrigins: [bucket] });
    try {
      const response = await fetch(`${withBucket.url}/`, { headers: { accept: 'text/html' } });
      expectSecurityHeaders(
        response,
        CSP.replace(
          `img-src 'self' data: blob: ${UPSTREAM}`,
          `img-src 'self' data: blob: ${UPSTREAM} ${bucket}`,
        ).replace(`connect-src 'self' ${UPSTREAM}`, `connect-src 'self' ${UPSTREAM} ${bucket}`),
      );
    } finally {
      await withBucket.close();
    }
  });
});

describe('a page that carries its stylesheets and a script (first-visit/prerender.ts)', () => {
  const app = new Hono<AppEnv>();
  app.use('*', securityHeaders(UPSTREAM));
  app.get('/qc', (c) => {
    c.set('inlineSources', {
      styles: ["'sha256-abc='", "'sha256-def='"],
      scripts: ["'sha256-ghi='"],
    });
    return c.html('<style>a{}</style>');
  });
  app.get('/other', (c) => c.html('<p>'));

  it('allows those stylesheets and its script by their hashes, and nothing else inline', async () => {
    expectSecurityHeaders(
      await app.request('/qc'),
      CSP.replace("style-src 'self'", "style-src 'self' 'sha256-abc=' 'sha256-def='").replace(
        "script-src 'self'",
        "script-src 'self' 'sha256-ghi='",
      ),
    );
  });

  it('leaves every other answer with the plain policy', async () => {
    expectSecurityHeaders(await app.request('/other'));
  });
});

describe('the built app', () => {
  it('serves index.html at / with the strict CSP, not cached, saying no one is signed in', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SIGNED_OUT_PAGE);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(response);
    expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('caches hashed assets for a year, immutably', async () => {
    const response = await get('/assets/app-abc123.js', '*/*');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(APP_JS);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expectSecurityHeaders(response);
  });

  it('serves .mjs as JavaScript', async () => {
    const response = await get('/assets/chunk-def456.mjs', '*/*');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it("gives the pdf.js worker its own CSP with 'wasm-unsafe-eval' and nothing looser", async () => {
    const response = await get('/assets/pdf.worker.min-9f8e7d.mjs', '*/*');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expectSecurityHeaders(
      response,
      CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"),
    );
  });

  it('answers client-side routes with index.html (SPA fallback)', async () => {
    for (const path of ['/qc/queue', '/users/1234?tab=images', '/index.html']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe(SIGNED_OUT_PAGE);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves other files of the build, revalidated', async () => {
    const response = await get('/favicon.svg', 'image/*');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('does not fall back for a missing asset, a non-HTML request, or its own routes', async () => {
    const missing = await get('/assets/gone-000000.js');
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing);
    expect((await get('/some/page', 'application/json')).status).toBe(404);
    for (const path of [
      '/api',
      '/session/x',
      '/config/x',
      '/events/x',
      '/webhooks',
      '/healthz/x',
    ]) {
      const response = await get(path);
      expect(response.status, path).not.toBe(200);
      expect(await response.text(), path).not.toBe(SIGNED_OUT_PAGE);
    }
  });

  it('refuses a path that climbs out of the app folder', async () => {
    const response = await get('/assets/..%2f..%2fetc%2fpasswd', '*/*');
    // An encoded slash is refused before any route reads the path (ADR 027).
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/root:/);
  });

  it('puts the headers on the gateway’s own answers too', async () => {
    const response = await get('/healthz', 'application/json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expectSecurityHeaders(response);
  });
});

describe('before `npm run build`', () => {
  it('answers a clear 503 page instead of the app', async () => {
    const dist = makeDist();
    rmSync(`${dist}/index.html`);
    const unbuilt = await startHarness({ upstream: UPSTREAM, distDir: dist });
    try {
      const response = await fetch(`${unbuilt.url}/qc/queue`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(503);
      expect(await response.text()).toMatch(/npm run build/);
      expectSecurityHeaders(response);
    } finally {
      await unbuilt.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('source maps', () => {
  async function withMaps(sourceMaps: boolean, run: (url: string) => Promise<void>) {
    const dist = makeDist();
    writeFileSync(`${dist}/assets/app-abc123.js.map`, '{"version":3,"sources":["secret.ts"]}');
    const harness = await startHarness({ upstream: UPSTREAM, distDir: dist, sourceMaps });
    try {
      await run(harness.url);
    } finally {
      await harness.close();
      rmSync(dist, { recursive: true, force: true });
    }
  }

  it('are not served by default, and no script points at one', async () => {
    await withMaps(false, async (url) => {
      const map = await fetch(`${url}/assets/app-abc123.js.map`);
      expect(map.status).toBe(404);
      expect(await map.text()).not.toContain('secret.ts');
      const script = await fetch(`${url}/assets/app-abc123.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('sourcemap')).toBeNull();
    });
  });

  it('are served, and named by the SourceMap header, when turned on', async () => {
    await withMaps(true, async (url) => {
      const map = await fetch(`${url}/assets/app-abc123.js.map`);
      expect(map.status).toBe(200);
      expect(await map.text()).toContain('secret.ts');
      const script = await fetch(`${url}/assets/app-abc123.js`);
      expect(script.headers.get('sourcemap')).toBe('/assets/app-abc123.js.map');
    });
  });
});

describe("the first screens' build (ADR 025)", () => {
  it('is the gateway’s to load, never served to a browser', async () => {
    const dist = makeDist();
    mkdirSync(`${dist}/server`);
    writeFileSync(`${dist}/server/prerender.js`, 'export const secret = "server code";');
    writeFileSync(`${dist}/server/screens.json`, '{}');
    const harness = await startHarness({ upstream: UPSTREAM, distDir: dist });
    try {
      for (const path of ['/server/prerender.js', '/server/screens.json']) {
        const response = await fetch(`${harness.url}${path}`, { headers: { accept: '*/*' } });
        expect(response.status, path).toBe(404);
        expect(await response.text()).not.toContain('server code');
      }
      // The app's pages are still the app's.
      const page = await fetch(`${harness.url}/qc`, { headers: { accept: 'text/html' } });
      expect(await page.text()).toBe(SIGNED_OUT_PAGE);
    } finally {
      await harness.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('a signed-in page with its first screen', () => {
  const session = { owner: 'acme' } as Session;
  let dist: string;
  beforeAll(() => {
    dist = makeDist();
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const serve = (body: Promise<string>) => {
    const app = new Hono<AppEnv>();
    app.route(
      '/',
      staticRoutes(dist, {
        pageSession: async () => session,
        firstScreen: async (_c, _session, html) => ({ head: html, body }),
      }),
    );
    return app;
  };

  it('goes compressed as the browser allows, per person, and whole', async () => {
    const app = serve(Promise.resolve('<p>rows</p>'));
    const response = await app.request('/qc', {
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    const text = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(text).toContain('id="attest-session"');
    expect(text.endsWith('<div id="root"></div><p>rows</p>')).toBe(true);
  });

  it('goes as it is to a browser that takes no compression', async () => {
    const app = serve(Promise.resolve('<p>rows</p>'));
    const response = await app.request('/qc', { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await response.text()).endsWith('<div id="root"></div><p>rows</p>')).toBe(true);
  });
});
