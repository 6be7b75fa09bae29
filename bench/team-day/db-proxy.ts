import { createServer, connect, type Socket } from 'node:net';

// A TCP proxy between the gateways and PostgreSQL, so the bench can cut the database away:
// every open connection is dropped and new ones are refused for a while, as a failed-over or
// unplugged database would be seen. The bench's own reads go to PostgreSQL directly.

export interface DatabaseProxy {
  url: string;
  /** Drops every connection and refuses new ones for `ms`. */
  cut(ms: number): Promise<void>;
  /** Connections open through it now (the gateways' pools and listeners). */
  open(): number;
  close(): Promise<void>;
}

export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  const sockets = new Set<Socket>();
  let cutUntil = 0;
  const server = createServer((client) => {
    if (Date.now() < cutUntil) {
      client.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  const url = new URL(databaseUrl);
  url.port = String(address.port);
  return {
    url: url.toString(),
    async cut(ms) {
      cutUntil = Date.now() + ms;
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
    open: () => sockets.size / 2,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
