import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { PERMISSIONS } from '../contract/auth.ts';
import '../shared/zod-messages.ts';
import { z } from '../contract/zod.ts';
import { credentialsProblem } from './notices/endpoint.ts';
import type { MailClient } from './mail/directory.ts';
import {
  WebhookOwnerSecretsSchema,
  WebhookSecretListSchema,
  type WebhookSecrets,
} from '../contract/webhooks.ts';
import { DEFAULT_IDENTITY, type IdentitySettings } from './session/identity.ts';

// An empty variable (`ATTEST_UPSTREAM=` in a shell or .env) means unset.
const optional = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(schema),
  );

const milliseconds = (fallback: number) =>
  z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(600_000))), fallback);

// The only place the gateway reads process.env (readGatewayEnv, at the end): parsed once at
// start-up, so a bad value fails loudly before anything listens.
const GatewayFieldsSchema = z.object({
  PORT: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(0), z.lte(65535))), 8080),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  // A real deployment's base URL; unset means the embedded reference service (src/main.ts).
  ATTEST_UPSTREAM: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  ATTEST_DATA_DIR: z._default(z.string().check(z.minLength(1)), '.attest'),
  // PostgreSQL for the gateway's state (ADR 023), shared by every process of a team; unset
  // keeps gateway.db in ATTEST_DATA_DIR. Every process of one database seals sessions with
  // one key: ATTEST_SESSION_KEY, or a gateway-keys.json they share.
  ATTEST_DATABASE_URL: optional(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  ),
  ATTEST_SESSION_KEY: optional(
    z.base64().check(
      z.refine((key) => Buffer.from(key, 'base64').length === 32, {
        error: 'must be 32 random bytes in base64 (openssl rand -base64 32)',
      }),
    ),
  ),
  // The same variables the service signs with. ATTEST_WEBHOOK_SECRET: secrets for every
  // owner alike, space-separated (rotation); ATTEST_WEBHOOK_SECRETS: `owner=whsec_…` entries,
  // so each owner's endpoint verifies with its own secrets only. One or the other.
  ATTEST_WEBHOOK_SECRET: optional(WebhookSecretListSchema),
  ATTEST_WEBHOOK_SECRETS: optional(WebhookOwnerSecretsSchema),
  // The spec's staging base address ({uat_base_url}), offered beside production at
  // sign-in. Its deliveries come to /webhooks/staging/{owner}, verified with the UAT secrets
  // when set, else with the production ones (ADR 015).
  ATTEST_UAT_UPSTREAM: optional(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })),
  ATTEST_UAT_WEBHOOK_SECRET: optional(WebhookSecretListSchema),
  ATTEST_UAT_WEBHOOK_SECRETS: optional(WebhookOwnerSecretsSchema),
  ATTEST_DIST_DIR: z._default(z.string().check(z.minLength(1)), 'dist'),
  // Source maps hand anyone the app's source: served only when asked for, in development.
  ATTEST_SOURCE_MAPS: optional(z.enum(['true', 'false', '1', '0'])),
  // Behind a TLS-terminating proxy the gateway sees plain HTTP; only then may it believe
  // X-Forwarded-Proto/-Host (a browser could send them too, so never by default).
  ATTEST_TRUST_PROXY: optional(z.enum(['true', 'false', '1', '0'])),
  // How long an upstream may take to send its response headers, and to accept a connection,
  // before the browser gets 504; a body, once it flows, is never cut by either.
  ATTEST_UPSTREAM_TIMEOUT_MS: milliseconds(15_000),
  ATTEST_UPSTREAM_CONNECT_TIMEOUT_MS: milliseconds(5_000),
  // Where the gateway POSTs a notice of each finding change, signed the Standard Webhooks
  // way with ATTEST_NOTICE_SECRET (ADR 030); unset, nothing is sent. Its path may be a
  // secret (a chat's incoming webhook): the console shows its origin only.
  ATTEST_NOTICE_URL: optional(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).check(
      z.refine((value) => !URL.canParse(value) || !new URL(value).hash, {
        error: 'must have no #fragment',
      }),
      // A Basic-auth relay is named user:password@host: sent as an Authorization header.
      z.superRefine((value: string, ctx) => {
        const problem = credentialsProblem(value);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: value });
      }),
    ),
  ),
  // One whsec_ secret, or several space-separated while rotating (one signature each).
  ATTEST_NOTICE_SECRET: optional(WebhookSecretListSchema),
});

