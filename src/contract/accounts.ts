import { z } from './zod.ts';
import {
  CalendarDateSchema,
  NonEmptyStringSchema,
  ListQuerySchema,
  StringMapSchema,
  TimestampSchema,
  UuidSchema,
  listEnvelope,
  onlyIfValid,
  recordLimits,
} from './common.ts';

const addressShape = {
  addressLine1: z.optional(z.string()),
  addressLine2: z.optional(z.string()),
  city: z.optional(z.string()),
  stateProvCode: z.optional(z.string()),
  postalCode: z.optional(z.string()),
  country: z.optional(z.string()),
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
        .check(
          z.maxLength(
            METADATA_VALUE_MAX,
            `metadata values may be at most ${METADATA_VALUE_MAX} characters`,
          ),
        ),
    )
    .check(
      recordLimits(
        METADATA_MAX_KEYS,
        `metadata may have at most ${METADATA_MAX_KEYS} keys`,
        (key) => key.length > 0 && key.length <= METADATA_KEY_MAX,
        `metadata keys must be 1 to ${METADATA_KEY_MAX} characters`,
      ),
    );

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
  .check(
    z.regex(
      /^(\d{9}|\d{3}-\d{2}-\d{4}|\d{2}-\d{7})$/,
      'ssn must be 9 digits: 123456789, 123-45-6789 (SSN) or 12-3456789 (EIN)',
    ),
  );

const editableEntityShape = {
  name: NonEmptyStringSchema,
  dateOfBirth: z.optional(CalendarDateSchema),
  phone: z.optional(z.string()),
  email: z.optional(z.email({ error: 'email must be an email address' })),
  alsoKnown: z.optional(z.string()),
  externalEntityId: z.optional(z.string()),
  languagePreference: z.optional(z.string()),
  officialAddress: z.optional(AddressSchema),
  mailingAddress: z.optional(AddressSchema),
  physicalAddress: z.optional(AddressSchema),
};

export const EntityCreateSchema = z.strictObject({
  type: EntityTypeSchema,
  ...editableEntityShape,
  ssn: z.optional(SsnSchema),
  metadata: z.optional(MetadataSchema),
});
export type EntityCreate = z.infer<typeof EntityCreateSchema>;

// Not strict, so a stray `ssn` from any upstream is stripped and never reaches a screen.
export const EntitySchema = z.object({
  entityId: UuidSchema,
  matterId: UuidSchema,
  type: EntityTypeSchema,
  name: z.string(),
  dateOfBirth: z.optional(CalendarDateSchema),
  phone: z.optional(z.string()),
  email: z.optional(z.string()),
  alsoKnown: z.optional(z.string()),
  externalEntityId: z.optional(z.string()),
  languagePreference: z.optional(z.string()),
  ssnLastFour: z.optional(z.string().check(z.regex(/^\d{4}$/, 'ssnLastFour must be 4 digits'))),
  officialAddress: z.optional(AddressResponseSchema),
  mailingAddress: z.optional(AddressResponseSchema),
  physicalAddress: z.optional(AddressResponseSchema),
  metadata: StringMapSchema,
  // The reference service's own: the spec's entity has no creation time.
  createdOn: z.optional(TimestampSchema),
});
export type Entity = z.infer<typeof EntitySchema>;

// The role (`type`) and the SSN are fixed once created: a wrong one is a new entity.
export const EntityPatchSchema = z
  .strictObject({
    ...z.partial(z.object(editableEntityShape)).shape,
    metadata: z.optional(MetadataPatchSchema),
  })
  .check(
    z.refine((patch) => Object.values(patch).some((value) => value !== undefined), {
      message: 'send at least one field to change',
      when: onlyIfValid,
    }),
  );
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
  entityCount: z.int().check(z.nonnegative()),
});
export type AccountSummary = z.infer<typeof AccountSummarySchema>;

export const AccountSchema = z.extend(AccountSummarySchema, { entities: z.array(EntitySchema) });
export type Account = z.infer<typeof AccountSchema>;

export const CRID_MAX = 64;
export const ACCOUNT_MAX_ENTITIES = 50;

/** PUT /accounts/v1/accounts: a full snapshot, matched on `crid` within the owner. */
export const AccountUpsertSchema = z.strictObject({
  crid: NonEmptyStringSchema.check(
    z.maxLength(CRID_MAX, `crid may be at most ${CRID_MAX} characters`),
  ),
  entities: z
    .array(EntityCreateSchema)
    .check(
      z.maxLength(
        ACCOUNT_MAX_ENTITIES,
        `an account may have at most ${ACCOUNT_MAX_ENTITIES} entities`,
      ),
    ),
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
export const FirmListQuerySchema = z.extend(ListQuerySchema, {
  orderBy: z.optional(z.enum(['name'])),
});
export type FirmListQuery = z.infer<typeof FirmListQuerySchema>;

export const FirmListSchema = listEnvelope('firms', FirmSchema);
export type FirmList = z.infer<typeof FirmListSchema>;
export const AccountListSchema = listEnvelope('accounts', AccountSummarySchema);
export type AccountList = z.infer<typeof AccountListSchema>;
export const CreditorListSchema = listEnvelope('creditors', CreditorSchema);
export type CreditorList = z.infer<typeof CreditorListSchema>;

// An account's entities: GET /accounts/v1/accounts/{accountId}/entities (key `entities`).
export const EntityListQuerySchema = z.extend(ListQuerySchema, {
  orderBy: z.optional(z.enum(['createdOn', 'name'])),
});
export type EntityListQuery = z.infer<typeof EntityListQuerySchema>;
export const EntityListSchema = listEnvelope('entities', EntitySchema);
export type EntityList = z.infer<typeof EntityListSchema>;

export const CreditorListQuerySchema = z.extend(ListQuerySchema, {
  orderBy: z.optional(z.enum(['name'])),
});
export type CreditorListQuery = z.infer<typeof CreditorListQuerySchema>;
