// Host names as the gateway's and the service's allow-lists (decision 012, DNS rebinding) spell
// and compare them. Pure functions, no imports: each side adds what only a server has (its
// interfaces, its middleware).

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
