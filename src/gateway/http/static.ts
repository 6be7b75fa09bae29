import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { PAGE_SESSION_ID } from '../../contract/page-session.ts';
import type { Session } from '../../contract/session.ts';
import type { AppEnv, InlineSources } from '../context.ts';
import { pageEncoding, pageStream } from '../first-visit/page-stream.ts';
import type { SplitPage } from '../first-visit/prerender.ts';
import { jsonDataBlock } from '../../shared/html.ts';

/**
 * Paths the gateway itself answers; the SPA fallback never shadows them. `/events` itself is
 * the console's events page too: events.routes.ts passes page requests for it on to here.
 */
const RESERVED = /^\/(api|session|config|webhooks|healthz|preview)(\/|$)|^\/events\//;
/** pdf.js's worker decodes some images with WebAssembly, which needs 'wasm-unsafe-eval'. */
const PDF_WORKER = /^\/assets\/pdf\.worker[^/]*\.m?js$/;

/**
 * The app's CSP: nothing inline, nothing evaluated, but for what a first screen's page
 * carries (`inline`: its stylesheets and its one script, each allowed by its hash alone).
 * The upstream's origin, and a deployment's storage origins (ATTEST_STORAGE_ORIGINS), are
 * allowed for images and connections because presigned download and upload URLs live there.
 */
