import type { Environment } from '../contract/session.ts';
import type { WebhookSecrets } from '../contract/webhooks.ts';
import type { PageImagesOptions } from './first-visit/page-image.ts';
import type { HoldStore } from './reviews/holds.ts';
import type { DecisionLog } from './reviews/decisions.ts';
import { GatewayError } from './errors.ts';
import type { EventHub } from './events/event-hub.ts';
import type { EventLog } from './events/event-log.ts';
import type { FindingStore } from './findings/store.ts';
import type { HostAllowList } from './http/host-allow-list.ts';
import type { IdentitySettings } from './session/identity.ts';
import type { ManagementStore } from './qc-management/store.ts';
import type { Notices } from './notices/sender.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Checker } from './checks/checker-port.ts';
import type { ActionStore } from './report/actions.ts';
import type { SessionRecord, SessionStore } from './session/sessions.ts';
import type { SignInLimit } from './session/sign-in-limit.ts';
import type { TokenManager } from './session/tokens.ts';
import type { Upstream } from './upstream/upstream.ts';

/**
 * One environment's service (ADR 015): where its sessions' tokens come from, where their
 * calls go, and the secrets its webhook deliveries verify with.
 */
export interface UpstreamTarget {
  environment: Environment;
  upstream: Upstream;
  /** The base URL, without a trailing slash. */
  base: string;
  /** A list serves every owner; a map, each owner it names. */
  webhookSecrets: WebhookSecrets;
}

/** What every route of the gateway may use. One per running gateway. */
export interface GatewayContext {
  /** Production always; staging only with ATTEST_UAT_UPSTREAM. */
  targets: { production: UpstreamTarget; staging: UpstreamTarget | undefined };
  /** How a token says who it is for (ATTEST_OWNER, ATTEST_CLAIM_*). */
  identity: IdentitySettings;
  /** Origins of presigned URLs besides the upstream's (ATTEST_STORAGE_ORIGINS), for the CSP. */
  storageOrigins: string[];
  sessions: SessionStore;
  tokens: TokenManager;
  /** Failed sign-ins, counted across every process of the database. */
  signIns: SignInLimit;
  /** Deletes a session's row and closes its event streams (sign-out, revoked credentials). */
  endSession(idHash: string): Promise<void>;
  events: EventLog;
  hub: EventHub;
  /** The QC team's holds and the decisions made through the console (ADR 020). */
  holds: HoldStore;
  decisions: DecisionLog;
  /** Process settings and second-review samples (ADR 021). */
  management: ManagementStore;
  /** Findings: the failed items of recorded rejections, answered and settled (ADR 029). */
  findings: FindingStore;
  /** Outgoing notices of finding changes to ATTEST_NOTICE_URL (ADR 030). */
  notices: Notices;
  /** Corrective actions recorded for the QC report's months (ADR 041). */
  correctiveActions: ActionStore;
  /** Findings by e-mail through ATTEST_SMTP_URL (ADR 040). */
  mail: Mailer;
  /** The machine's first read of each request's document (ADR 042). */
  checks: Checker;
  /** In [0, 1): which approvals are sampled. Tests pass their own to be deterministic. */
  random: () => number;
  /** The actor role whose user is a request's notary, for defects by notary (ATTEST_NOTARY_ROLE). */
  notaryRole: string;
  fetch: typeof fetch;
  now: () => number;
  log: (message: string, detail?: unknown) => void;
  distDir: string;
  /** Serve the build's source maps (ATTEST_SOURCE_MAPS, for development only). */
  sourceMaps: boolean;
  trustProxy: boolean;
  /** The Host names and origins the gateway answers (ADR 012); set once it listens. */
  hosts: HostAllowList;
  /** List the sandbox's demo logins on /config to any caller, not just one on this machine. */
  showDemoLogins: boolean;
  heartbeatMs: number;
  /** The first-page drawer's bounds (page-image.ts); its own defaults when empty. */
  drawer: PageImagesOptions;
}

/** What a page carries inline, by the CSP sources that allow it (first-visit/prerender.ts). */
export interface InlineSources {
  styles: string[];
  scripts: string[];
}

/** Hono's typing of per-request variables. */
export interface AppEnv {
  Variables: {
    session: SessionRecord;
    /** CSP sources of what a page carries inline (first-visit/prerender.ts). */
    inlineSources?: InlineSources;
  };
}

/** A staging session, or sign-in, where the gateway has no staging service. */
export const noSuchEnvironment = (environment: Environment) =>
  `this console has no ${environment} environment (ATTEST_UAT_UPSTREAM is not set)`;

/**
 * The target of a session's environment. Never a fall-back to production: a staging session
 * that outlived a restart without ATTEST_UAT_UPSTREAM gets 401 (session-auth.ts ends it).
 */
export function targetOf(
  targets: GatewayContext['targets'],
  environment: Environment,
): UpstreamTarget {
  const target = targets[environment];
  if (!target) throw new GatewayError(401, noSuchEnvironment(environment));
  return target;
}