// A URL people open the console at: its origin is what Host and Origin are checked against.
const PublicUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).check(
  z.refine(
    (value) => {
      if (!URL.canParse(value)) return true; // the URL check above says what is wrong
      const url = new URL(value);
      return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    },
    { error: 'must be scheme, host and port only, e.g. https://console.example.com' },
  ),
);

// Which names the console answers at, and to whom it lists the demo logins (ADR 012).
const ConsoleAccessSchema = z.object({
  // Several URLs, space-separated (a name and an address, or an old name during a move).
  ATTEST_PUBLIC_URL: optional(
    z.pipe(
      z.pipe(
        z.string(),
        z.transform((value) => value.split(/\s+/).filter(Boolean)),
      ),
      z.array(PublicUrlSchema),
    ),
  ),
  ATTEST_SHOW_DEMO_LOGINS: optional(z.enum(['true', 'false', '1', '0'])),
  // OCR of pages without a text layer, for the machine's checks (ADR 042): seconds of a core
  // a page. Off, a scan's text checks say unsure, as they do where OCR cannot read.
  ATTEST_CHECKS_OCR: optional(z.enum(['true', 'false', '1', '0'])),
});

// What a real deployment differs in. The spec shows no token claims, so their names
// are settings (defaults: the reference service's); the owner may come from ATTEST_OWNER;
// the scopes asked for and the storage origins of presigned URLs are the deployment's.
const ClaimNameSchema = z.string().check(z.minLength(1), z.maxLength(200));
const OriginSchema = z.url({ protocol: /^https?$/, error: 'must be an http(s) origin' }).check(
  z.refine((value) => !URL.canParse(value) || new URL(value).pathname === '/', {
    error: 'must be scheme, host and port only, e.g. https://files.example.com',
  }),
);
const words = z.pipe(
  z.string(),
  z.transform((value) => value.split(/\s+/).filter(Boolean)),
);

const DeploymentSchema = z.object({
  ATTEST_OWNER: optional(z.string().check(z.regex(/^\S{1,200}$/, 'one owner identifier'))),
  ATTEST_CLAIM_OWNER: optional(ClaimNameSchema),
  ATTEST_CLAIM_USER: optional(ClaimNameSchema),
  ATTEST_CLAIM_PERMISSIONS: optional(ClaimNameSchema),
  // Space-separated, as the token endpoint takes them.
  ATTEST_SCOPES: optional(
    z.pipe(words, z.array(z.string().check(z.regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'not a scope')))),
  ),
  ATTEST_STORAGE_ORIGINS: optional(z.pipe(words, z.array(OriginSchema))),
  // What a token without a permissions claim grants where the gateway decides (the QC
  // team's holds, history, sampling and figures): `all`, or permission names. Unset, it
  // grants nothing there: a token that cannot say is not taken for a QC manager.
  ATTEST_ASSUME_PERMISSIONS: optional(
    z.union([
      z.literal('all'),
      z.pipe(
        words,
        z.array(
          z.string().check(
            z.refine((name) => (PERMISSIONS as readonly string[]).includes(name), {
              error: `all, or permission names among ${PERMISSIONS.join(', ')}`,
            }),
          ),
        ),
      ),
    ]),
  ),
});

// Findings by e-mail (ADR 040).
const MailFieldsSchema = z.object({
  // smtp:// or smtps://, with user:password@ when the server asks for them.
  ATTEST_SMTP_URL: optional(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }),
  ),
  // The From header: `Attest QC <qc@example.com>`.
  ATTEST_MAIL_FROM: optional(
    z.string().check(z.regex(/^[^\r\n]{3,300}$/, 'one line, like Attest QC <qc@example.com>')),
  ),
  // clientId:secret of a client per owner that may read users: their addresses for e-mail.
  ATTEST_MAIL_CLIENTS: optional(
    z.pipe(words, z.array(z.string().check(z.regex(/^[^:\s]+:\S+$/, 'clientId:secret pairs')))),
  ),
});