export function contentSecurityPolicy(
  upstreamOrigin: string,
  pdfWorker = false,
  storageOrigins: readonly string[] = [],
  inline: InlineSources = { styles: [], scripts: [] },
): string {
  const presigned = [upstreamOrigin, ...storageOrigins.filter((o) => o !== upstreamOrigin)].join(
    ' ',
  );
  return [
    "default-src 'self'",
    pdfWorker
      ? "script-src 'self' 'wasm-unsafe-eval'"
      : ["script-src 'self'", ...inline.scripts].join(' '),
    ["style-src 'self'", ...inline.styles].join(' '),
    `img-src 'self' data: blob: ${presigned}`,
    "font-src 'self'",
    `connect-src 'self' ${presigned}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** On every response, the app's and the gateway's own alike. */
export function securityHeaders(
  upstreamOrigin: string,
  storageOrigins: readonly string[] = [],
): MiddlewareHandler<AppEnv> {
  const policy = contentSecurityPolicy(upstreamOrigin, false, storageOrigins);
  const workerPolicy = contentSecurityPolicy(upstreamOrigin, true, storageOrigins);
  return async (c: Context<AppEnv>, next) => {
    await next();
    const headers = c.res.headers;
    const inline = c.get('inlineSources');
    headers.set(
      'Content-Security-Policy',
      PDF_WORKER.test(c.req.path)
        ? workerPolicy
        : inline
          ? contentSecurityPolicy(upstreamOrigin, false, storageOrigins, inline)
          : policy,
    );
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  };
}

const NOT_BUILT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Attest: the app is not built</title></head>
<body>
<h1>The app is not built yet</h1>
<p>The gateway is running, but its app folder has no <code>index.html</code>.
Run <code>npm run build</code>, then reload this page.</p>
</body>
</html>
`;

/** What the build writes for the gateway, not for browsers: the first screens (ADR 025). */
const BUILD_ONLY = /^\/server\//;

/** Source maps are built beside the assets ('hidden': no comment in the JS points at them). */
const SOURCE_MAP = /\.map$/;
const SCRIPT = /^\/assets\/[^/]+\.m?js$/;
/** The app's page by the names serveStatic gives it: to a browser, served as a page. */
const INDEX_PAGE = /^\/(index\.html)?$/;

const wantsHtml = (c: Context) => c.req.header('accept')?.includes('text/html') ?? false;

/**
 * index.html with the session in a JSON data block first in its head, where the app's first
 * script finds it: `null` says that no one is signed in (ADR 034), so the app need not ask.
 */
export function withSession(html: string, session: Session | null): string {
  const block = jsonDataBlock(PAGE_SESSION_ID, JSON.stringify(session));
  // After <head>, or where the head implicitly starts when the page leaves the tag out.
  const at = /<head(\s[^>]*)?>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  const end = at ? at.index + at[0].length : 0;
  return `${html.slice(0, end)}${block}${html.slice(end)}`;
}

/** The suffix of a precompressed copy that serveStatic chose by Accept-Encoding. */
const PRECOMPRESSED = /\.(br|gz|zst)$/;

/**
 * A file with a compressed copy varies by Accept-Encoding even when sent as it is, so that a
 * cache never hands a copy stored for one browser to another that cannot read it.
 */
function varyByEncoding(path: string, c: Context) {
  if (c.res.headers.has('Content-Encoding')) return; // serveStatic said it already
  if (existsSync(`${path}.br`) || existsSync(`${path}.gz`))
    c.header('Vary', 'Accept-Encoding', { append: true });
}

/**
 * The built app: hashed /assets/* cached for a year, everything else revalidated, and
 * index.html for any other page a browser asks for (client-side routes). Source maps are
 * served only when `sourceMaps` is on (ATTEST_SOURCE_MAPS, for development): they would
 * hand anyone the app's source, comments included.
 */
export function staticRoutes(
  distDir: string,
  options: {
    sourceMaps?: boolean;
    /**
     * The signed-in session a page is served with (ADR 017); null when the browser has none
     * (ADR 034), undefined when that cannot be told (the page is then the build's own).
     */
    pageSession?: (c: Context<AppEnv>) => Promise<Session | null | undefined>;
    /** A signed-in page with its first screen in it (prerender.ts), or as it is. */
    firstScreen?: (
      c: Context<AppEnv>,
      session: Session,
      html: string,
    ) => Promise<string | SplitPage>;
  } = {},
) {
  const sourceMaps = options.sourceMaps ?? false;
  const routes = new Hono<AppEnv>();
  const files = serveStatic({
    root: distDir,
    // The build writes .br and .gz beside each compressible file (scripts/precompress.ts).
    precompressed: true,
    onFound: (found, c) => {
      const path = found.replace(PRECOMPRESSED, '');
      varyByEncoding(path, c);
      c.header(
        'Cache-Control',
        c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // The browser's devtools find a hidden map through this header.
      if (sourceMaps && SCRIPT.test(c.req.path) && existsSync(`${path}.map`)) {
        c.header('SourceMap', `${c.req.path}.map`);
      }
    },
  });

  const index = join(distDir, 'index.html');
  const serveIndex = serveStatic({
    path: index,
    precompressed: true,
    onFound: (_path, c) => {
      varyByEncoding(index, c);
      c.header('Cache-Control', 'no-cache');
    },
  });

  routes.on(['GET', 'HEAD'], '*', async (c, next) => {
    if (RESERVED.test(c.req.path)) return next();
    if (!sourceMaps && SOURCE_MAP.test(c.req.path)) return next();
    if (BUILD_ONLY.test(c.req.path)) return next();
    // With the session it is served with (below), as every other page of the app.
    if (INDEX_PAGE.test(c.req.path) && wantsHtml(c)) return next();
    return files(c, next);
  });

  routes.on(['GET', 'HEAD'], '*', async (c, next) => {
    const path = c.req.path;
    if (RESERVED.test(path) || path.startsWith('/assets/') || !wantsHtml(c)) return next();
    // Checked per request, so running `npm run build` needs no restart.
    if (!existsSync(index)) {
      c.header('Cache-Control', 'no-store');
      return c.html(NOT_BUILT, 503);
    }
    const session = c.req.method === 'GET' ? await options.pageSession?.(c) : undefined;
    if (session === undefined) return serveIndex(c, next);
    if (session === null) {
      // Signed out: the page says so (ADR 034). It holds nothing of anyone's, but differs by
      // cookie from a signed-in one, which no cache may hand out in its place.
      c.header('Cache-Control', 'no-cache');
      c.header('Vary', 'Cookie', { append: true });
      return c.html(withSession(await readFile(index, 'utf8'), null));
    }
    // One person's page: kept by no shared cache, and revalidated before any reuse. Not
    // no-store, which would keep the page out of the back/forward cache (ADR 010); it
    // holds no secret, only what GET /session answers.
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Cookie', { append: true });
    const page = withSession(await readFile(index, 'utf8'), session);
    const shaped = options.firstScreen ? await options.firstScreen(c, session, page) : page;
    if (typeof shaped === 'string') return c.html(shaped);
    // The head goes while the first screen is made (page-stream.ts).
    const encoding = pageEncoding(c.req.header('accept-encoding'));
    c.header('Vary', 'Accept-Encoding', { append: true });
    if (encoding) c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(pageStream(shaped.head, shaped.body, encoding));
  });

  return routes;
}
