import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Environment } from '../contract/session.ts';
import type { WebhookSecrets } from '../contract/webhooks.ts';
import { MARKS_HEADER_MAX } from '../contract/findings.ts';
import { createGatewayApp } from './app.ts';
import type { PageImagesOptions } from './first-visit/page-image.ts';
import { createHoldStore } from './reviews/holds.ts';
import { targetOf, type GatewayContext } from './context.ts';
import { createDecisionLog } from './reviews/decisions.ts';
import { createEventHub } from './events/event-hub.ts';
import { createEventLog } from './events/event-log.ts';
import { createFindingStore } from './findings/store.ts';
import { HEARTBEAT_MS } from './events/events.routes.ts';
import { ageConnections } from './http/connection-age.ts';
import { hostAllowList, listenWarning, NO_HOSTS } from './http/host-allow-list.ts';
import { interfaceAddresses } from '../shared/interface-addresses.ts';
import { createManagementStore } from './qc-management/store.ts';
import { createChecker } from './checks/checker.ts';
import { documentReader } from './checks/reader.ts';
import { createCheckStore } from './checks/store.ts';
import { createNotices, type NoticeSettings } from './notices/sender.ts';
import { ESCALATION_DAYS_DEFAULT } from '../contract/qc-management.ts';
import { createActionStore } from './report/actions.ts';
import { buildReport } from './report/build.ts';
import { reportPdf } from './report/report-pdf.ts';
import { composeReportMail } from './mail/report-mail.ts';
import { createMailer, type MailSettings } from './mail/mailer.ts';
import { createDirectory, type MailClient } from './mail/directory.ts';
import { checkSessionKey, loadSecretBox } from './session/secret-box.ts';
import { createSessionStore } from './session/sessions.ts';
import { openGatewayDatabase } from './db/open.ts';
import type { Sql } from './db/sql.ts';
import { signInLimit } from './session/sign-in-limit.ts';
import { createTokenManager } from './session/tokens.ts';
import { DEFAULT_IDENTITY, type IdentitySettings } from './session/identity.ts';
import { createUpstream } from './upstream/upstream.ts';
import {
  createUpstreamFetch,
  DEFAULT_UPSTREAM_TIMEOUTS,
  type UpstreamTimeouts,
} from './upstream/upstream-fetch.ts';

export interface GatewayOptions {
  port?: number;
  host?: string;
  /** The service's base URL (the embedded reference service, or ATTEST_UPSTREAM). */
  upstream: string;
  /** Folder for gateway.db and gateway-keys.json; null keeps everything in memory (tests). */
  dataDir: string | null;
  /**
   * PostgreSQL for the gateway's state instead of gateway.db (ATTEST_DATABASE_URL), so that
   * several processes serve one team (ADR 023); `schema` keeps tests' gateways apart.
   */
  database?: { url: string; schema?: string } | undefined;
  /** The key sessions are sealed with (ATTEST_SESSION_KEY); else gateway-keys.json. */
  sessionKey?: Buffer | undefined;
  /**
   * `whsec_` secrets webhook deliveries may be signed with (rotation: any one matches): a
   * list for every owner, or a map giving each owner its own (ATTEST_WEBHOOK_SECRETS).
   */
  webhookSecrets: WebhookSecrets;
  /** The built app (index.html and assets/). */
  distDir: string;
  /** Serve the build's source maps (ATTEST_SOURCE_MAPS); off by default. */
  sourceMaps?: boolean;
  /** How the gateway reaches the upstream; tests wrap it to count requests. */
  fetch?: typeof fetch;
  /** Connect and response-header waits for the upstream (ATTEST_UPSTREAM_*TIMEOUT_MS). */
  upstreamTimeouts?: Partial<UpstreamTimeouts>;
  /** Milliseconds since the epoch: session and token expiry; tests move it. */
  now?: () => number;
  /**
   * The first-page drawer's bounds (ADR 028); the defaults serve a real deployment. The tests'
   * gateways give a drawing longer, so that a busy machine fails none that is not about time.
   */
  drawer?: PageImagesOptions;
  log?: (message: string, detail?: unknown) => void;
  /** Believe X-Forwarded-Proto/-Host from a TLS-terminating proxy (ATTEST_TRUST_PROXY). */
  trustProxy?: boolean;
  /** URLs users reach the console at besides the loopback names (ATTEST_PUBLIC_URL). */
  publicUrls?: string[];
  /** List demo logins to callers not on this machine too (ATTEST_SHOW_DEMO_LOGINS). */
  showDemoLogins?: boolean;
  /** Which approvals are sampled for a second review: a number in [0, 1) per approval. */
  random?: () => number;
  /** The actor role of a request's notary (ATTEST_NOTARY_ROLE; default `notary`). */
  notaryRole?: string;
  /** Wraps the stores' queries; tests make the database fail and come back with it. */
  sql?: (sql: Sql) => Sql;
  /** Where notices of finding changes go, and their secrets (ATTEST_NOTICE_*; ADR 030). */
  notices?: NoticeSettings | undefined;
  /** The machine's checks in the background (ADR 042); false leaves them queued, unread. */
  checks?: boolean;
  /** OCR of pages without a text layer, for the checks (tesseract.js; on by default). */
  checksOcr?: boolean;
  /** Findings by e-mail (ATTEST_SMTP_URL, ATTEST_MAIL_*; ADR 040). */
  mail?: (MailSettings & { clients: readonly MailClient[] }) | undefined;
  /** Interval of the /events heartbeat comment (default 15 s). */
  heartbeatMs?: number;
  /** A keep-alive connection's age, after which it is closed (default 30 s; connection-age.ts). */
  connectionMaxAgeMs?: number;
  /** Claim names and the owner (ATTEST_CLAIM_*, ATTEST_OWNER); the reference's by default. */
  identity?: IdentitySettings;
  /** Scopes the token request asks for (ATTEST_SCOPES); default the spec's five. */
  scopes?: string[];
  /** Origins of presigned URLs besides the upstream's (ATTEST_STORAGE_ORIGINS). */
  storageOrigins?: string[];
  /**
   * A staging service beside `upstream` (ATTEST_UAT_UPSTREAM): offered at sign-in. Its
   * deliveries verify with its own secrets, or with `webhookSecrets` when it names none.
   */
  staging?: { upstream: string; webhookSecrets?: WebhookSecrets } | undefined;
}

