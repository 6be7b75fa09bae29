import { z } from './zod.ts';
import { TimestampSchema } from './common.ts';
import { EnvironmentSchema } from './session.ts';

// Outgoing notices (ADR 030): what the gateway POSTs to ATTEST_NOTICE_URL, signed the
// Standard Webhooks way, for each finding change (ADR 029), so teams that live in email or
// chat hear of it. The gateway's own outbox; QC managers see it on the events screen.

export const NOTICE_TYPES = [
  'finding.raised',
  'finding.answered',
  'finding.settled',
  'finding.reassigned',
] as const;
export const NoticeTypeSchema = z.enum(NOTICE_TYPES);
export type NoticeType = z.infer<typeof NoticeTypeSchema>;

/**
 * `pending`: not tried yet in this round; `retrying`: tried and failed, the next attempt is
 * due at `nextAttemptOn`; `sent`: the endpoint answered 2xx; `failed`: every attempt of the
 * round failed (a manager may redeliver it).
 */
export const NOTICE_STATES = ['pending', 'retrying', 'sent', 'failed'] as const;
export const NoticeStateSchema = z.enum(NOTICE_STATES);
export type NoticeState = z.infer<typeof NoticeStateSchema>;

/** Attempts in one round: the first at once, then after 5 s, 30 s, 2 min, 10 min, 1 h and 6 h. */
export const NOTICE_ATTEMPTS = 7;

/** Notice ids are their `webhook-id`: the same on every attempt and every redelivery. */
export const NoticeIdSchema = z
  .string()
  .check(z.regex(/^msg_[A-Za-z0-9_-]{1,64}$/, 'a notice id looks like msg_…'));

export const NoticeAttemptSchema = z.object({
  /** 1 for the first round; a redelivery starts the next. */
  round: z.int().check(z.positive()),
  /** 1-based within its round. */
  attempt: z.int().check(z.positive()),
  attemptedOn: TimestampSchema,
  /** The endpoint's answer; null when there was none (network error or timeout). */
  statusCode: z.nullable(z.int()),
  error: z.nullable(z.string()),
  durationMs: z.int().check(z.nonnegative()),
});
export type NoticeAttempt = z.infer<typeof NoticeAttemptSchema>;

export const NoticeSchema = z.object({
  id: NoticeIdSchema,
  type: NoticeTypeSchema,
  createdOn: TimestampSchema,
  state: NoticeStateSchema,
  round: z.int().check(z.positive()),
  /** Attempts in the current round, up to NOTICE_ATTEMPTS. */
  attemptCount: z.int().check(z.nonnegative()),
  /** When the next attempt is due; null once sent or failed. */
  nextAttemptOn: z.nullable(TimestampSchema),
  sentOn: z.nullable(TimestampSchema),
  /** What is sent as `data`: the finding change (contract/findings.ts's FindingChange). */
  payload: z.record(z.string(), z.unknown()),
  /** Every attempt, oldest first, across rounds. */
  attempts: z.array(NoticeAttemptSchema),
});
export type Notice = z.infer<typeof NoticeSchema>;

/**
 * The body of every POST: the Standard Webhooks payload structure, with the feed the finding
 * belongs to. Identical on every attempt of a notice (`timestamp` is when it was made; the
 * `webhook-timestamp` header is the attempt's).
 */
export const NoticeBodySchema = z.object({
  type: NoticeTypeSchema,
  timestamp: TimestampSchema,
  environment: EnvironmentSchema,
  owner: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type NoticeBody = z.infer<typeof NoticeBodySchema>;

/** `GET /team/notices` (QC managers): newest first. */
export const NoticeQuerySchema = z.strictObject({
  limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/, 'limit must be 1 to 100'))),
  cursor: z.optional(z.string().check(z.regex(/^\d{1,15}$/, 'not a cursor of this list'))),
});
export type NoticeQuery = z.infer<typeof NoticeQuerySchema>;
export const NOTICE_PAGE_DEFAULT = 25;
export const NOTICE_PAGE_MAX = 100;

export const NoticeListSchema = z.object({
  /** Whether ATTEST_NOTICE_URL is set: without it nothing is sent, nor kept. */
  configured: z.boolean(),
  /** The endpoint's origin (scheme, host, port): its path may be a secret (chat webhooks). */
  endpoint: z.nullable(z.string()),
  notices: z.array(NoticeSchema),
  /** The next page's cursor, when there is one. */
  next: z.optional(z.string()),
});
export type NoticeList = z.infer<typeof NoticeListSchema>;
