import { Hono } from 'hono';
import type { AppEnv, GatewayContext } from './context.ts';
import { hasBody, isJson } from './csrf.ts';
import { errorResponse, GatewayError, UNREACHABLE } from './errors.ts';
import { requireSession } from './session-auth.ts';

/** The spec's service prefixes plus the sandbox controls; the token endpoint is not one. */
export const API_PREFIXES: ReadonlySet<string> = new Set([
  'accounts',
  'files',
  'qc',
  'signatures',
  'users',
  'sandbox',
]);

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** JSON bodies up to this size are kept in memory, so a 401 can be retried with them. */
export const RETRY_BUFFER_LIMIT = 1024 * 1024;

// RFC 9110 §7.6.1 hop-by-hop headers, plus host (the upstream's own) and proxy-*.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);
// The browser's credentials and browser-only headers mean nothing upstream; the bearer
// token is the one credential the upstream gets. content-length is recomputed by fetch.
const REQUEST_DROP = new Set(['cookie', 'authorization', 'origin', 'referer', 'content-length']);

function dropped(name: string, connectionTokens: Set<string>): boolean {
  return HOP_BY_HOP.has(name) || name.startsWith('proxy-') || connectionTokens.has(name);
}

function connectionTokens(headers: Headers): Set<string> {
  const value = headers.get('connection') ?? '';
  return new Set(value.split(',').map((token) => token.trim().toLowerCase()));
}

function requestHeaders(incoming: Headers): Headers {
  const tokens = connectionTokens(incoming);
  const headers = new Headers();
  for (const [name, value] of incoming) {
    if (dropped(name, tokens) || REQUEST_DROP.has(name)) continue;
    if (name.startsWith('sec-fetch-') || name.startsWith('x-forwarded-') || name === 'x-attest') {
      continue;
    }
    headers.append(name, value);
  }
  return headers;
}

function responseHeaders(upstream: Headers): Headers {
  const tokens = connectionTokens(upstream);
  const headers = new Headers();
  for (const [name, value] of upstream) {
    // Cookies of the upstream's origin must not land on ours, and its CORS policy is about
    // its own origin: /api is for this origin's app only.
    if (dropped(name, tokens) || name === 'set-cookie' || name.startsWith('access-control-')) {
      continue;
    }
    headers.append(name, value);
  }
  // fetch has already decoded a compressed body: the encoding and length no longer hold.
  if (headers.has('content-encoding')) {
    headers.delete('content-encoding');
    headers.delete('content-length');
  }
  // Owner data behind a cookie: not for any cache unless the upstream says otherwise.
  if (!headers.has('cache-control')) headers.set('cache-control', 'no-store');
  return headers;
}

// undici says "fetch failed" and puts the reason (ECONNREFUSED, a reset, ...) in cause.
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/** `/api/<prefix>/...` to the upstream's `/<prefix>/...` with the session's bearer token. */
export function proxyRoutes(ctx: GatewayContext) {
  const routes = new Hono<AppEnv>();

  routes.all('/api/*', async (c, next) => {
    // The raw (still percent-encoded) path: what the browser sent is what the upstream gets.
    const prefix = new URL(c.req.url).pathname.split('/')[2] ?? '';
    if (!API_PREFIXES.has(prefix)) return errorResponse(c, 404, `no API under /api/${prefix}`);
    await next();
  });

  routes.all('/api/*', requireSession(ctx), async (c) => {
    const session = c.get('session');
    const url = new URL(c.req.url);
    const target = `${ctx.upstreamBase}${url.pathname.slice('/api'.length)}${url.search}`;
    const method = c.req.method;
    const incoming = c.req.raw.headers;
    const headers = requestHeaders(incoming);

    // Repeatable: no body, or a small JSON body held in memory. Anything else streams
    // through once (a large body is never held whole), so its 401 goes to the app.
    let body: BodyInit | null = null;
    let repeatable = true;
    if (method !== 'GET' && method !== 'HEAD' && hasBody(incoming)) {
      const length = Number(incoming.get('content-length') ?? Number.NaN);
      if (isJson(incoming) && length <= RETRY_BUFFER_LIMIT) {
        body = await c.req.arrayBuffer();
      } else {
        body = c.req.raw.body;
        repeatable = false;
      }
    }

    const attempt = (token: string) => {
      headers.set('authorization', `Bearer ${token}`);
      return ctx.fetch(target, {
        method,
        headers,
        body,
        // Required by fetch for a streamed request body.
        ...(body instanceof ReadableStream && { duplex: 'half' }),
        // A redirect goes back to the browser: never follow one with the token attached.
        redirect: 'manual',
        signal: c.req.raw.signal,
      });
    };
    const send = async (token: string): Promise<Response> => {
      // A pooled connection the upstream had just closed fails at once; an idempotent
      // request we can repeat gets one more go (RFC 9110 §9.2.2).
      const tries = repeatable && IDEMPOTENT.has(method) ? 2 : 1;
      let failure: unknown;
      for (let i = 0; i < tries; i++) {
        try {
          return await attempt(token);
        } catch (error) {
          if (c.req.raw.signal.aborted) throw error;
          failure = error;
        }
      }
      ctx.log(`upstream ${method} ${url.pathname} failed`, describeFailure(failure));
      throw new GatewayError(502, UNREACHABLE);
    };

    let token = await ctx.tokens.token(session);
    let response = await send(token);
    if (response.status === 401 && repeatable) {
      // Revoked or expired early: one fresh token (shared with concurrent callers), one retry.
      await response.body?.cancel().catch(() => {});
      token = await ctx.tokens.refresh(session, token);
      response = await send(token);
    }
    const empty = method === 'HEAD' || response.status === 204 || response.status === 304;
    return new Response(empty ? null : response.body, {
      status: response.status,
      headers: responseHeaders(response.headers),
    });
  });

  return routes;
}
