import type { Clock } from './clock.ts';
import type { ServiceKeys } from './keys.ts';
import type { BlobStore } from './store/blobs.ts';
import type { Db } from './store/db.ts';
import type { Principal } from './http/auth.ts';

/** What every handler of the service may use. One per running service. */
export interface ServiceContext {
  db: Db;
  keys: ServiceKeys;
  clock: Clock;
  blobs: BlobStore;
  /** The service's own base URL, known once it listens. */
  baseUrl: string;
  log: (message: string, detail?: unknown) => void;
  /** The webhook dispatcher; publish() wakes it so a new event goes out at once. */
  events: EventDispatcher;
}

export interface EventDispatcher {
  /** Something was published: look at the outbox soon. */
  wake(): void;
  /** Attempts every message due by the service clock; resolves once those attempts are done. */
  tick(): Promise<number>;
}

/** Hono's typing of per-request variables. */
export interface ServiceEnv {
  Variables: { principal: Principal };
}
