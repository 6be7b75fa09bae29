import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { errorResponse } from '../errors.ts';
import { requestHost } from './request-origin.ts';
import {
  bracketed,
  hostsOf,
  isLoopbackAddress,
  isLoopbackName,
  isWildcard,
  localUrls,
  LOOPBACK_NAMES,
  normalizeHost,
} from '../../shared/hosts.ts';

// DNS rebinding (ADR 012): a page on an attacker's name that resolves to 127.0.0.1 is
// same-origin with itself, so the browser lets it read whatever the gateway answers. Its
// requests still carry the attacker's name in Host; the gateway answers only its own names.

export interface HostAllowList {
  /** Host values (as normalizeHost spells them) the gateway answers. */
  readonly hosts: ReadonlySet<string>;
  /** Origins the browser's state-changing requests may come from (csrf.ts). */
  readonly origins: ReadonlySet<string>;
}

/** Until the gateway listens it knows no port, so no name. */
export const NO_HOSTS: HostAllowList = { hosts: new Set(), origins: new Set() };

export interface AllowListOptions {
  listenHost: string;
  port: number;
  /** ATTEST_PUBLIC_URL: where users reach the console (behind a proxy, or by a name). */
  publicUrls: readonly string[];
  /** The machine's own addresses (shared/interface-addresses.ts), answered on 0.0.0.0 or ::. */
  interfaces?: readonly string[];
}

/**
 * The loopback names and the address the gateway listens on, with its port, and the public
 * URLs. On 0.0.0.0 or :: also this machine's addresses: a page can never put its own name
 * into an IP literal, so addresses are safe to answer; other names need ATTEST_PUBLIC_URL.
 */
export function hostAllowList(o: AllowListOptions): HostAllowList {
  const hosts = new Set<string>();
  const origins = new Set<string>();
  const publicUrls = o.publicUrls.map((url) => new URL(url));
  for (const url of [...localUrls(o.listenHost, o.port, o.interfaces), ...publicUrls]) {
    origins.add(url.origin);
    for (const name of hostsOf(url)) hosts.add(name);
  }
  return { hosts, origins };
}

/** What to tell the operator at start when the console answers few names; null if nothing. */
export function listenWarning(listenHost: string, port: number, publicUrls: readonly string[]) {
  const name = normalizeHost(bracketed(listenHost));
  if (publicUrls.length > 0 || (name && isLoopbackName(name))) return null;
  const where = isWildcard(listenHost)
    ? `only at ${LOOPBACK_NAMES.join(', ')} and this machine's addresses`
    : `only at ${name ?? listenHost}`;
  return (
    `listening on ${listenHost}:${port} without ATTEST_PUBLIC_URL: the console answers ${where}, ` +
    'and refuses other names (DNS rebinding). Set ATTEST_PUBLIC_URL to the URL people open, ' +
    'e.g. ATTEST_PUBLIC_URL=https://console.example.com (several: space-separated).'
  );
}

/** 421 for any Host not on the list; behind a trusted proxy, X-Forwarded-Host is the Host. */
export function requireAllowedHost(
  allowList: () => HostAllowList,
  trustProxy: boolean,
): MiddlewareHandler {
  return async (c, next) => {
    const host = normalizeHost(requestHost(c, trustProxy));
    if (host !== null && allowList().hosts.has(host)) return next();
    return errorResponse(c, 421, misdirected(host));
  };
}

function misdirected(host: string | null): string {
  if (host === null) return 'misdirected request: the Host header is missing or malformed';
  return (
    `misdirected request: this console does not answer at ${host}. ` +
    `To reach it at that name, add the URL (e.g. http://${host}) to ATTEST_PUBLIC_URL.`
  );
}

/**
 * Opened on this machine: a loopback name in Host over a loopback connection. Behind a
 * trusted proxy, the proxy's X-Forwarded-Host and the last X-Forwarded-For hop count.
 */
export function reachedOverLoopback(c: Context, trustProxy: boolean): boolean {
  const host = normalizeHost(requestHost(c, trustProxy));
  if (host === null || !isLoopbackName(new URL(`http://${host}`).hostname)) return false;
  const forwarded = trustProxy
    ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    : undefined;
  return isLoopbackAddress(forwarded || getConnInfo(c).remote.address);
}

/** The URL a process on this machine reaches a server listening on `listenHost` by. */
export function localUrl(listenHost: string, port: number): string {
  const name = normalizeHost(bracketed(listenHost));
  if (name === '0.0.0.0' || name === null) return `http://127.0.0.1:${port}`;
  if (name === '[::]') return `http://[::1]:${port}`;
  return `http://${name}:${port}`;
}
