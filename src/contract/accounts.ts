import { z } from 'zod';
import {
  CalendarDateSchema,
  NonEmptyStringSchema,
  ListQuerySchema,
  StringMapSchema,
  TimestampSchema,
  UuidSchema,
  listEnvelope,
  onlyIfValid,
} from './common.ts';

const addressShape = {
  addressLine1: z.string().optional(),
  addressLine2: z.string().optional(),
  city: z.string().optional(),
  stateProvCode: z.string().optional(),
  postalCode: z.string().optional(),
  country: z.string().optional(),
};
export const AddressSchema = z.strictObject(addressShape);
export type Address = z.infer<typeof AddressSchema>;
// Responses read addresses leniently: an upstream may add a line (county, ...) later.
const AddressResponseSchema = z.object(addressShape);

export const METADATA_MAX_KEYS = 50;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;

// Key lengths are checked here rather than by z.record's key schema, whose issue reads only
// "Invalid key in record".
const limitedMetadata = () =>
  z
    .record(
      z.string(),
      z
        .string({ error: 'metadata values must be strings' })
        .max(METADATA_VALUE_MAX, `metadata values may be at most ${METADATA_VALUE_MAX} characters`),
    )
    .superRefine((map, ctx) => {
      const keys = Object.keys(map);
      if (keys.length > METADATA_MAX_KEYS) {
        ctx.addIssue({
          code: 'custom',
          message: `metadata may have at most ${METADATA_MAX_KEYS} keys`,
        });
      }
      for (const key of keys) {
        if (key.length === 0 || key.length > METADATA_KEY_MAX) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `metadata keys must be 1 to ${METADATA_KEY_MAX} characters`,
          });
        }
      }
    });

/** The whole map, as sent on create and on the account upsert (which replaces it). */
export const MetadataSchema = limitedMetadata();
export type Metadata = z.infer<typeof MetadataSchema>;

/** A PATCH merges these keys into the stored map; an empty-string value removes the key. */
export const MetadataPatchSchema = limitedMetadata();
export type MetadataPatch = z.infer<typeof MetadataPatchSchema>;

export function applyMetadataPatch(current: Metadata, patch: MetadataPatch): Metadata {
  const next = { ...current, ...patch };
  for (const [key, value] of Object.entries(patch)) if (value === '') delete next[key];
  return next;
}

export const EntityTypeSchema = z.enum([
  'AUTHORIZED_USER',
  'BORROWER',
  'DEBT_SETTLEMENT_COMPANY',
  'NON_BORROWING_DEFENDANT',
]);
export type EntityType = z.infer<typeof EntityTypeSchema>;

// SSN or EIN: nine digits, bare or in the usual dashed forms.
export const SsnSchema = z
  .string()
  .regex(
    /^(\d{9}|\d{3}-\d{2}-\d{4}|\d{2}-\d{7})$/,
    'ssn must be 9 digits: 123456789, 123-45-6789 (SSN) or 12-3456789 (EIN)',
  );

const editableEntityShape = {
  name: NonEmptyStringSchema,
  dateOfBirth: CalendarDateSchema.optional(),
  phone: z.string().optional(),
  email: z.email({ error: 'email must be an email address' }).optional(),
  alsoKnown: z.string().optional(),
  externalEntityId: z.string().optional(),
  languagePreference: z.string().optional(),
  officialAddress: AddressSchema.optional(),
  mailingAddress: AddressSchema.optional(),
  physicalAddress: AddressSchema.optional(),
};

export const EntityCreateSchema = z.strictObject({
  type: EntityTypeSchema,
  ...editableEntityShape,
  ssn: SsnSchema.optional(),
  metadata: MetadataSchema.optional(),
});
export type EntityCreate = z.infer<typeof EntityCreateSchema>;

