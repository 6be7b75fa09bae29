import { Hono } from 'hono';
import { API_PREFIXES } from '../../contract/common.ts';
import { describeFetchFailure } from '../../shared/fetch-failure.ts';
import { relay } from '../http/body-relay.ts';
import { targetOf, type AppEnv, type GatewayContext } from '../context.ts';
import { hasBody, isJson } from '../http/csrf.ts';
import { errorResponse, GatewayError, UNREACHABLE } from '../errors.ts';
import { requireSession } from '../session/session-auth.ts';
import type { SessionRecord } from '../session/sessions.ts';
import { isTimeout, TIMED_OUT } from './upstream-fetch.ts';

/** The prefixes proxied under /api (the token endpoint is not one). */
const PROXIED: ReadonlySet<string> = new Set(API_PREFIXES);

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

function requestHeaders(incoming: Headers, own: ReadonlySet<string>): Headers {
  const tokens = connectionTokens(incoming);
  const headers = new Headers();
  for (const [name, value] of incoming) {
    if (dropped(name, tokens) || REQUEST_DROP.has(name) || own.has(name)) continue;
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

/**
 * The browser went away (a cancelled fetch: a reviewer moving on) or cut its own body short.
 * An ordinary event: the upstream request is abandoned with it and nothing is logged.
 */
class BrowserGone extends Error {
  override name = 'BrowserGone';
}

/**
 * What a deployment adds to the general proxy (the QC team's rules, app.ts): one look at each
 * request before the upstream is asked, and one at each answer before the browser has it.
 */
export interface ProxyRules {
  /** Request headers for the rules alone (lower case): read by them, never sent upstream. */
  ownHeaders?: readonly string[];
  /** An answer of the gateway's own instead of the upstream's, or undefined to go on. */
  before(session: SessionRecord, request: Request): Promise<Response | undefined>;
  /**
   * The answer the browser gets, given the upstream's (its headers already the browser's)
   * and the body sent: an ArrayBuffer when it was held in memory, else a stream or null.
   */
  after(
    session: SessionRecord,
    request: Request,
    sent: BodyInit | null,
    response: Response,
  ): Promise<Response>;
}

/** `/api/<prefix>/...` to the upstream's `/<prefix>/...` with the session's bearer token. */
export function proxyRoutes(ctx: GatewayContext, rules?: ProxyRules) {
  const routes = new Hono<AppEnv>();
  const own: ReadonlySet<string> = new Set(rules?.ownHeaders);

  routes.all('/api/*', async (c, next) => {
    // The path at its one reading (app.ts, ADR 027): what this checks is what the
    // upstream gets, however the browser spelled it.
    const { pathname } = new URL(c.req.url);
    const prefix = pathname.split('/')[2] ?? '';
    if (!PROXIED.has(prefix)) return errorResponse(c, 404, `no API under /api/${prefix}`);
    // It lists every owner's demo secrets; a browser learns what it may from /config.
    if (/^\/api\/sandbox\/v1\/info\/?$/i.test(pathname)) {
      return errorResponse(c, 404, 'the console says whether this is a sandbox at /config');
    }
    await next();
  });

  routes.all('/api/*', requireSession(ctx), async (c) => {
    const session = c.get('session');
    const own = await rules?.before(session, c.req.raw);
    // Through the context, so headers set on the way (a renewed cookie) stay on it.
    if (own) return c.newResponse(own.body, own);
    try {
      return await proxy(session, c.req.raw, () => c.req.arrayBuffer());
    } catch (error) {
      // Nobody reads it when the browser is gone; one that cut its body short gets 400.
      if (error instanceof BrowserGone) return errorResponse(c, 400, 'the request was cut off');
      throw error;
    }
  });

  async function proxy(
    session: SessionRecord,
    request: Request,
    bufferBody: () => Promise<ArrayBuffer>,
  ): Promise<Response> {
    const url = new URL(request.url);
    // The session's own environment, never the other (ADR 015).
    const { base } = targetOf(ctx.targets, session.environment);
    const target = `${base}${url.pathname.slice('/api'.length)}${url.search}`;
    const { method, signal: browser } = request;
    const incoming = request.headers;
    const headers = requestHeaders(incoming, own);

    // Repeatable: no body, or a small JSON body held in memory. Anything else streams
    // through once (a large body is never held whole), so its 401 goes to the app.
    let body: BodyInit | null = null;
    let repeatable = true;
    let bodyBroke = false;
    if (method !== 'GET' && method !== 'HEAD' && hasBody(incoming)) {
      const length = Number(incoming.get('content-length') ?? Number.NaN);
      if (isJson(incoming) && length <= RETRY_BUFFER_LIMIT) {
        body = await bufferBody().catch(() => {
          throw new BrowserGone();
        });
      } else if (request.body) {
        // Passed on, so the upstream sees a cut body as cut (not as one that ended early).
        body = relay(request.body, () => {
          bodyBroke = true;
          return 'error';
        });
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
        // The browser's cancel aborts the upstream request too, headers or body.
        signal: browser,
      });
    };
    const send = async (token: string): Promise<Response> => {
      // A pooled connection the upstream had just closed fails at once; an idempotent
      // request we can repeat gets one more go (RFC 9110 §9.2.2). A timeout does not: the
      // upstream had its time.
      const tries = repeatable && IDEMPOTENT.has(method) ? 2 : 1;
      let failure: unknown;
      for (let i = 0; i < tries && !isTimeout(failure); i++) {
        try {
          return await attempt(token);
        } catch (error) {
          if (browser.aborted || bodyBroke) throw new BrowserGone();
          failure = error;
        }
      }
      ctx.log(`upstream ${method} ${url.pathname} failed`, describeFetchFailure(failure));
      if (isTimeout(failure)) throw new GatewayError(504, TIMED_OUT);
      throw new GatewayError(502, UNREACHABLE);
    };

    const token = await ctx.tokens.token(session);
    let response = await send(token);
    const stale = response;
    const fresh =
      stale.status === 401 && repeatable
        ? await ctx.tokens.refresh(session, token).catch(async (error: unknown) => {
            // No retry and no answer to pass on: the 401's body is let go.
            await stale.body?.cancel().catch(() => {});
            throw error;
          })
        : null;
    if (fresh) {
      // Expired or revoked: one fresh token (shared with concurrent callers), one retry.
      await response.body?.cancel().catch(() => {});
      response = await send(fresh);
    }
    const empty = method === 'HEAD' || response.status === 204 || response.status === 304;
    const answer = new Response(empty || !response.body ? null : response.body, {
      status: response.status,
      headers: responseHeaders(response.headers),
    });
    const final = rules ? await rules.after(session, request, body, answer) : answer;
    if (final !== answer) return final;
    return new Response(
      answer.body
        ? // When the browser has gone, the aborted upstream body just ends: nobody is left
          // to tell, and @hono/node-server would print the abort as an error.
          relay(answer.body, () => (browser.aborted ? 'close' : 'error'))
        : null,
      { status: answer.status, headers: answer.headers },
    );
  }

  return routes;
}
