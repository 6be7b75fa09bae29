import { z } from './zod.ts';
import {
  ListQuerySchema,
  NonEmptyStringSchema,
  TimestampSchema,
  UuidSchema,
  listEnvelope,
} from './common.ts';

// The spec names the `redactions` list key and shows no fields (interface-gaps #7, #23). A
// redaction is one region of a file's page blacked out before it is shared: a rectangle in
// PDF user space (points, origin at the page's bottom-left, y upwards), so a viewer maps it
// with the page's own viewport transform, as it does for signature template fields.
const PointsSchema = z.number().check(z.nonnegative());

export const RedactionSchema = z.object({
  id: UuidSchema,
  owner: z.string(),
  fileId: UuidSchema,
  // 1-based, like the page numbers a person reads.
  page: z.int().check(z.gte(1)),
  x: PointsSchema,
  y: PointsSchema,
  width: z.number().check(z.positive()),
  height: z.number().check(z.positive()),
  // Why the region is hidden, in a few words: "SSN", "Account number".
  reason: NonEmptyStringSchema.check(z.maxLength(100)),
  createdOn: TimestampSchema,
  // The user id of whoever marked it; absent for redactions an import or a tool made.
  createdBy: z.optional(UuidSchema),
});
export type Redaction = z.infer<typeof RedactionSchema>;

export const RedactionListSchema = listEnvelope('redactions', RedactionSchema);
export type RedactionList = z.infer<typeof RedactionListSchema>;

// Ordered by createdOn only; `fileId` narrows the list to one file's regions.
export const RedactionListQuerySchema = z.extend(ListQuerySchema, {
  orderBy: z.optional(z.enum(['createdOn'])),
  fileId: z.optional(UuidSchema),
});
export type RedactionListQuery = z.infer<typeof RedactionListQuerySchema>;
export type RedactionListQueryInput = z.input<typeof RedactionListQuerySchema>;
