import { z } from 'zod';
import {
  ListQuerySchema,
  NonEmptyStringSchema,
  TimestampSchema,
  UuidSchema,
  listEnvelope,
  onlyIfValid,
} from './common.ts';
import { TemplateSchema } from './signatures.ts';

// DESIGN.md: a reviewer's verdict on one item; `notApplicable` only where the item allowNA.
export const CHECKLIST_VERDICTS = ['approved', 'rejected', 'notApplicable'] as const;
export const ChecklistVerdictSchema = z.enum(CHECKLIST_VERDICTS);
export type ChecklistVerdict = z.infer<typeof ChecklistVerdictSchema>;

export const ChecklistItemStatusSchema = z.enum([...CHECKLIST_VERDICTS, 'pending']);
export type ChecklistItemStatus = z.infer<typeof ChecklistItemStatusSchema>;

export const ChecklistItemSchema = z.object({
  id: UuidSchema,
  createdOn: TimestampSchema,
  displayName: z.string(),
  description: z.string(),
  status: ChecklistItemStatusSchema.optional(),
  roleId: z.string(),
  completedBy: z.string().optional(),
  group: z.string(),
  allowNA: z.boolean(),
  reviewerNote: z.string().optional(),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

// The spec's PATCH item echoes the item's fields; only `id`, the verdict and the note are
// the reviewer's to change, the rest is accepted so a client can send an item back as read.
export const ChecklistItemUpdateSchema = z.strictObject({
  id: UuidSchema,
  createdOn: TimestampSchema.optional(),
  displayName: z.string().optional(),
  description: z.string().optional(),
  roleId: z.string().optional(),
  completedBy: z.string().optional(),
  group: z.string().optional(),
  allowNA: z.boolean().optional(),
  reviewerNote: z.string().optional(),
  status: ChecklistVerdictSchema.optional(),
});
export type ChecklistItemUpdate = z.infer<typeof ChecklistItemUpdateSchema>;

export const QC_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const QcRequestStatusSchema = z.enum(QC_REQUEST_STATUSES);
export type QcRequestStatus = z.infer<typeof QcRequestStatusSchema>;

export const QcDocumentSchema = z.object({
  id: UuidSchema,
  templates: z.array(TemplateSchema),
  matterReference: z.string(),
  preparedBy: z.string(),
  preparedOn: TimestampSchema,
  // Optional: a scanned document may reach QC before anyone is recorded as its signer.
  signedBy: UuidSchema.optional(),
  signedOn: TimestampSchema.optional(),
  firmId: z.string(),
});
export type QcDocument = z.infer<typeof QcDocumentSchema>;

export const ActorSchema = z.object({ userId: z.string(), roleId: z.string() });
export type Actor = z.infer<typeof ActorSchema>;

export const QcReviewSchema = z.object({ id: UuidSchema, shortId: z.string() });
export type QcReview = z.infer<typeof QcReviewSchema>;

export const QcRequestSchema = z.object({
  id: UuidSchema,
  createdOn: TimestampSchema,
  status: QcRequestStatusSchema,
  document: QcDocumentSchema,
  checklistItems: z.array(ChecklistItemSchema),
  // The review fields appear once a reviewer has opened or decided the request.
  review: QcReviewSchema.optional(),
  reviewCompletedOn: TimestampSchema.optional(),
  reviewStartedOn: TimestampSchema.optional(),
  reviewedBy: z.string().optional(),
  actors: z.array(ActorSchema),
  fileUrl: NonEmptyStringSchema,
  processName: z.string(),
  checklistName: z.string(),
  checklistVersion: z.string().optional(),
  notes: z.string().optional(),
});
export type QcRequest = z.infer<typeof QcRequestSchema>;

export const QC_NOTES_MAX = 5000;

// DESIGN.md: `status` carries the decision. The rules that need only the body live here so
// the review form and the service agree; the service adds those that need the stored items
// (every item decided before an approval, `notApplicable` only where allowNA).
type ItemUpdates = ChecklistItemUpdate[] | undefined;
const hasDuplicateIds = (items: ItemUpdates = []) =>
  new Set(items.map((item) => item.id)).size !== items.length;
const hasRejectedItem = (items: ItemUpdates = []) =>
  items.some((item) => item.status === 'rejected');

export const QcRequestPatchSchema = z
  .strictObject({
    status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
    reviewedBy: z.uuid({ error: "reviewedBy must be the reviewing user's id" }).toLowerCase(),
    checklistItems: z.array(ChecklistItemUpdateSchema).optional(),
    notes: z
      .string()
      .max(QC_NOTES_MAX, `notes may be at most ${QC_NOTES_MAX} characters`)
      .optional(),
  })
  .refine((body) => !hasDuplicateIds(body.checklistItems), {
    message: 'each checklist item may appear only once',
    path: ['checklistItems'],
    when: onlyIfValid,
  })
  .refine((body) => body.status !== 'approved' || !hasRejectedItem(body.checklistItems), {
    message: 'an approved request cannot have a rejected checklist item',
    path: ['checklistItems'],
    when: onlyIfValid,
  })
  .refine(
    (body) =>
      body.status !== 'rejected' ||
      Boolean(body.notes?.trim()) ||
      hasRejectedItem(body.checklistItems),
    {
      message: 'a rejection needs at least one rejected checklist item or rework notes',
      path: ['notes'],
      when: onlyIfValid,
    },
  );
export type QcRequestPatch = z.infer<typeof QcRequestPatchSchema>;

export const QcProcessSchema = z.object({
  id: UuidSchema,
  owner: z.string(),
  displayName: z.string(),
  description: z.string().optional(),
  createdOn: TimestampSchema,
  // Absent or null both mean active.
  archivedOn: TimestampSchema.nullish(),
  checklistId: UuidSchema,
});
export type QcProcess = z.infer<typeof QcProcessSchema>;

// The spec's PATCH answer omits `description`; parsing with this strips it if sent.
export const QcProcessUpdateResponseSchema = QcProcessSchema.omit({ description: true });
export type QcProcessUpdateResponse = z.infer<typeof QcProcessUpdateResponseSchema>;

export const QcProcessPatchSchema = z
  .strictObject({
    displayName: z
      .string()
      .max(200, 'displayName may be at most 200 characters')
      .regex(/\S/, 'displayName must not be blank')
      .optional(),
    description: z.string().max(2000, 'description may be at most 2000 characters').optional(),
    checklistId: UuidSchema.optional(),
    // null unarchives (DESIGN.md); the spec shows only archiving.
    archivedOn: TimestampSchema.nullable().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'send at least one of displayName, description, checklistId, archivedOn',
    when: onlyIfValid,
  });
export type QcProcessPatch = z.infer<typeof QcProcessPatchSchema>;

export const QcChecklistItemSchema = ChecklistItemSchema.omit({ status: true });
export type QcChecklistItem = z.infer<typeof QcChecklistItemSchema>;

export const QcChecklistVersionSchema = z.object({
  version: z.string(),
  createdOn: TimestampSchema,
});
export type QcChecklistVersion = z.infer<typeof QcChecklistVersionSchema>;

export const QcChecklistSchema = z.object({
  id: UuidSchema,
  owner: z.string(),
  displayName: z.string(),
  description: z.string().optional(),
  createdOn: TimestampSchema,
  /** The active version; `items` are that version's. */
  version: z.string(),
  versions: z.array(QcChecklistVersionSchema),
  items: z.array(QcChecklistItemSchema),
});
export type QcChecklist = z.infer<typeof QcChecklistSchema>;

// Not in the spec: the review queue needs to ask for pending requests only.
export const QcRequestListQuerySchema = ListQuerySchema.extend({
  status: QcRequestStatusSchema.optional(),
  processId: UuidSchema.optional(),
  checklistId: UuidSchema.optional(),
  firmId: z.string().min(1).optional(),
});
export type QcRequestListQuery = z.infer<typeof QcRequestListQuerySchema>;

export const QcRequestListSchema = listEnvelope('qcRequests', QcRequestSchema);
export type QcRequestList = z.infer<typeof QcRequestListSchema>;
export const QcChecklistListSchema = listEnvelope('qcChecklists', QcChecklistSchema);
export type QcChecklistList = z.infer<typeof QcChecklistListSchema>;
// The spec's list of resource keys has no entry for processes; this follows its pattern.
export const QcProcessListSchema = listEnvelope('qcProcesses', QcProcessSchema);
export type QcProcessList = z.infer<typeof QcProcessListSchema>;
