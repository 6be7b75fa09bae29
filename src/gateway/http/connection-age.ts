import type { Server } from 'node:http';
import type { Socket } from 'node:net';

// A balancer in front of several gateways (a TCP one, a cloud's network balancer, a
// Kubernetes Service) chooses a gateway per connection, not per request, and browsers and
// proxies keep their connections for as long as they are used. A gateway that restarts, or
// one added to a running team, would then get only the few connections opened after it came:
// the others stay on the gateways that were there, however busy (ADR 043). So a connection is
// closed once it is old, after the answer it is giving: its client's next request opens a new
// one, and the balancer gives it to whichever gateway's turn it is. gRPC's MAX_CONNECTION_AGE
// does the same, for the same reason.

/** How long a keep-alive connection carries requests; each its own, from 3/4 to 5/4 of it. */
export const CONNECTION_MAX_AGE_MS = 30_000;

/**
 * Answers on a connection older than its age (its own, spread so that connections opened
 * together do not all close together) say `Connection: close`, and Node closes the connection
 * once the answer is sent. An event stream answered on one ends when the stream ends.
 */
export function ageConnections(
  server: Pick<Server, 'on' | 'prependListener'>,
  maxAgeMs = CONNECTION_MAX_AGE_MS,
  random: () => number = Math.random,
): void {
  const closesAt = new WeakMap<Socket, number>();
  server.on('connection', (socket: Socket) => {
    closesAt.set(socket, Date.now() + maxAgeMs * (0.75 + random() / 2));
  });
  // Before the app's own listener, so the header is there before anything is written.
  server.prependListener('request', (request, response) => {
    const at = closesAt.get(request.socket);
    if (at !== undefined && Date.now() >= at && !response.headersSent) {
      response.setHeader('Connection', 'close');
    }
  });
}
