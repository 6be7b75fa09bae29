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

// `POST /sandbox/v1/qc-requests`: any PDF into QC. A multipart form, so every field arrives
// as text; `actors` is the JSON of the spec's actors list.

/** The most actors one request may name: every role of a notarization, with room to spare. */
export const MAX_SANDBOX_ACTORS = 20;
/** The longest matter reference taken, as the seeded ones and a real file's are far shorter. */
export const MAX_MATTER_REFERENCE = 100;

const SandboxActorSchema = z.strictObject({
  userId: UuidSchema,
  roleId: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'roleId must not be empty'),
      z.maxLength(64, 'roleId must be at most 64 characters'),
    ),
});

/** A field's JSON text, parsed; not JSON, the message names the field and an example. */
const jsonText = (field: string, example: string) =>
  z.pipe(
    z.string(),
    z.transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({
          code: 'custom',
          message: `${field} must be JSON such as ${example}`,
          input: text,
        });
        return z.NEVER;
      }
    }),
  );

/** The most templates one document may name, as `POST /files/v1/files` allows. */
export const MAX_SANDBOX_TEMPLATES = 20;

/** A template the document was made from, as the files service takes them (the id is given). */
const SandboxTemplateSchema = z.strictObject({
  filename: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  displayName: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  signatureRequired: z.boolean(),
  notaryRequired: z.boolean(),
});
export type SandboxTemplate = z.output<typeof SandboxTemplateSchema>;

/** The form's text fields, the file aside. */
export const SandboxQcRequestFieldsSchema = z.strictObject({
  processId: UuidSchema,
  matterReference: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'matterReference must not be empty'),
      z.maxLength(
        MAX_MATTER_REFERENCE,
        `matterReference must be at most ${MAX_MATTER_REFERENCE} characters`,
      ),
    ),
  signedOn: TimestampSchema,
  actors: z.pipe(
    jsonText('actors', '[{"userId": "…", "roleId": "affiant"}]'),
    z
      .array(SandboxActorSchema, 'actors must be a JSON array of {userId, roleId}')
      .check(
        z.minLength(1, 'actors must name at least one user'),
        z.maxLength(MAX_SANDBOX_ACTORS, `actors may name at most ${MAX_SANDBOX_ACTORS} users`),
      ),
  ),
  firmId: z.optional(UuidSchema),
  /**
   * The templates the document was made from (its `document.templates`), JSON; without it, one
   * template named for the file, notarized when an actor is the `notary`.
   */
  templates: z.optional(
    z.pipe(
      jsonText('templates', '[{"filename": "affidavit.pdf", "displayName": "Affidavit", …}]'),
      z
        .array(
          SandboxTemplateSchema,
          'templates must be a JSON array of {filename, displayName, signatureRequired, notaryRequired}',
        )
        .check(
          z.maxLength(
            MAX_SANDBOX_TEMPLATES,
            `templates may name at most ${MAX_SANDBOX_TEMPLATES} templates`,
          ),
        ),
    ),
  ),
});
export type SandboxQcRequestFields = z.output<typeof SandboxQcRequestFieldsSchema>;
/** The fields as a form carries them (`actors` as its JSON text). */
export type SandboxQcRequestForm = z.input<typeof SandboxQcRequestFieldsSchema>;
