import { z } from './zod.ts';
import {
  ListQuerySchema,
  NonEmptyStringSchema,
  TimestampSchema,
  UuidSchema,
  listEnvelope,
  onlyIfValid,
} from './common.ts';
import { ScanReviewSchema, TemplateSchema } from './signatures.ts';

// docs/design.md: a reviewer's verdict on one item; `notApplicable` only where the item allowNA.
export const CHECKLIST_VERDICTS = ['approved', 'rejected', 'notApplicable'] as const;
export const ChecklistVerdictSchema = z.enum(CHECKLIST_VERDICTS);
export type ChecklistVerdict = z.infer<typeof ChecklistVerdictSchema>;

/** `notApplicable` only where the item allows it; any other verdict anywhere. */
export function verdictAllowed(item: { allowNA: boolean }, verdict: ChecklistVerdict): boolean {
  return verdict !== 'notApplicable' || item.allowNA;
}

/**
 * The items that stand in the way of an approval: every item must be approved or not
 * applicable. One rule for the review screen (what to enable) and the service (what to refuse).
 */
export function itemsOpenForApproval<T extends { id: string }>(
  items: readonly T[],
  verdictOf: (id: string) => ChecklistItemStatus | undefined,
): T[] {
  return items.filter((item) => {
    const verdict = verdictOf(item.id);
    return verdict !== 'approved' && verdict !== 'notApplicable';
  });
}

export const ChecklistItemStatusSchema = z.enum([...CHECKLIST_VERDICTS, 'pending']);
export type ChecklistItemStatus = z.infer<typeof ChecklistItemStatusSchema>;

export const ChecklistItemSchema = z.object({
  id: UuidSchema,
  createdOn: TimestampSchema,
  displayName: z.string(),
  description: z.string(),
  status: z.optional(ChecklistItemStatusSchema),
  roleId: z.string(),
  completedBy: z.optional(z.string()),
  group: z.string(),
  allowNA: z.boolean(),
  reviewerNote: z.optional(z.string()),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

// The spec's PATCH item echoes the item's fields; only `id`, the verdict and the note are
// the reviewer's to change, the rest is accepted so a client can send an item back as read.
export const ChecklistItemUpdateSchema = z.strictObject({
  id: UuidSchema,
  createdOn: z.optional(TimestampSchema),
  displayName: z.optional(z.string()),
  description: z.optional(z.string()),
  roleId: z.optional(z.string()),
  completedBy: z.optional(z.string()),
  group: z.optional(z.string()),
  allowNA: z.optional(z.boolean()),
  reviewerNote: z.optional(z.string()),
  status: z.optional(ChecklistVerdictSchema),
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
  signedBy: z.optional(UuidSchema),
  signedOn: z.optional(TimestampSchema),
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
  review: z.optional(QcReviewSchema),
  reviewCompletedOn: z.optional(TimestampSchema),
  reviewStartedOn: z.optional(TimestampSchema),
  reviewedBy: z.optional(z.string()),
  actors: z.array(ActorSchema),
  fileUrl: NonEmptyStringSchema,
  processName: z.string(),
  checklistName: z.string(),
  checklistVersion: z.optional(z.string()),
  notes: z.optional(z.string()),
  // Reference extension (the wet-ink rework loop): for a rescanned wet-ink document, the
  // decided reviews of the earlier scans of the same signature request, oldest first. Absent
  // otherwise, and from a deployment that does not send it.
  earlierReviews: z.optional(z.array(ScanReviewSchema)),
});
export type QcRequest = z.infer<typeof QcRequestSchema>;

export const QC_NOTES_MAX = 5000;

// docs/design.md: `status` carries the decision. The rules that need only the body live here so
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
    reviewedBy: z
      .uuid({ error: "reviewedBy must be the reviewing user's id" })
      .check(z.toLowerCase()),
    checklistItems: z.optional(z.array(ChecklistItemUpdateSchema)),
    notes: z.optional(
      z
        .string()
        .check(z.maxLength(QC_NOTES_MAX, `notes may be at most ${QC_NOTES_MAX} characters`)),
    ),
  })
  .check(
    z.refine((body) => !hasDuplicateIds(body.checklistItems), {
      message: 'each checklist item may appear only once',
      path: ['checklistItems'],
      when: onlyIfValid,
    }),
  )
  .check(
    z.refine((body) => body.status !== 'approved' || !hasRejectedItem(body.checklistItems), {
      message: 'an approved request cannot have a rejected checklist item',
      path: ['checklistItems'],
      when: onlyIfValid,
    }),
  )
  .check(
    z.refine(
      (body) =>
        body.status !== 'rejected' ||
        Boolean(body.notes?.trim()) ||
        hasRejectedItem(body.checklistItems),
      {
        message: 'a rejection needs at least one rejected checklist item or rework notes',
        path: ['notes'],
        when: onlyIfValid,
      },
    ),
  );
