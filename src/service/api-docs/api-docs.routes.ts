import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { openApiDocument } from '../openapi/document.ts';
import { docsConfigScript } from './docs-config.ts';
import { DOCS_CONFIG_PATH, DOCS_CSP, DOCS_CSS_PATH, docsHtml } from './docs-page.ts';
import { SCALAR_BUNDLE_PATH, scalarBundle } from './scalar-bundle.ts';

const JS = 'text/javascript; charset=utf-8';
const CSS = readFileSync(new URL('./docs.css', import.meta.url), 'utf8');

/**
 * `GET /docs`: the API reference page over /openapi.json (ADR 022), rendered by Scalar from
 * files this service serves itself, so the page works offline and under a strict CSP.
 */
export function apiDocsRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  const strict = ctx.profile.strict;
  // Built on the first visit: most services (every test's) never show the page.
  let page: { html: string; config: string } | undefined;
  const built = () => {
    if (page) return page;
    const document = openApiDocument({ strict, baseUrl: ctx.baseUrl });
    const info = (document as { info?: { title?: unknown } }).info;
    const title = typeof info?.title === 'string' ? info.title : 'Attest reference service';
    page = {
      html: docsHtml(`${title}: API reference`),
      config: docsConfigScript(document, strict),
    };
    return page;
  };

  routes.get('/docs', (c) => {
    secured(c, 'no-cache');
    return c.html(built().html);
  });
  routes.get(DOCS_CONFIG_PATH, (c) => {
    secured(c, 'no-cache');
    return c.body(built().config, 200, { 'Content-Type': JS });
  });
  routes.get(DOCS_CSS_PATH, (c) => {
    secured(c, 'no-cache');
    return c.body(CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });
  routes.get(SCALAR_BUNDLE_PATH, async (c) => {
    const bundle = await scalarBundle();
    // The version is in the path: a new Scalar is a new URL.
    secured(c, 'public, max-age=31536000, immutable');
    c.header('Vary', 'Accept-Encoding');
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      c.header('Content-Encoding', 'gzip');
      return c.body(new Uint8Array(bundle.gzipped), 200, { 'Content-Type': JS });
    }
    return c.body(new Uint8Array(bundle.plain), 200, { 'Content-Type': JS });
  });
  return routes;
}

function secured(c: Context, cacheControl: string) {
  c.header('Content-Security-Policy', DOCS_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', cacheControl);
}
