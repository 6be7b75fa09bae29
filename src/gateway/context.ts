import type { EventHub } from './event-hub.ts';
import type { EventLog } from './event-log.ts';
import type { SessionRecord, SessionStore } from './sessions.ts';
import type { TokenManager } from './tokens.ts';
import type { Upstream } from './upstream.ts';

/** What every route of the gateway may use. One per running gateway. */
export interface GatewayContext {
  upstream: Upstream;
  /** The upstream's base URL, without a trailing slash. */
  upstreamBase: string;
  sessions: SessionStore;
  tokens: TokenManager;
  /** Deletes a session's row and closes its event streams (sign-out, revoked credentials). */
  endSession(idHash: string): void;
  events: EventLog;
  hub: EventHub;
  fetch: typeof fetch;
  now: () => number;
  log: (message: string, detail?: unknown) => void;
  webhookSecrets: string[];
  distDir: string;
  trustProxy: boolean;
  heartbeatMs: number;
}

/** Hono's typing of per-request variables. */
export interface AppEnv {
  Variables: { session: SessionRecord };
}
