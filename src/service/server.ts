import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { createBucketApp, createServiceApp } from './app.ts';
import type { Clock } from './clock.ts';
import type { ServiceContext } from './context.ts';
import type { WebhookConfig } from './events/delivery.ts';
import { listenWarning, serviceHosts } from './http/host-allow-list.ts';
import { interfaceAddresses } from '../shared/interface-addresses.ts';
import { createDispatcher } from './events/dispatcher.ts';
import { loadKeys } from './keys.ts';
import { REFERENCE_PROFILE, type ServiceProfile } from './profile.ts';
import { seedDemo } from './seed/demo.ts';
import { startScanning, stopScanning } from './seed/scan-queue.ts';
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
  /**
   * Make the seeded wet-ink scans image-only in the background once listening (scan-queue.ts):
   * `npm start` does; tests that seed leave them as drawn unless they ask.
   */
  scans?: boolean;
  clock?: Clock;
  log?: (message: string, detail?: unknown) => void;
  /** Where webhooks go (ATTEST_WEBHOOK_URL); null or absent keeps messages pending. */
  webhook?: WebhookConfig | null;
  /** Spec-strict (ADR 016, profile.ts): its storage then listens on storagePort too. */
  profile?: ServiceProfile;
  /** Port of a strict service's storage origin; 0 or absent picks a free one. */
  storagePort?: number;
}

export interface RunningService {
  /** The base URL the service names itself by. */
  url: string;
  /** Where it actually listens (differs from url behind a proxy or with publicUrl). */
  listenUrl: string;
  /** Where presigned URLs point: the service itself, or a strict service's storage origin. */
  storageUrl: string;
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
    profile?: ServiceProfile | undefined;
  } = {},
): Promise<ServiceContext> {
  const db = openDb(dataDir ? join(dataDir, 'attest.db') : ':memory:');
  return {
    db,
    keys: await loadKeys(dataDir),
    // The sandbox's advances survive a restart (sandbox/clock-restart.test.ts): the offset is
    // kept in the store.
    clock: options.clock ?? storedClock(db),
    blobs: dataDir ? fileBlobStore(join(dataDir, 'blobs')) : memoryBlobStore(),
    baseUrl: options.baseUrl ?? '',
    storageUrl: options.baseUrl ?? '',
    profile: options.profile ?? REFERENCE_PROFILE,
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

  const host = options.host ?? '127.0.0.1';
  const app = createServiceApp(ctx, { allowedHosts: () => api.hosts });
  let api: Listener;
  try {
    api = await listen(app.fetch, host, options.port ?? 0, options.publicUrl, 'SERVICE_PORT');
  } catch (error) {
    ctx.db.close();
    throw error;
  }
  ctx.baseUrl = api.url;
  ctx.storageUrl = api.url;
  const servers = [api.server];
  if (ctx.profile.strict) {
    // A bucket on an origin of its own, as a real deployment's storage would be.
    const bucket = createBucketApp(ctx, { allowedHosts: () => storage.hosts });
    let storage: Listener;
    try {
      storage = await listen(
        bucket.fetch,
        host,
        options.storagePort ?? 0,
        undefined,
        'the storage port',
      );
    } catch (error) {
      api.server.close();
      ctx.db.close();
      throw error;
    }
    ctx.storageUrl = storage.url;
    servers.push(storage.server);
  }
  const warning = listenWarning(host, api.port, options.publicUrl);
  if (warning) ctx.log(warning);
  // After listen: presigned download URLs in payloads need the base URL.
  const dispatcher = createDispatcher(ctx, options.webhook ?? null);
  ctx.events = dispatcher;
  if (options.scans) void startScanning(ctx);

  return {
    url: ctx.baseUrl,
    listenUrl: api.listenUrl,
    storageUrl: ctx.storageUrl,
    ctx,
    close: async () => {
      // First: running attempts are cancelled (they stay pending) before the store closes.
      await dispatcher.close();
      await stopScanning(ctx);
      await Promise.all(servers.map(closeServer));
      db.close();
    },
  };
}

interface Listener {
  server: ServerType;
  port: number;
  listenUrl: string;
  /** The base URL it names itself by: publicUrl, or where it listens. */
  url: string;
  /** Host values answered (ADR 012), known once it listens. */
  hosts: ReadonlySet<string>;
}

async function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  host: string,
  port: number,
  publicUrl: string | undefined,
  setting: string,
): Promise<Listener> {
  let server: ServerType;
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve({ fetch, port, hostname: host }, () => resolve(s));
      s.once('error', reject);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `port ${port} on ${host} is in use: stop the other process or set ${setting}`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
  const actual = (server.address() as AddressInfo).port;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  const listenUrl = `http://${hostInUrl}:${actual}`;
  const url = publicUrl ?? listenUrl;
  const hosts = serviceHosts({
    listenHost: host,
    port: actual,
    baseUrl: url,
    interfaces: interfaceAddresses(),
  });
  return { server, port: actual, listenUrl, url, hosts };
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}
