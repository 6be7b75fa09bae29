import type { Context } from 'hono';

/**
 * The host (and port) the browser used: the request's own Host, or behind a TLS-terminating
 * proxy (trustProxy) the proxy's X-Forwarded-Host, which a browser could forge when the
 * gateway is reached directly, hence opt-in. Not validated: see normalizeHost.
 */
export function requestHost(c: Context, trustProxy: boolean): string {
  const own = new URL(c.req.url).host;
  return (trustProxy && firstValue(c.req.header('x-forwarded-host'))) || own;
}

/**
 * The origin the browser used to reach the gateway. Normally scheme and host of the request
 * itself; behind a trusted proxy X-Forwarded-Proto and requestHost.
 */
export function requestOrigin(c: Context, trustProxy: boolean): URL {
  const url = new URL(c.req.url);
  if (!trustProxy) return new URL(url.origin);
  const proto = firstValue(c.req.header('x-forwarded-proto'));
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1);
  // Built whole: setting `host` on a URL would keep the old port when the new host has none.
  // A forwarded host that is no host falls back to the request's own (the allow-list
  // middleware has refused such a request before anything asks for its origin).
  try {
    return new URL(`${scheme}://${requestHost(c, trustProxy)}`);
  } catch {
    return new URL(`${scheme}://${url.host}`);
  }
}

export function isHttps(c: Context, trustProxy: boolean): boolean {
  return requestOrigin(c, trustProxy).protocol === 'https:';
}

function firstValue(header: string | undefined): string | undefined {
  return header?.split(',')[0]?.trim().toLowerCase() || undefined;
}
