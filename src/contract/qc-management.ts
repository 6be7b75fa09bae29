import { z } from './zod.ts';
import { CheckBindingSchema, CheckSchema } from './checks.ts';
import { recordLimits, TimestampSchema } from './common.ts';
import { ChecklistVerdictSchema } from './qc.ts';
import { DecisionRecordSchema, TeamMemberSchema } from './team.ts';
import { FindingFiguresSchema, SeveritySchema } from './findings.ts';

// QC management (ADR 021): what the people who run a QC team set per process (a target
// age for the queue, a share of approvals sampled for a second review), the second reviews
// themselves, and the team's figures. All of it is the gateway's own state, beside the
// decision history (contract/team.ts); the upstream knows nothing of it.

/** The most a target age may be: 90 days, in hours. */
export const TARGET_AGE_HOURS_MAX = 2160;

/** Findings' response target (ADR 029): business days to answer, when a manager sets none. */
export const RESPONSE_DAYS_DEFAULT = 2;
export const RESPONSE_DAYS_MAX = 30;
/** Business days overdue before the owner's QC managers are e-mailed (ADR 040). */
export const ESCALATION_DAYS_DEFAULT = 2;
export const ESCALATION_DAYS_MAX = 30;
/** The most items one process's severities name. */
export const SEVERITIES_MAX = 200;
const ITEM_NAME_MAX = 500;

/**
 * Each checklist item's severity, by the item's display name (as the figures key items: a
 * checklist's versions keep a check's name). An item not named is `major`.
 */
export const ItemSeveritiesSchema = z
  .record(z.string(), SeveritySchema)
  .check(
    recordLimits(
      SEVERITIES_MAX,
      `severities may name at most ${SEVERITIES_MAX} items`,
      (name) => name.trim() !== '' && name.length <= ITEM_NAME_MAX,
      `an item's name must be 1 to ${ITEM_NAME_MAX} characters`,
    ),
  );
export type ItemSeverities = z.infer<typeof ItemSeveritiesSchema>;

/**
 * `PUT /team/settings/{processId}` (QC managers): the process's operating settings.
 * `responseDays` and `severities` left out keep what was saved (a new process: 2 days, every
 * item major), so a form that does not show them changes neither.
 */
export const ProcessSettingsBodySchema = z.strictObject({
  /** Pending requests older than this are marked in the team view; null: no target. */
  targetAgeHours: z.nullable(z.number().check(z.positive(), z.maximum(TARGET_AGE_HOURS_MAX))),
  /** The share of approvals sampled for a second review, 0 to 100 (0: none). */
  samplePercent: z.number().check(z.minimum(0), z.maximum(100)),
  /** Business days (Monday to Friday) a finding's responsible party has to answer it. */
  responseDays: z.optional(z.int().check(z.minimum(1), z.maximum(RESPONSE_DAYS_MAX))),
  /** Business days a finding may be overdue before the QC managers get an escalation. */
  escalationDays: z.optional(z.int().check(z.minimum(1), z.maximum(ESCALATION_DAYS_MAX))),
  severities: z.optional(ItemSeveritiesSchema),
  /**
   * Each checklist item bound to a machine check (ADR 042); left out keeps what was saved,
   * null removes it, so the checks the items' names suggest hold again.
   */
  checks: z.optional(z.nullable(CheckBindingSchema)),
});
export type ProcessSettingsBody = z.infer<typeof ProcessSettingsBodySchema>;

export const ProcessSettingsSchema = z.object({
  processId: z.string(),
  /**
   * The process's display name when the settings were saved. The spec's QC request names its
   * process (`processName`) but not its id, so a decision is matched to its process by name.
   */
  processName: z.string(),
  targetAgeHours: z.nullable(z.number()),
  samplePercent: z.number(),
  /**
   * Findings' settings (ADR 029). This gateway always answers both; optional for answers of
   * a gateway from before findings (then: 2 days, every item major).
   */
  responseDays: z.optional(z.int()),
  /** E-mail escalations (ADR 040); optional for answers of a gateway from before them (2). */
  escalationDays: z.optional(z.int()),
  severities: z.optional(z.record(z.string(), SeveritySchema)),
  /** The items bound to the machine's checks; absent: none saved, the suggested binding holds. */
  checks: z.optional(z.record(z.string(), CheckSchema)),
  updatedBy: TeamMemberSchema,
  updatedOn: TimestampSchema,
});
export type ProcessSettings = z.infer<typeof ProcessSettingsSchema>;