export type QcRequestPatch = z.infer<typeof QcRequestPatchSchema>;

export const QcProcessSchema = z.object({
  id: UuidSchema,
  owner: z.string(),
  displayName: z.string(),
  description: z.optional(z.string()),
  createdOn: TimestampSchema,
  // Absent or null both mean active.
  archivedOn: z.nullish(TimestampSchema),
  checklistId: UuidSchema,
});
export type QcProcess = z.infer<typeof QcProcessSchema>;

// The spec's PATCH answer omits `description`; parsing with this strips it if sent.
export const QcProcessUpdateResponseSchema = z.omit(QcProcessSchema, { description: true });
export type QcProcessUpdateResponse = z.infer<typeof QcProcessUpdateResponseSchema>;

export const QcProcessPatchSchema = z
  .strictObject({
    displayName: z.optional(
      z
        .string()
        .check(z.maxLength(200, 'displayName may be at most 200 characters'))
        .check(z.regex(/\S/, 'displayName must not be blank')),
    ),
    description: z.optional(
      z.string().check(z.maxLength(2000, 'description may be at most 2000 characters')),
    ),
    checklistId: z.optional(UuidSchema),
    // null unarchives (docs/design.md); the spec shows only archiving.
    archivedOn: z.optional(z.nullable(TimestampSchema)),
  })
  .check(
    z.refine((patch) => Object.values(patch).some((value) => value !== undefined), {
      message: 'send at least one of displayName, description, checklistId, archivedOn',
      when: onlyIfValid,
    }),
  );
export type QcProcessPatch = z.infer<typeof QcProcessPatchSchema>;

export const QcChecklistItemSchema = z.omit(ChecklistItemSchema, { status: true });
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
  description: z.optional(z.string()),
  createdOn: TimestampSchema,
  /** The active version; `items` are that version's. */
  version: z.string(),
  versions: z.array(QcChecklistVersionSchema),
  items: z.array(QcChecklistItemSchema),
});
export type QcChecklist = z.infer<typeof QcChecklistSchema>;

// Not in the spec: the review queue needs to ask for pending requests only.
export const QcRequestListQuerySchema = z.extend(ListQuerySchema, {
  status: z.optional(QcRequestStatusSchema),
  processId: z.optional(UuidSchema),
  checklistId: z.optional(UuidSchema),
  firmId: z.optional(z.string().check(z.minLength(1))),
});
export type QcRequestListQuery = z.infer<typeof QcRequestListQuerySchema>;

export const QcRequestListSchema = listEnvelope('qcRequests', QcRequestSchema);
export type QcRequestList = z.infer<typeof QcRequestListSchema>;
export const QcChecklistListSchema = listEnvelope('qcChecklists', QcChecklistSchema);
export type QcChecklistList = z.infer<typeof QcChecklistListSchema>;
// The spec's list of resource keys has no entry for processes; this follows its pattern.
export const QcProcessListSchema = listEnvelope('qcProcesses', QcProcessSchema);
export type QcProcessList = z.infer<typeof QcProcessListSchema>;
