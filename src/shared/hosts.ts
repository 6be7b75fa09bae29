// Host names as the gateway's and the service's allow-lists (ADR 012, DNS rebinding) spell
// and compare them. Pure functions, no imports: each side adds what only a server has (its
// middleware, its messages); the machine's addresses are read by ./interface-addresses.ts.

/** The names a browser on this machine reaches a server by. */
export const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

const HOST = /^(?:[a-z0-9._-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** A Host value in one spelling (lowercase, IPv6 compressed, no :80), or null if it is none. */
export function normalizeHost(raw: string | undefined): string | null {
  if (!raw || !HOST.test(raw)) return null;
  try {
    return new URL(`http://${raw}`).host;
  } catch {
    return null;
  }
}

/** An IPv6 address in brackets, as a URL's host needs it; anything else as it is. */
export const bracketed = (host: string) =>
  host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;

/** 0.0.0.0 or ::, however spelled: every address of the machine. */
export function isWildcard(listenHost: string): boolean {
  const name = normalizeHost(bracketed(listenHost));
  return name === '0.0.0.0' || name === '[::]';
}

/** A URL hostname that is this machine (`localhost`, 127.x.y.z, [::1]). */
export function isLoopbackName(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** A peer address on this machine (IPv4 loopback, also as IPv4-mapped IPv6, or ::1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address === '::1' || /^(?:::ffff:)?127(?:\.\d{1,3}){3}$/i.test(address ?? '');
}

/** A URL's host as clients send it: the default port left out, and spelled out (a proxy may). */
export function hostsOf(url: URL): string[] {
  const defaultPort = url.protocol === 'https:' ? 443 : 80;
  return [url.host, `${url.hostname}:${url.port || defaultPort}`].flatMap((host) => {
    const name = normalizeHost(host);
    return name ? [name] : [];
  });
}

/**
 * The URLs a server listening on `listenHost` at `port` is reached by here: the loopback names
 * and the listen address, and on 0.0.0.0 or :: also the machine's addresses (`interfaces`). A
 * page can never make an IP literal its own name, so addresses are safe to answer.
 */
export function localUrls(listenHost: string, port: number, interfaces: readonly string[] = []) {
  const names = [...LOOPBACK_NAMES, listenHost, ...(isWildcard(listenHost) ? interfaces : [])];
  return names.map((name) => new URL(`http://${bracketed(name)}:${port}`));
}