// One or the other: which of the two would win is not obvious, so neither does.
const GatewayEnvSchema = z
  .object({
    ...GatewayFieldsSchema.shape,
    ...ConsoleAccessSchema.shape,
    ...DeploymentSchema.shape,
    ...MailFieldsSchema.shape,
    // The actor role whose user is a request's notary, for the team's defects by notary.
    ATTEST_NOTARY_ROLE: optional(z.string()),
    // `npm start` (src/main.ts) builds the app when it is stale, unless this is `1` (e2e).
    ATTEST_SKIP_BUILD: optional(z.string()),
  })
  .check(
    z.refine((e) => !(e.ATTEST_WEBHOOK_SECRET && e.ATTEST_WEBHOOK_SECRETS), {
      error:
        'set ATTEST_WEBHOOK_SECRET (every owner) or ATTEST_WEBHOOK_SECRETS (per owner), not both',
      path: ['ATTEST_WEBHOOK_SECRETS'],
    }),
    z.refine((e) => !(e.ATTEST_UAT_WEBHOOK_SECRET && e.ATTEST_UAT_WEBHOOK_SECRETS), {
      error:
        'set ATTEST_UAT_WEBHOOK_SECRET (every owner) or ATTEST_UAT_WEBHOOK_SECRETS (per owner), not both',
      path: ['ATTEST_UAT_WEBHOOK_SECRETS'],
    }),
    // Secrets for a staging nobody named are a typo or a leftover: better said than ignored.
    z.refine(
      (e) =>
        e.ATTEST_UAT_UPSTREAM || !(e.ATTEST_UAT_WEBHOOK_SECRET || e.ATTEST_UAT_WEBHOOK_SECRETS),
      {
        error: 'ATTEST_UAT_WEBHOOK_SECRET(S) is set, but ATTEST_UAT_UPSTREAM is not',
        path: ['ATTEST_UAT_UPSTREAM'],
      },
    ),
    z.refine((e) => !e.ATTEST_UAT_UPSTREAM || !sameBase(e.ATTEST_UAT_UPSTREAM, e.ATTEST_UPSTREAM), {
      error: 'ATTEST_UAT_UPSTREAM must be another address than ATTEST_UPSTREAM',
      path: ['ATTEST_UAT_UPSTREAM'],
    }),
    // Unsigned, a receiver could not tell a notice from a forgery: no URL without a secret.
    z.refine((e) => !e.ATTEST_NOTICE_URL || e.ATTEST_NOTICE_SECRET, {
      error: 'ATTEST_NOTICE_URL is set, so ATTEST_NOTICE_SECRET must be too (whsec_…)',
      path: ['ATTEST_NOTICE_SECRET'],
    }),
    z.refine((e) => e.ATTEST_NOTICE_URL || !e.ATTEST_NOTICE_SECRET, {
      error: 'ATTEST_NOTICE_SECRET is set, but ATTEST_NOTICE_URL is not',
      path: ['ATTEST_NOTICE_URL'],
    }),
  );

const trimBase = (url: string) => url.replace(/\/+$/, '');
const sameBase = (a: string, b: string | undefined) =>
  b !== undefined && trimBase(a) === trimBase(b);

/** The staging upstream beside production (ATTEST_UAT_UPSTREAM) and how its deliveries verify. */
export interface StagingSettings {
  /** Without a trailing slash. */
  upstream: string;
  webhookSecrets: WebhookSecrets;
}

export interface GatewayEnv {
  port: number;
  host: string;
  /** Without a trailing slash; undefined when the embedded service is the upstream. */
  upstream: string | undefined;
  dataDir: string;
  /** ATTEST_DATABASE_URL: the gateway's state on PostgreSQL; undefined keeps gateway.db. */
  database: { url: string } | undefined;
  /** ATTEST_SESSION_KEY, decoded; undefined reads or makes gateway-keys.json. */
  sessionKey: Buffer | undefined;
  /** A list serves every owner; a map, each owner it names (none: deliveries are refused). */
  webhookSecrets: WebhookSecrets;
  distDir: string;
  sourceMaps: boolean;
  trustProxy: boolean;
  upstreamTimeouts: { connectMs: number; headersMs: number };
  /** Undefined without ATTEST_UAT_UPSTREAM: the console is production alone. */
  staging: StagingSettings | undefined;
  /** Origins (no trailing slash) users reach the console at besides the loopback names. */
  publicUrls: string[];
  /** List the sandbox's demo logins to callers not on this machine too. */
  showDemoLogins: boolean;
  /** OCR of pages without a text layer for the checks (ATTEST_CHECKS_OCR, on by default). */
  checksOcr: boolean;
  /** How a token says who it is for (ATTEST_CLAIM_*, ATTEST_OWNER, ATTEST_ASSUME_PERMISSIONS). */
  identity: IdentitySettings;
  /** Scopes the token request asks for; undefined: the spec's five on the upstream's URL. */
  scopes: string[] | undefined;
  /** Origins of presigned upload and download URLs besides the upstream's own (CSP). */
  storageOrigins: string[];
  /** ATTEST_NOTARY_ROLE, default `notary`. */
  notaryRole: string;
  /** ATTEST_SMTP_URL and its company (ADR 040); undefined: no e-mail is sent. */
  mail: { smtpUrl: string; from: string; clients: MailClient[] } | undefined;
  /** ATTEST_NOTICE_URL and its secrets (ADR 030); undefined: no notices are sent. */
  notices: { url: string; secrets: string[] } | undefined;
  /** ATTEST_SKIP_BUILD=1: `npm start` serves the build as it is. */
  skipBuild: boolean;
}

