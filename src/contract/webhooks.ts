import { z } from './zod.ts';
import { UuidSchema } from './common.ts';

export const EVENT_TYPES = ['DOCUMENT_READY', 'ADDRESS_CHANGE'] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

/** DESIGN.md: the event type travels in this header, the body holds only the payload. */
export const EVENT_TYPE_HEADER = 'hook-event-type';

// Payloads are plain (stripping) objects: the spec makes them additive-only and tells
// handlers to ignore unknown fields, so a new field must never fail a delivery.
export const DocumentReadyPayloadSchema = z.object({
  matterUUID: UuidSchema,
  crid: z.string(),
  downloadUrl: z.url({ protocol: /^https?$/, error: 'downloadUrl must be an http(s) URL' }),
  fileRequestUUID: UuidSchema,
  fileUUID: UuidSchema,
});
export type DocumentReadyPayload = z.infer<typeof DocumentReadyPayloadSchema>;

export const ADDRESS_TYPES = ['official', 'mailing', 'physical'] as const;
export const AddressTypeSchema = z.enum(ADDRESS_TYPES);
export type AddressType = z.infer<typeof AddressTypeSchema>;

// The spec leaves this payload open; these fields are DESIGN.md's.
export const AddressChangePayloadSchema = z.object({
  matterUUID: UuidSchema,
  crid: z.string(),
  entityId: UuidSchema,
  addressTypes: z
    .array(AddressTypeSchema)
    .check(z.minLength(1, 'addressTypes must name at least one address')),
});
export type AddressChangePayload = z.infer<typeof AddressChangePayloadSchema>;

export const WEBHOOK_PAYLOAD_SCHEMAS = {
  DOCUMENT_READY: DocumentReadyPayloadSchema,
  ADDRESS_CHANGE: AddressChangePayloadSchema,
} as const satisfies Record<EventType, z.ZodMiniType>;

export type WebhookPayload<T extends EventType = EventType> = z.infer<
  (typeof WEBHOOK_PAYLOAD_SCHEMAS)[T]
>;

// The spec: a signing secret is `whsec_` followed by the base64 of the key bytes.
export const WebhookSecretSchema = z
  .string()
  .check(z.startsWith('whsec_', 'each secret must start with whsec_'))
  .check(
    z.refine(
      (secret) =>
        z.base64().safeParse(secret.slice('whsec_'.length)).success &&
        secret.length > 'whsec_'.length,
      {
        message: 'each secret must be whsec_ then base64 key bytes',
      },
    ),
  );

/** Several secrets, space-separated (rotation: any one signature verifies). */
export const WebhookSecretListSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value) => value.split(/\s+/).filter(Boolean)),
  ),
  z.array(WebhookSecretSchema).check(z.minLength(1, 'name at least one whsec_ secret')),
);