/** `GET /team/settings`: every process that has settings (others have none: no target, no sampling). */
export const ProcessSettingsListSchema = z.object({ processes: z.array(ProcessSettingsSchema) });
export type ProcessSettingsList = z.infer<typeof ProcessSettingsListSchema>;

/**
 * A sampled approval's life: `open` until a second reviewer decides; then `agreed`, or
 * `flagged` when the second reviewer failed a check the first passed (an admin must say
 * what happens to the document); `resolved` once the admin has.
 */
export const SAMPLE_STATES = ['open', 'agreed', 'flagged', 'resolved'] as const;
export const SampleStateSchema = z.enum(SAMPLE_STATES);
export type SampleState = z.infer<typeof SampleStateSchema>;

/** One item of a second review: the second reviewer's own verdict, given blind. */
export const SecondReviewItemSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  verdict: ChecklistVerdictSchema,
  note: z.optional(z.string()),
});

/** `PUT /team/samples/{requestId}/review`: a verdict for every item of the first review. */
export const SecondReviewBodySchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        id: z.string().check(z.minLength(1), z.maxLength(200)),
        verdict: ChecklistVerdictSchema,
        note: z.optional(z.string().check(z.maxLength(2000))),
      }),
    )
    .check(z.minLength(1), z.maxLength(200)),
  notes: z.optional(z.string().check(z.maxLength(5000))),
});
export type SecondReviewBody = z.infer<typeof SecondReviewBodySchema>;

export const SecondReviewSchema = z.object({
  by: TeamMemberSchema,
  on: TimestampSchema,
  items: z.array(SecondReviewItemSchema),
  notes: z.optional(z.string()),
});
export type SecondReview = z.infer<typeof SecondReviewSchema>;

/** The two reviews of one item, side by side, once the second is in. */
export const ComparedItemSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  /** The first reviewer's verdict (`approved` or `notApplicable`: the request was approved). */
  first: z.optional(z.string()),
  firstNote: z.optional(z.string()),
  second: ChecklistVerdictSchema,
  secondNote: z.optional(z.string()),
  agree: z.boolean(),
});
export type ComparedItem = z.infer<typeof ComparedItemSchema>;

export const SAMPLE_ACTIONS = ['keep', 'rework'] as const;

/** `PUT /team/samples/{requestId}/outcome` (QC managers, a flagged sample only). */
export const SampleOutcomeBodySchema = z.strictObject({
  /** keep: the approval stands; rework: the document goes back to be corrected outside QC. */
  action: z.enum(SAMPLE_ACTIONS),
  note: z.string().check(z.minLength(1), z.maxLength(2000), z.regex(/\S/)),
});
export type SampleOutcomeBody = z.infer<typeof SampleOutcomeBodySchema>;

export const SampleOutcomeSchema = z.object({
  by: TeamMemberSchema,
  on: TimestampSchema,
  action: z.enum(SAMPLE_ACTIONS),
  note: z.string(),
});

/**
 * A sampled approval. While `open`, the first review is left out of every answer, so the
 * second reviewer judges independently; it comes with the comparison once the second is in.
 */
export const SampleSchema = z.object({
  requestId: z.string(),
  sampledOn: TimestampSchema,
  state: SampleStateSchema,
  processName: z.optional(z.string()),
  matterReference: z.optional(z.string()),
  firmId: z.optional(z.string()),
  /** Absent while open. */
  firstReview: z.optional(DecisionRecordSchema),
  secondReview: z.optional(SecondReviewSchema),
  comparison: z.optional(z.array(ComparedItemSchema)),
  outcome: z.optional(SampleOutcomeSchema),
});
export type Sample = z.infer<typeof SampleSchema>;