/** The gateway's whole environment, read once at start (src/main.ts). */
export function readGatewayEnv(env: NodeJS.ProcessEnv = process.env): GatewayEnv {
  const parsed = GatewayEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid environment for the gateway:\n${z.prettifyError(parsed.error)}`);
  }
  const e = parsed.data;
  const webhookSecrets = e.ATTEST_WEBHOOK_SECRETS ?? e.ATTEST_WEBHOOK_SECRET ?? [];
  return {
    port: e.PORT,
    host: e.HOST,
    upstream: e.ATTEST_UPSTREAM && trimBase(e.ATTEST_UPSTREAM),
    dataDir: resolve(e.ATTEST_DATA_DIR),
    database: e.ATTEST_DATABASE_URL ? { url: e.ATTEST_DATABASE_URL } : undefined,
    sessionKey: e.ATTEST_SESSION_KEY ? Buffer.from(e.ATTEST_SESSION_KEY, 'base64') : undefined,
    webhookSecrets,
    distDir: resolve(e.ATTEST_DIST_DIR),
    sourceMaps: e.ATTEST_SOURCE_MAPS === 'true' || e.ATTEST_SOURCE_MAPS === '1',
    trustProxy: e.ATTEST_TRUST_PROXY === 'true' || e.ATTEST_TRUST_PROXY === '1',
    upstreamTimeouts: {
      connectMs: e.ATTEST_UPSTREAM_CONNECT_TIMEOUT_MS,
      headersMs: e.ATTEST_UPSTREAM_TIMEOUT_MS,
    },
    staging: e.ATTEST_UAT_UPSTREAM
      ? {
          upstream: trimBase(e.ATTEST_UAT_UPSTREAM),
          webhookSecrets:
            e.ATTEST_UAT_WEBHOOK_SECRETS ?? e.ATTEST_UAT_WEBHOOK_SECRET ?? webhookSecrets,
        }
      : undefined,
    publicUrls: (e.ATTEST_PUBLIC_URL ?? []).map((url) => new URL(url).origin),
    showDemoLogins: e.ATTEST_SHOW_DEMO_LOGINS === 'true' || e.ATTEST_SHOW_DEMO_LOGINS === '1',
    checksOcr: e.ATTEST_CHECKS_OCR !== 'false' && e.ATTEST_CHECKS_OCR !== '0',
    identity: {
      ownerClaim: e.ATTEST_CLAIM_OWNER ?? DEFAULT_IDENTITY.ownerClaim,
      userClaim: e.ATTEST_CLAIM_USER ?? DEFAULT_IDENTITY.userClaim,
      permissionsClaim: e.ATTEST_CLAIM_PERMISSIONS ?? DEFAULT_IDENTITY.permissionsClaim,
      ...(e.ATTEST_OWNER !== undefined && { owner: e.ATTEST_OWNER }),
      ...(e.ATTEST_ASSUME_PERMISSIONS !== undefined && {
        assumePermissions:
          e.ATTEST_ASSUME_PERMISSIONS === 'all' ? PERMISSIONS : e.ATTEST_ASSUME_PERMISSIONS,
      }),
    },
    scopes: e.ATTEST_SCOPES?.length ? e.ATTEST_SCOPES : undefined,
    storageOrigins: (e.ATTEST_STORAGE_ORIGINS ?? []).map((url) => new URL(url).origin),
    notaryRole: e.ATTEST_NOTARY_ROLE?.trim() || 'notary',
    notices:
      e.ATTEST_NOTICE_URL && e.ATTEST_NOTICE_SECRET
        ? { url: e.ATTEST_NOTICE_URL, secrets: e.ATTEST_NOTICE_SECRET }
        : undefined,
    mail: e.ATTEST_SMTP_URL
      ? {
          smtpUrl: e.ATTEST_SMTP_URL,
          from: e.ATTEST_MAIL_FROM ?? 'Attest QC <attest@localhost>',
          clients: (e.ATTEST_MAIL_CLIENTS ?? []).map((pair) => {
            const at = pair.indexOf(':');
            return { clientId: pair.slice(0, at), clientSecret: pair.slice(at + 1) };
          }),
        }
      : undefined,
    skipBuild: e.ATTEST_SKIP_BUILD === '1',
  };
}

/** A fresh `whsec_` secret, for when the gateway registers itself with the embedded service. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
