import type { Clock } from './clock.ts';
import type { ServiceKeys } from './keys.ts';
import type { BlobStore } from './store/blobs.ts';
import type { Db } from './store/db.ts';
import type { Permission } from '../contract/auth.ts';
import type { ServiceProfile } from './profile.ts';

/** What every handler of the service may use. One per running service. */
export interface ServiceContext {
  db: Db;
  keys: ServiceKeys;
  clock: Clock;
  blobs: BlobStore;
  /** The service's own base URL, known once it listens. */
  baseUrl: string;
  /** Base of presigned URLs: the service's own, or the storage origin of a strict service. */
  storageUrl: string;
  /** Reference or spec-strict (profile.ts). */
  profile: ServiceProfile;
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

/** Who is calling, as proven by a verified access token. */
export interface Principal {
  clientId: string;
  owner: string;
  userId: string | undefined;
  perms: ReadonlySet<Permission>;
}

/** Hono's typing of per-request variables. */
export interface ServiceEnv {
  Variables: { principal: Principal };
}
