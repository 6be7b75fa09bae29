import { networkInterfaces } from 'node:os';

// For the servers only (node:os): the browser's code never imports this file.

/** This machine's addresses (link-local IPv6 left out: a browser cannot name their zone). */
export function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((a) => (a && (a.family === 'IPv4' || a.scopeid === 0) ? [a.address] : []));
}