// Not strict, so a stray `ssn` from any upstream is stripped and never reaches a screen.
export const EntitySchema = z.object({
  entityId: UuidSchema,
  matterId: UuidSchema,
  type: EntityTypeSchema,
  name: z.string(),
  dateOfBirth: CalendarDateSchema.optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  alsoKnown: z.string().optional(),
  externalEntityId: z.string().optional(),
  languagePreference: z.string().optional(),
  ssnLastFour: z
    .string()
    .regex(/^\d{4}$/, 'ssnLastFour must be 4 digits')
    .optional(),
  officialAddress: AddressResponseSchema.optional(),
  mailingAddress: AddressResponseSchema.optional(),
  physicalAddress: AddressResponseSchema.optional(),
  metadata: StringMapSchema,
  createdOn: TimestampSchema,
});
export type Entity = z.infer<typeof EntitySchema>;

// The role (`type`) and the SSN are fixed once created: a wrong one is a new entity.
export const EntityPatchSchema = z
  .strictObject({
    ...z.object(editableEntityShape).partial().shape,
    metadata: MetadataPatchSchema.optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'send at least one field to change',
    when: onlyIfValid,
  });
export type EntityPatch = z.infer<typeof EntityPatchSchema>;

export const FirmSchema = z.object({
  firmId: UuidSchema,
  owner: z.string(),
  firmCode: z.string(),
  name: z.string(),
  metadata: StringMapSchema,
});
export type Firm = z.infer<typeof FirmSchema>;

export const AccountSummarySchema = z.object({
  id: UuidSchema,
  owner: z.string(),
  crid: NonEmptyStringSchema,
  matterId: UuidSchema,
  createdOn: TimestampSchema,
  updatedOn: TimestampSchema,
  entityCount: z.int().nonnegative(),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

export const AccountSchema = AccountSummarySchema.extend({ entities: z.array(EntitySchema) });
export type Account = z.infer<typeof AccountSchema>;

export const CRID_MAX = 64;
export const ACCOUNT_MAX_ENTITIES = 50;

/** PUT /accounts/v1/accounts: a full snapshot, matched on `crid` within the owner. */
export const AccountUpsertSchema = z.strictObject({
  crid: NonEmptyStringSchema.max(CRID_MAX, `crid may be at most ${CRID_MAX} characters`),
  entities: z
    .array(EntityCreateSchema)
    .max(ACCOUNT_MAX_ENTITIES, `an account may have at most ${ACCOUNT_MAX_ENTITIES} entities`),
});
export type AccountUpsert = z.infer<typeof AccountUpsertSchema>;

export const CreditorSchema = z.object({
  id: UuidSchema,
  owner: z.string(),
  name: z.string(),
  creditorCode: z.string(),
  createdOn: TimestampSchema,
});
export type Creditor = z.infer<typeof CreditorSchema>;

// The spec allows only `name` as the firm list's sort field.
export const FirmListQuerySchema = ListQuerySchema.extend({ orderBy: z.enum(['name']).optional() });
export type FirmListQuery = z.infer<typeof FirmListQuerySchema>;

export const FirmListSchema = listEnvelope('firms', FirmSchema);
export type FirmList = z.infer<typeof FirmListSchema>;
export const AccountListSchema = listEnvelope('accounts', AccountSummarySchema);
export type AccountList = z.infer<typeof AccountListSchema>;
export const CreditorListSchema = listEnvelope('creditors', CreditorSchema);
export type CreditorList = z.infer<typeof CreditorListSchema>;

// An account's entities: GET /accounts/v1/accounts/{accountId}/entities (key `entities`).
export const EntityListQuerySchema = ListQuerySchema.extend({
  orderBy: z.enum(['createdOn', 'name']).optional(),
});
export type EntityListQuery = z.infer<typeof EntityListQuerySchema>;
export const EntityListSchema = listEnvelope('entities', EntitySchema);
export type EntityList = z.infer<typeof EntityListSchema>;

export const CreditorListQuerySchema = ListQuerySchema.extend({
  orderBy: z.enum(['name']).optional(),
});
export type CreditorListQuery = z.infer<typeof CreditorListQuerySchema>;
