import type { Context } from 'hono';

/**
 * The origin the browser used to reach the gateway. Normally scheme and host of the request
 * itself; behind a TLS-terminating proxy (trustProxy) the proxy's X-Forwarded-Proto/-Host,
 * which a browser could forge when the gateway is reached directly, hence opt-in.
 */
export function requestOrigin(c: Context, trustProxy: boolean): URL {
  const url = new URL(c.req.url);
  if (!trustProxy) return new URL(url.origin);
  const proto = firstValue(c.req.header('x-forwarded-proto'));
  const host = firstValue(c.req.header('x-forwarded-host')) ?? url.host;
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1);
  // Built whole: setting `host` on a URL would keep the old port when the new host has none.
  return new URL(`${scheme}://${host}`);
}

export function isHttps(c: Context, trustProxy: boolean): boolean {
  return requestOrigin(c, trustProxy).protocol === 'https:';
}

function firstValue(header: string | undefined): string | undefined {
  return header?.split(',')[0]?.trim().toLowerCase() || undefined;
}
