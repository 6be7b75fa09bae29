import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createServiceApp } from './app.ts';
import type { Clock } from './clock.ts';
import type { ServiceContext } from './context.ts';
import type { WebhookConfig } from './events/delivery.ts';
import { interfaceAddresses, listenWarning, serviceHosts } from './http/host-allow-list.ts';
import { createDispatcher } from './events/dispatcher.ts';
import { loadKeys } from './keys.ts';
import { seedDemo } from './seed/demo.ts';
import { fileBlobStore, memoryBlobStore } from './store/blobs.ts';
import { openDb } from './store/db.ts';
import { storedClock } from './store/stored-clock.ts';

export interface StartServiceOptions {
  port?: number;
  host?: string;
  /** Folder for attest.db, keys and blobs; null keeps everything in memory (tests). */
  dataDir: string | null;
  /** Base URL the service names itself by; default http://host:port. */
  publicUrl?: string | undefined;
  /** Seed the demo data into an empty store (default true). */
  seed?: boolean;
  clock?: Clock;
  log?: (message: string, detail?: unknown) => void;
  /** Where webhooks go (ATTEST_WEBHOOK_URL); null or absent keeps messages pending. */
  webhook?: WebhookConfig | null;
}

export interface RunningService {
  /** The base URL the service names itself by. */
  url: string;
  /** Where it actually listens (differs from url behind a proxy or with publicUrl). */
  listenUrl: string;
  ctx: ServiceContext;
  close(): Promise<void>;
}

function defaultLog(message: string, detail?: unknown) {
  if (detail === undefined) console.error(`[service] ${message}`);
  else console.error(`[service] ${message}`, detail);
}

/** Opens the store, keys and blobs of a data folder (or all in memory for null). */
export async function openServiceContext(
  dataDir: string | null,
  options: {
    clock?: Clock | undefined;
    log?: ServiceContext['log'] | undefined;
    baseUrl?: string;
  } = {},
): Promise<ServiceContext> {
  const db = openDb(dataDir ? join(dataDir, 'attest.db') : ':memory:');
  return {
    db,
    keys: await loadKeys(dataDir),
    // The sandbox's advances survive a restart (issue 13): the offset is kept in the store.
    clock: options.clock ?? storedClock(db),
    blobs: dataDir ? fileBlobStore(join(dataDir, 'blobs')) : memoryBlobStore(),
    baseUrl: options.baseUrl ?? '',
    log: options.log ?? defaultLog,
    // Replaced by the webhook dispatcher once the service listens (startService).
    events: { wake() {}, tick: () => Promise.resolve(0) },
  };
}

/** Opens the store, seeds it when empty, and listens. Port 0 picks a free port. */
export async function startService(options: StartServiceOptions): Promise<RunningService> {
  const ctx = await openServiceContext(options.dataDir, options);
  const { db } = ctx;
  if (options.seed !== false) await seedDemo(ctx);

  let hosts: ReadonlySet<string> = new Set();
  const app = createServiceApp(ctx, { allowedHosts: () => hosts });
  const host = options.host ?? '127.0.0.1';
  let server: ServerType;
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host }, () =>
        resolve(s),
      );
      s.once('error', reject);
    });
  } catch (error) {
    ctx.db.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `port ${options.port} on ${host} is in use: stop the other process or set SERVICE_PORT`,
        { cause: error },
      );
    }
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  const listenUrl = `http://${hostInUrl}:${port}`;
  ctx.baseUrl = options.publicUrl ?? listenUrl;
  hosts = serviceHosts({
    listenHost: host,
    port,
    baseUrl: ctx.baseUrl,
    interfaces: interfaceAddresses(),
  });
  const warning = listenWarning(host, port, options.publicUrl);
  if (warning) ctx.log(warning);
  // After listen: presigned download URLs in payloads need the base URL.
  const dispatcher = createDispatcher(ctx, options.webhook ?? null);
  ctx.events = dispatcher;

  return {
    url: ctx.baseUrl,
    listenUrl,
    ctx,
    close: async () => {
      // First: running attempts are cancelled (they stay pending) before the store closes.
      await dispatcher.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => {
          db.close();
          if (error) reject(error);
          else resolve();
        });
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    },
  };
}
