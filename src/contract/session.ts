import { z } from './zod.ts';
import { TimestampSchema } from './common.ts';

// The gateway's own routes (docs/design.md: backend-for-frontend). The browser never sees a
// token or a client secret: only what these schemas carry.

/**
 * Which of the deployment's upstreams a session works against (ADR 015: the spec's staging
 * base address beside production). Tokens, calls and received webhooks never cross over.
 */
export const ENVIRONMENTS = ['production', 'staging'] as const;
export const EnvironmentSchema = z.enum(ENVIRONMENTS, {
  error: 'environment must be production or staging',
});
export type Environment = z.infer<typeof EnvironmentSchema>;

export const SessionLoginSchema = z.strictObject({
  clientId: z
    .string()
    .check(z.trim())
    .check(z.minLength(1, 'enter the client id'))
    .check(z.maxLength(200)),
  clientSecret: z.string().check(z.minLength(1, 'enter the client secret')).check(z.maxLength(500)),
  /** Default production; staging only when the gateway has a staging upstream. */
  environment: z.optional(EnvironmentSchema),
});
export type SessionLogin = z.infer<typeof SessionLoginSchema>;

export const SessionUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.optional(z.string()),
  isNotary: z.optional(z.boolean()),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** What `POST /session` and `GET /session` answer. */
export const SessionSchema = z.object({
  clientId: z.string(),
  owner: z.string(),
  /**
   * The client's user; null for a machine client, or when the token names no user (the
   * user claim, ATTEST_CLAIM_USER, is absent): screens that need a user then say why.
   */
  user: z.nullable(SessionUserSchema),
  /**
   * Permission names from the token's permissions claim (ATTEST_CLAIM_PERMISSIONS); unknown
   * ones are kept. Null when the token has no such claim: the console then shows every area
   * and lets the service's 401 say what is refused.
   */
  permissions: z.nullable(z.array(z.string())),
  /** True when the upstream is a reference-service sandbox. */
  sandbox: z.boolean(),
  /** Which service the session is signed in to (ADR 015). */
  environment: EnvironmentSchema,
  expiresOn: TimestampSchema,
});
export type Session = z.infer<typeof SessionSchema>;

export const DemoLoginSchema = z.object({
  clientId: z.string(),
  clientSecret: z.string(),
  owner: z.string(),
  summary: z.string(),
});
export type DemoLogin = z.infer<typeof DemoLoginSchema>;

/** `GET /config`: what the sign-in page needs before anyone is signed in. */
export const GatewayConfigSchema = z.object({
  sandbox: z.boolean(),
  /**
   * Listed only when the upstream is the reference sandbox and the page was reached on this
   * machine, or ATTEST_SHOW_DEMO_LOGINS says to list them anyway. Production's, as is
   * `sandbox`, when there is a staging upstream too.
   */
  demoLogins: z.array(DemoLoginSchema),
  /**
   * The environments one may sign in to, production first; staging only when the gateway
   * has a staging upstream (ATTEST_UAT_UPSTREAM).
   */
  environments: z.array(EnvironmentSchema),
});
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;

/** One webhook delivery the gateway received, as `GET /events` streams it (SSE data). */
export const ReceivedEventSchema = z.object({
  /** The SSE event id: a sequence number, for Last-Event-ID resume. */
  seq: z.int().check(z.nonnegative()),
  hookId: z.string(),
  type: z.string(),
  owner: z.string(),
  /** The environment whose service sent it (its path: /webhooks/staging/{owner} for staging). */
  environment: EnvironmentSchema,
  receivedOn: TimestampSchema,
  /** Whether the hook-signature verified; unverified deliveries are logged, never streamed. */
  verified: z.boolean(),
  payload: z.record(z.string(), z.unknown()),
});
export type ReceivedEvent = z.infer<typeof ReceivedEventSchema>;

export const ReceivedEventListSchema = z.object({ events: z.array(ReceivedEventSchema) });
export type ReceivedEventList = z.infer<typeof ReceivedEventListSchema>;
