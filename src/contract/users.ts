import { z } from './zod.ts';
import {
  ListQuerySchema,
  NonEmptyStringSchema,
  StringMapSchema,
  TimestampSchema,
  UuidSchema,
  listEnvelope,
} from './common.ts';

export const USER_IMAGE_KINDS = ['signature', 'notarySeal'] as const;
export const UserImageKindSchema = z.enum(USER_IMAGE_KINDS, {
  error: 'image must be signature or notarySeal',
});
export type UserImageKind = z.infer<typeof UserImageKindSchema>;

// JSON names are docs/design.md's (the spec leaves them open). List records carry the lean fields
// unless `fields=` asks for more; the detail views always carry the notary and image fields.
export const UserSchema = z.object({
  id: UuidSchema,
  displayName: z.string(),
  email: z.string(),
  jobTitle: z.optional(z.string()),
  phoneNumber: z.optional(z.string()),
  // Absent or null means active (spec).
  deactivatedOn: z.nullish(TimestampSchema),
  isNotary: z.optional(z.boolean()),
  // Download URLs; null when the user has no such image.
  signatureImageUrl: z.nullish(z.string()),
  notarySealImageUrl: z.nullish(z.string()),
  // PUT upload URLs, present when a PUT sent a deprecated *Filename field.
  uploadImageUrls: z
    .optional(z.object({ signature: z.optional(z.string()), notarySeal: z.optional(z.string()) }))
    .check(z.meta({ deprecated: true })),
});
export type User = z.infer<typeof UserSchema>;

export const UserPutSchema = z.strictObject({
  signatureKey: z.optional(NonEmptyStringSchema),
  notarySealKey: z.optional(NonEmptyStringSchema),
  signatureFilename: z.optional(NonEmptyStringSchema).check(z.meta({ deprecated: true })),
  notarySealFilename: z.optional(NonEmptyStringSchema).check(z.meta({ deprecated: true })),
});
export type UserPut = z.infer<typeof UserPutSchema>;

export const UserImagesRequestSchema = z.strictObject({
  images: z
    .array(UserImageKindSchema)
    .check(z.minLength(1, 'ask for at least one image'))
    .check(
      z.refine((kinds) => new Set(kinds).size === kinds.length, 'ask for each image only once'),
    ),
});
export type UserImagesRequest = z.infer<typeof UserImagesRequestSchema>;

export const UserImageUploadSchema = z.object({
  image: UserImageKindSchema,
  key: NonEmptyStringSchema,
  uploadUrl: NonEmptyStringSchema,
  uploadValues: StringMapSchema,
});
export type UserImageUpload = z.infer<typeof UserImageUploadSchema>;

export const UserImagesResponseSchema = z.object({ images: z.array(UserImageUploadSchema) });
export type UserImagesResponse = z.infer<typeof UserImagesResponseSchema>;

/** Names a list request may add with `fields=` (comma-separated). */
export const USER_FIELDS = [
  'isNotary',
  'signatureImageUrl',
  'notarySealImageUrl',
  'deactivatedOn',
  'jobTitle',
  'phoneNumber',
] as const;
export const UserFieldSchema = z.enum(USER_FIELDS);
export type UserField = z.infer<typeof UserFieldSchema>;

export const UserFieldsMaskSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((text) =>
      text
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ),
  z.array(z.enum(USER_FIELDS, { error: `fields may name only ${USER_FIELDS.join(', ')}` })),
);

export const UserListQuerySchema = z.extend(ListQuerySchema, {
  fields: z.optional(UserFieldsMaskSchema),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserListSchema = listEnvelope('users', UserSchema);
export type UserList = z.infer<typeof UserListSchema>;
