import type { WebhookSecrets } from '../contract/webhooks.ts';
import type { EventHub } from './event-hub.ts';
import type { EventLog } from './event-log.ts';
import type { HostAllowList } from './host-allow-list.ts';
import type { IdentitySettings } from './identity.ts';
import type { SessionRecord, SessionStore } from './sessions.ts';
import type { TokenManager } from './tokens.ts';
import type { Upstream } from './upstream.ts';

/** What every route of the gateway may use. One per running gateway. */
export interface GatewayContext {
  upstream: Upstream;
  /** The upstream's base URL, without a trailing slash. */
  upstreamBase: string;
  /** How a token says who it is for (ATTEST_OWNER, ATTEST_CLAIM_*). */
  identity: IdentitySettings;
  /** Origins of presigned URLs besides the upstream's (ATTEST_STORAGE_ORIGINS), for the CSP. */
  storageOrigins: string[];
  sessions: SessionStore;
  tokens: TokenManager;
  /** Deletes a session's row and closes its event streams (sign-out, revoked credentials). */
  endSession(idHash: string): void;
  events: EventLog;
  hub: EventHub;
  fetch: typeof fetch;
  now: () => number;
  log: (message: string, detail?: unknown) => void;
  webhookSecrets: WebhookSecrets;
  distDir: string;
  /** Serve the build's source maps (ATTEST_SOURCE_MAPS, for development only). */
  sourceMaps: boolean;
  trustProxy: boolean;
  /** The Host names and origins the gateway answers (issue 13); set once it listens. */
  hosts: HostAllowList;
  /** List the sandbox's demo logins on /config to any caller, not just one on this machine. */
  showDemoLogins: boolean;
  heartbeatMs: number;
}

/** Hono's typing of per-request variables. */
export interface AppEnv {
  Variables: { session: SessionRecord };
}
