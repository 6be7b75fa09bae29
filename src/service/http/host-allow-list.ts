import type { MiddlewareHandler } from 'hono';
import { hostsOf, isWildcard, localUrls, normalizeHost } from '../../shared/hosts.ts';
import { errorResponse } from './errors.ts';

// DNS rebinding (ADR 012): a page on an attacker's name that resolves to 127.0.0.1 may call
// the service as its own origin (a token from the demo secrets, then the API). Its requests
// carry the attacker's name in Host; the service answers only its own names. How a Host is
// spelled and compared, and the names a listen address gives, are shared with the gateway
// (src/shared/hosts.ts).

export interface ServiceHostOptions {
  listenHost: string;
  port: number;
  /** The base URL the service names itself by (ATTEST_SERVICE_URL, or where it listens). */
  baseUrl: string;
  /** The machine's own addresses (shared/interface-addresses.ts), answered on 0.0.0.0 or ::. */
  interfaces?: readonly string[];
}

/**
 * The loopback names and the listen address with the port, and the base URL's host, which
 * presigned URLs and token issuers name. On 0.0.0.0 or :: also the machine's addresses: a
 * page cannot make an IP literal its own name, so addresses are safe to answer.
 */
export function serviceHosts(o: ServiceHostOptions): ReadonlySet<string> {
  const urls = [...localUrls(o.listenHost, o.port, o.interfaces), new URL(o.baseUrl)];
  return new Set(urls.flatMap(hostsOf));
}

/** What to tell the operator at start when clients elsewhere would be refused; or null. */
export function listenWarning(listenHost: string, port: number, publicUrl: string | undefined) {
  // A specific address names itself well enough; 0.0.0.0 in a presigned URL does not.
  if (publicUrl || !isWildcard(listenHost)) return null;
  return (
    `listening on ${listenHost}:${port} without ATTEST_SERVICE_URL: the service answers only ` +
    "at loopback names and this machine's addresses, and names itself (token issuer, " +
    'presigned URLs) by an address clients cannot use. Set ATTEST_SERVICE_URL to the URL ' +
    'clients use, e.g. ATTEST_SERVICE_URL=https://attest.example.com.'
  );
}

/** 421 for a Host the service does not answer (`allowed` is known once it listens). */
export function requireAllowedHost(allowed: () => ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    const host = normalizeHost(new URL(c.req.url).host);
    if (host !== null && allowed().has(host)) return next();
    if (host === null) {
      return errorResponse(c, 421, 'misdirected request: the Host header is missing or malformed');
    }
    return errorResponse(
      c,
      421,
      `misdirected request: this service does not answer at ${host}. If clients reach it ` +
        `at that name, set ATTEST_SERVICE_URL to that URL (e.g. http://${host}).`,
    );
  };
}
