import { z } from './zod.ts';
import { DemoLoginSchema } from './session.ts';
import { ListQuerySchema, TimestampSchema, UuidSchema, listEnvelope } from './common.ts';
import { EventTypeSchema } from './webhooks.ts';

// Sandbox controls of the reference service (`/sandbox/v1`). Not part of the interface spec:
// a real deployment answers 404 there, and the gateway tells the app it is a sandbox only
// when `GET /sandbox/v1/info` answers `sandbox: true`.

export const SandboxInfoSchema = z.object({
  sandbox: z.literal(true),
  service: z.string(),
  /** The service clock, which the sandbox can advance. */
  now: TimestampSchema,
  /** The demo logins, for a sign-in page to offer; empty unless asked from this machine. */
  demoLogins: z.array(DemoLoginSchema),
});
export type SandboxInfo = z.infer<typeof SandboxInfoSchema>;

export const SandboxResetResultSchema = z.object({
  owner: z.string(),
  resetOn: TimestampSchema,
  /** Rows of the owner removed before re-seeding. */
  removed: z.int().check(z.nonnegative()),
  /** Rows of the owner per table after re-seeding. */
  restored: z.record(z.string(), z.int().check(z.nonnegative())),
});
export type SandboxResetResult = z.infer<typeof SandboxResetResultSchema>;

export const CompleteSignatureRequestResultSchema = z.object({
  id: UuidSchema,
  status: z.literal('completed'),
  completedOn: TimestampSchema,
  /** The hook-id of the DOCUMENT_READY published with the completion. */
  messageId: z.string().check(z.minLength(1)),
});
export type CompleteSignatureRequestResult = z.infer<typeof CompleteSignatureRequestResultSchema>;

/** Ten days: enough to run a message through its whole retry schedule (about 42 hours). */
export const MAX_CLOCK_ADVANCE_SECONDS = 10 * 86_400;

export const ClockAdvanceSchema = z.strictObject({
  seconds: z
    .int('seconds must be a whole number')
    .check(z.positive('seconds must be positive'))
    .check(
      z.lte(MAX_CLOCK_ADVANCE_SECONDS, `seconds must be at most ${MAX_CLOCK_ADVANCE_SECONDS}`),
    ),
});
export type ClockAdvance = z.infer<typeof ClockAdvanceSchema>;

export const ClockAdvanceResultSchema = z.object({ now: TimestampSchema });
export type ClockAdvanceResult = z.infer<typeof ClockAdvanceResultSchema>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

/** Outbox message ids are the hook-id: `msg_` and base64url, not UUIDs. */
export const MessageIdSchema = z
  .string()
  .check(z.regex(/^msg_[A-Za-z0-9_-]{1,64}$/, 'message id must look like msg_…'));

export const DeliveryAttemptSchema = z.object({
  attempt: z.int().check(z.positive()),
  attemptedOn: TimestampSchema,
  url: z.string(),
  /** The endpoint's answer; null when there was none (network error or timeout). */
  statusCode: z.nullable(z.int()),
  error: z.nullable(z.string()),
  durationMs: z.int().check(z.nonnegative()),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttemptSchema>;

export const DeliverySchema = z.object({
  id: MessageIdSchema,
  eventType: EventTypeSchema,
  status: DeliveryStatusSchema,
  /** Attempts in the current round: up to 9, restarting at 0 on a redelivery. */
  attemptCount: z.int().check(z.nonnegative()),
  createdOn: TimestampSchema,
  nextAttemptOn: z.nullable(TimestampSchema),
  deliveredOn: z.nullable(TimestampSchema),
  /** The payload as published (a delivery carries a freshly presigned downloadUrl). */
  payload: z.record(z.string(), z.unknown()),
  lastAttempt: z.nullable(DeliveryAttemptSchema),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryDetailSchema = z.extend(DeliverySchema, {
  /** Every attempt, oldest first, across redeliveries. */
  attempts: z.array(DeliveryAttemptSchema),
});
export type DeliveryDetail = z.infer<typeof DeliveryDetailSchema>;

export const DeliveryListSchema = listEnvelope('deliveries', DeliverySchema);
export type DeliveryList = z.infer<typeof DeliveryListSchema>;

export const DeliveryListQuerySchema = z.extend(ListQuerySchema, {
  status: z.optional(DeliveryStatusSchema),
});
export type DeliveryListQuery = z.infer<typeof DeliveryListQuerySchema>;

export const RedeliverResultSchema = z.object({
  id: MessageIdSchema,
  status: z.literal('pending'),
  nextAttemptOn: TimestampSchema,
});
export type RedeliverResult = z.infer<typeof RedeliverResultSchema>;

export const RevokeResultSchema = z.object({ revoked: z.int().check(z.nonnegative()) });
export type RevokeResult = z.infer<typeof RevokeResultSchema>;