/**
 * `GET /team/samples?state=open|agreed|flagged|resolved|all` (default open), newest first.
 * The open list leaves out the caller's own approvals: a sample never goes back to the
 * reviewer who approved it.
 */
export const SampleListSchema = z.object({ samples: z.array(SampleSchema) });
export type SampleList = z.infer<typeof SampleListSchema>;

const Rate = z.nullable(z.number()); // 0..1; null when there is nothing to divide by

export const ReviewerThroughputSchema = z.object({
  member: TeamMemberSchema,
  today: z.number(),
  week: z.number(),
  /** Decisions in the range, and of those, approvals and rejections. */
  decisions: z.number(),
  approved: z.number(),
  rejected: z.number(),
  approvalRate: Rate,
  rejectionRate: Rate,
  /** Opening (the decider's hold) to deciding, over the range's decisions that have both. */
  medianMinutes: z.nullable(z.number()),
  p90Minutes: z.nullable(z.number()),
});
export type ReviewerThroughput = z.infer<typeof ReviewerThroughputSchema>;

export const DayCountSchema = z.object({
  /** A day (YYYY-MM-DD) in the view's time zone. */
  date: z.string(),
  approved: z.number(),
  rejected: z.number(),
});

/** One checklist item's failures among decisions that gave it a verdict. */
export const DefectRowSchema = z.object({
  /** Items are grouped by their display name: a checklist's versions keep the name of a check. */
  displayName: z.string(),
  failed: z.number(),
  reviewed: z.number(),
  rate: Rate,
  /** The requests where it failed, newest first, at most 100. */
  requestIds: z.array(z.string()),
});
export type DefectRow = z.infer<typeof DefectRowSchema>;

/** Defects of one firm, notary or process; `key` is its firm id, notary user id or process name. */
export const DefectGroupSchema = z.object({
  key: z.string(),
  decisions: z.number(),
  rows: z.array(DefectRowSchema),
});
export type DefectGroup = z.infer<typeof DefectGroupSchema>;

export const CalibrationReviewerSchema = z.object({
  /** The first reviewer, whose approvals were sampled. */
  member: TeamMemberSchema,
  sampled: z.number(),
  secondReviewed: z.number(),
  itemsCompared: z.number(),
  itemsAgreed: z.number(),
  rate: Rate,
});
export const CalibrationItemSchema = z.object({
  displayName: z.string(),
  compared: z.number(),
  agreed: z.number(),
  rate: Rate,
});

/**
 * `GET /team/stats?from=YYYY-MM-DD&to=YYYY-MM-DD&tz=Area/City` (QC managers): the team's
 * figures over the days from `from` to `to` (both included) in time zone `tz` (default UTC),
 * from the gateway's decision history and samples. `today` and `week` (from Monday) are
 * counted in the same time zone, whatever the range.
 */
export const TeamStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  generatedOn: TimestampSchema,
  team: ReviewerThroughputSchema,
  reviewers: z.array(ReviewerThroughputSchema),
  daily: z.array(DayCountSchema),
  defects: z.object({
    overall: z.array(DefectRowSchema),
    byFirm: z.array(DefectGroupSchema),
    byNotary: z.array(DefectGroupSchema),
    byProcess: z.array(DefectGroupSchema),
  }),
  calibration: z.object({
    reviewers: z.array(CalibrationReviewerSchema),
    items: z.array(CalibrationItemSchema),
  }),
  /** Flagged samples waiting for an admin's outcome (any date). */
  openFlags: z.number(),
  /** Findings' defect rates, trend and categories (ADR 029); absent from older gateways. */
  findings: z.optional(FindingFiguresSchema),
  /** The range held more decisions than one answer counts (decisions.ts EXPORT_LIMIT). */
  truncated: z.boolean(),
});
export type TeamStats = z.infer<typeof TeamStatsSchema>;