/**
 * A request's headers, at most: Node's default (16 KiB) and room for a decision's marks
 * (`Attest-Marks`, up to MARKS_HEADER_MAX, ADR 029) beside a full set of ordinary headers.
 */
export const MAX_HEADER_BYTES = 16 * 1024 + MARKS_HEADER_MAX;

export interface RunningGateway {
  url: string;
  close(): Promise<void>;
}

function defaultLog(message: string, detail?: unknown) {
  if (detail === undefined) console.error(`[gateway] ${message}`);
  else console.error(`[gateway] ${message}`, detail);
}

/** Opens gateway.db and its key, and listens. Port 0 picks a free port. */
export async function startGateway(o: GatewayOptions): Promise<RunningGateway> {
  const upstreamBase = o.upstream.replace(/\/+$/, '');
  const now = o.now ?? Date.now;
  const log = o.log ?? defaultLog;
  const timeouts = { ...DEFAULT_UPSTREAM_TIMEOUTS, ...o.upstreamTimeouts };
  const upstreamFetch = createUpstreamFetch(o.fetch ?? fetch, timeouts);
  const fetchImpl = upstreamFetch.fetch;
  const db = await openGatewayDatabase({
    dataDir: o.dataDir,
    url: o.database?.url,
    schema: o.database?.schema,
    log,
  });
  const sql = o.sql ? o.sql(db.sql) : db.sql;
  const box = loadSecretBox(o.dataDir, o.sessionKey);
  // Every process of one database must seal with one key, or each opens none of the others'.
  if (o.database)
    await checkSessionKey(sql, box).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
  const sessions = createSessionStore(sql, box, now);
  const events = createEventLog(sql);
  const scopes = { ...(o.scopes && { scopes: o.scopes }) };
  const target = (environment: Environment, base: string, secrets: WebhookSecrets) => ({
    environment,
    base,
    upstream: createUpstream(base, fetchImpl, timeouts, scopes),
    webhookSecrets: secrets,
  });
  const targets: GatewayContext['targets'] = {
    production: target('production', upstreamBase, o.webhookSecrets),
    staging:
      o.staging &&
      target(
        'staging',
        o.staging.upstream.replace(/\/+$/, ''),
        o.staging.webhookSecrets ?? o.webhookSecrets,
      ),
  };
  const hub = createEventHub(db.bus, events, (error) => log('a delivery was not streamed', error));
  const notices = createNotices(sql, o.notices ?? { url: undefined, secrets: [] }, now, log);
  const management = createManagementStore(sql);
  const correctiveActions = createActionStore(sql, now);
  let ownUrl = '';
  const mailSettings = o.mail ?? { smtpUrl: undefined, from: '', clients: [] };
  const mail = createMailer(sql, mailSettings, {
    now,
    log,
    ownUrl: () => ownUrl,
    escalationDays: async (feed, processName) =>
      (await management.settingsNamed(feed, processName))?.escalationDays ??
      ESCALATION_DAYS_DEFAULT,
    // Addresses known from sign-ins, and read with the mail clients when there are any.
    directory: (store) =>
      createDirectory(
        store,
        targets.production.upstream,
        o.identity ?? DEFAULT_IDENTITY,
        mailSettings.clients,
        (token, path) =>
          fetchImpl(`${upstreamBase}${path}`, {
            headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
            redirect: 'manual',
          }),
        now,
        log,
      ),
    // Last month's QC report (ADR 041), read with the owner's mail client.
    reportRecipients: () => correctiveActions.everyRecipient(),
    monthlyReport: async (feed, period, directory, base) => {
      const scope = { process: null, firm: null, notary: null };
      const report = await buildReport(ctx, feed, period, scope, directory.serviceGet(feed.owner));
      return composeReportMail(report, await reportPdf(report, feed.owner), base);
    },
  });
  const endSession = async (idHash: string) => {
    await sessions.remove(idHash);
    hub.closeSession(idHash);
  };
  const ctx: GatewayContext = {
    targets,
    identity: o.identity ?? DEFAULT_IDENTITY,
    storageOrigins: o.storageOrigins ?? [],
    sessions,
    tokens: createTokenManager(
      sessions,
      (session) => targetOf(targets, session.environment).upstream,
      now,
      log,
      endSession,
    ),
    signIns: signInLimit(sql, now),
    endSession,
    events,
    hub,
    holds: createHoldStore(sql, now),
    decisions: createDecisionLog(sql),
    management,
    findings: createFindingStore(sql),
    notices,
    mail,
    correctiveActions,
    checks: createChecker(createCheckStore(sql, now), () => ctx, {
      reader: documentReader({ ocr: o.checksOcr ?? true }),
      now,
      log,
    }),
    random: o.random ?? Math.random,
    notaryRole: o.notaryRole ?? 'notary',
    fetch: fetchImpl,
    now,
    log,
    distDir: o.distDir,
    sourceMaps: o.sourceMaps ?? false,
    trustProxy: o.trustProxy ?? false,
    hosts: NO_HOSTS,
    showDemoLogins: o.showDemoLogins ?? false,
    heartbeatMs: o.heartbeatMs ?? HEARTBEAT_MS,
    drawer: o.drawer ?? {},
  };
  const app = createGatewayApp(ctx);
  const host = o.host ?? '127.0.0.1';
  let server: ServerType;
  try {
    server = await new Promise<ServerType>((resolve, reject) => {
      const s = serve(
        {
          fetch: app.fetch,
          port: o.port ?? 0,
          hostname: host,
          serverOptions: { maxHeaderSize: MAX_HEADER_BYTES },
        },
        () => resolve(s),
      );
      s.once('error', reject);
      ageConnections(s as Server, o.connectionMaxAgeMs);
    });
  } catch (error) {
    await db.close();
    await upstreamFetch.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`port ${o.port} on ${host} is in use: stop the other process or set PORT`, {
        cause: error,
      });
    }
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const publicUrls = o.publicUrls ?? [];
  ctx.hosts = hostAllowList({
    listenHost: host,
    port,
    publicUrls,
    interfaces: interfaceAddresses(),
  });
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  // Links in e-mails lead where people open the console.
  ownUrl = publicUrls[0] ?? `http://${hostInUrl}:${port}`;
  notices.start();
  mail.start();
  if (o.checks !== false) ctx.checks.start();
  const warning = listenWarning(host, port, publicUrls);
  if (warning) log(warning);
  return {
    url: `http://${hostInUrl}:${port}`,
    close: async () => {
      // Open event streams would keep the server from closing.
      hub.closeAll();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      // After the server: its requests' upstream calls have been aborted with it.
      await upstreamFetch.close();
      await notices.stop();
      await mail.stop();
      await ctx.checks.stop();
      await db.close();
    },
  };
}
