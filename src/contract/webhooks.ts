import { z } from './zod.ts';
import { UuidSchema } from './common.ts';

export const EVENT_TYPES = ['DOCUMENT_READY', 'ADDRESS_CHANGE'] as const;
export const EventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof EventTypeSchema>;

/** docs/design.md: the event type travels in this header, the body holds only the payload. */
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

// The spec leaves this payload open; these fields are docs/design.md's.
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

/** An owner as it stands in a webhook endpoint's path (`/webhooks/{owner}`). */
export const WEBHOOK_OWNER = /^[A-Za-z0-9._~-]{1,128}$/;

/**
 * `owner=whsec_…`, split at the first `=` (base64 ends in `=` padding; an owner has none).
 * An entry without `=` has no secret, and says so.
 */
const OwnerSecretEntrySchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((entry) => {
      const at = entry.indexOf('=');
      return at < 0
        ? { owner: entry, secret: undefined }
        : { owner: entry.slice(0, at), secret: entry.slice(at + 1) };
    }),
  ),
  z.object({
    owner: z
      .string()
      .check(z.regex(WEBHOOK_OWNER, 'an owner is 1 to 128 of A-Z a-z 0-9 . _ ~ - before the =')),
    secret: z.pipe(z.string({ error: 'each entry must be owner=whsec_…' }), WebhookSecretSchema),
  }),
);

/**
 * Secrets by owner (ATTEST_WEBHOOK_SECRETS): `acme=whsec_… globex=whsec_…`, space-separated.
 * An owner named twice has both secrets (rotation: any one signature verifies).
 */
export const WebhookOwnerSecretsSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value) => value.split(/\s+/).filter(Boolean)),
  ),
  z.pipe(
    z.array(OwnerSecretEntrySchema).check(z.minLength(1, 'name at least one owner=whsec_… entry')),
    z.transform((entries) => {
      const byOwner = new Map<string, string[]>();
      for (const { owner, secret } of entries) {
        const list = byOwner.get(owner) ?? [];
        if (!list.includes(secret)) list.push(secret);
        byOwner.set(owner, list);
      }
      return byOwner;
    }),
  ),
);

/**
 * The signing secrets of webhook deliveries. A list (ATTEST_WEBHOOK_SECRET) serves every
 * owner alike; a map (ATTEST_WEBHOOK_SECRETS) gives each owner it names its own, and any
 * other owner none.
 */
export type WebhookSecrets = string[] | Map<string, string[]>;

export function isPerOwner(secrets: WebhookSecrets): secrets is Map<string, string[]> {
  return secrets instanceof Map;
}

/** The secrets an owner's deliveries are signed and verified with; none: refused. */
export function secretsFor(secrets: WebhookSecrets, owner: string): readonly string[] {
  return isPerOwner(secrets) ? (secrets.get(owner) ?? []) : secrets;
}

export function hasSecrets(secrets: WebhookSecrets): boolean {
  return isPerOwner(secrets) ? secrets.size > 0 : secrets.length > 0;
}
