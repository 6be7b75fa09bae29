import { z } from './zod.ts';
import { TimestampSchema } from './common.ts';
import { TeamMemberSchema } from './member.ts';

// Findings (ADR 029): a failed checklist item of a rejected QC request, with where on the
// document it is, how severe it is, who must fix it, their answer and a manager's settlement.
// All of it is the gateway's own state, made from the decisions it records; the service knows
// only the decision and the item's `reviewerNote` (which carries a page pointer, "p. 2").

/** Lowest to highest: a finding may be raised above its item's severity, never lowered. */
export const SEVERITIES = ['minor', 'major', 'critical'] as const;
export const SeveritySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof SeveritySchema>;
/** An item whose severity no manager has set. */
export const DEFAULT_SEVERITY: Severity = 'major';
export const severityRank = (severity: Severity): number => SEVERITIES.indexOf(severity);

/** The most regions one finding, and one decision, may mark. */
export const REGIONS_PER_FINDING_MAX = 20;
export const REGIONS_PER_DECISION_MAX = 100;
/** The most pages a region may name: no PDF the console reviews has more. */
export const PAGE_MAX = 10_000;

const point = z.number().check(z.minimum(0), z.maximum(14_400));
const extent = z.number().check(z.positive(), z.maximum(14_400));

/**
 * A rectangle on one page, in PDF points (1/72 in) from the top-left corner of the page's
 * crop box as the page is stored (unrotated): the same place at any zoom, rotation or screen.
 * pdf.js's viewport and the gateway's first-page image both draw it from these numbers.
 */
export const RegionSchema = z.strictObject({
  /** 1-based. */
  page: z.int().check(z.minimum(1), z.maximum(PAGE_MAX)),
  x: point,
  y: point,
  width: extent,
  height: extent,
});
export type Region = z.infer<typeof RegionSchema>;

/** What a reviewer adds to a failed item beyond the spec's verdict and note. */
export const ItemMarkSchema = z.strictObject({
  itemId: z.string().check(z.minLength(1), z.maxLength(200)),
  /** At least the item's severity (the process's settings; major when unset). */
  severity: z.optional(SeveritySchema),
  regions: z.array(RegionSchema).check(z.maxLength(REGIONS_PER_FINDING_MAX)),
});
export type ItemMark = z.infer<typeof ItemMarkSchema>;

/**
 * The marks of one decision, sent with the PATCH that decides it in the `Attest-Marks` header
 * (base64url of this JSON): the gateway checks them against the document before the service
 * sees the decision (400, nothing decided) and keeps them with the decision it records. The
 * service's body stays the spec's.
 */
export const DecisionMarksSchema = z.strictObject({
  items: z.array(ItemMarkSchema).check(z.maxLength(200)),
});
export type DecisionMarks = z.infer<typeof DecisionMarksSchema>;
export const MARKS_HEADER = 'attest-marks';
/** The most the header may carry, encoded: far above 100 regions' worth. */
export const MARKS_HEADER_MAX = 16_384;

/**
 * `open`: waiting for the responsible party's answer (again, after a dispute was upheld);
 * `disputed`: they say it is not a defect, a manager must settle it; `cured`: fixed;
 * `withdrawn`: a manager agreed with the dispute; it leaves the defect figures.
 */
export const FINDING_STATES = ['open', 'disputed', 'cured', 'withdrawn'] as const;
export const FindingStateSchema = z.enum(FINDING_STATES);
export type FindingState = z.infer<typeof FindingStateSchema>;

/** The responsible party: a user of the owner (an actor of the request), by id, and their name when known. */
export const ResponsibleSchema = z.object({ id: z.string(), name: z.optional(z.string()) });
export type Responsible = z.infer<typeof ResponsibleSchema>;

/**
 * The plain pointer an item's `reviewerNote` carries to its regions' pages ("p. 2",
 * "pp. 2, 4"), so a finding reads where only the service's note is shown; '' for none.
 */
export function pagePointer(regions: readonly Pick<Region, 'page'>[]): string {
  const pages = [...new Set(regions.map((r) => r.page))].sort((a, b) => a - b);
  if (pages.length === 0) return '';
  return `${pages.length === 1 ? 'p.' : 'pp.'} ${pages.join(', ')}`;
}

/** One step of a finding's life, oldest first: who did what, when, and their note. */
export const FindingStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('raised'), by: TeamMemberSchema, on: TimestampSchema }),
  z.object({
    kind: z.literal('answered'),
    answer: z.enum(['cured', 'disputed']),
    by: TeamMemberSchema,
    on: TimestampSchema,
    note: z.string(),
  }),
  z.object({
    kind: z.literal('settled'),
    outcome: z.enum(['upheld', 'withdrawn']),
    by: TeamMemberSchema,
    on: TimestampSchema,
    note: z.string(),
  }),
  z.object({
    kind: z.literal('reassigned'),
    from: z.nullable(ResponsibleSchema),
    to: ResponsibleSchema,
    by: TeamMemberSchema,
    on: TimestampSchema,
  }),
]);
export type FindingStep = z.infer<typeof FindingStepSchema>;

export const FindingSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  matterReference: z.string(),
  processName: z.string(),
  firmId: z.string(),
  /** The failed item: its id on the request, name, group (the finding's category) and note. */
  itemId: z.string(),
  itemName: z.string(),
  category: z.string(),
  note: z.string(),
  severity: SeveritySchema,
  regions: z.array(RegionSchema),
  /** Who raised it: the reviewer whose decision it came from. */
  raisedBy: TeamMemberSchema,
  raisedOn: TimestampSchema,
  /** Null when no actor of the request could be named (a manager assigns one). */
  responsible: z.nullable(ResponsibleSchema),
  /** When an answer is due: the process's response target in business days after it was raised. */
  dueOn: TimestampSchema,
  state: FindingStateSchema,
  /** Whether a dispute of it was upheld: it is open again and may not be disputed twice. */
  upheld: z.boolean(),
  steps: z.array(FindingStepSchema),
});
export type Finding = z.infer<typeof FindingSchema>;

/** `GET /team/findings` filters. `mine`: the caller is responsible (anyone may ask for their own). */
export const FINDING_VIEWS = ['open', 'disputed', 'overdue', 'settled', 'all'] as const;
export const FindingQuerySchema = z.strictObject({
  view: z.optional(z.enum(FINDING_VIEWS)),
  mine: z.optional(z.enum(['true', 'false'])),
  severity: z.optional(SeveritySchema),
  process: z.optional(z.string().check(z.maxLength(500))),
  firm: z.optional(z.string().check(z.maxLength(200))),
  responsible: z.optional(z.string().check(z.maxLength(200))),
  requestId: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.string().check(z.regex(/^\d{1,3}$/))),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
export type FindingQuery = z.infer<typeof FindingQuerySchema>;

export const FindingListSchema = z.object({
  findings: z.array(FindingSchema),
  /** The next page's cursor, when there is one. */
  next: z.optional(z.string()),
});
export type FindingList = z.infer<typeof FindingListSchema>;

/**
 * `GET /team/findings/count`: the inbox badge, of the caller's own findings (they are
 * responsible): `open` counts every open one, the overdue among them too.
 */
export const FindingCountSchema = z.object({ open: z.int(), overdue: z.int() });
export type FindingCount = z.infer<typeof FindingCountSchema>;

const NOTE_MAX = 2000;
const note = z
  .string()
  .check(z.trim(), z.maxLength(NOTE_MAX, `a note may be at most ${NOTE_MAX} characters`));

/** `POST /team/findings/{id}/answer`: by the responsible party or a manager; a dispute needs its reason. */
export const FindingAnswerBodySchema = z
  .strictObject({ answer: z.enum(['cured', 'disputed']), note })
  .check(
    z.refine((body) => body.answer !== 'disputed' || body.note !== '', {
      message: 'a dispute needs its reason',
      path: ['note'],
    }),
  );
export type FindingAnswerBody = z.infer<typeof FindingAnswerBodySchema>;

/** `POST /team/findings/{id}/settle`: managers only, never the finding's own reviewer; disputed findings only. */
export const FindingSettleBodySchema = z.strictObject({
  outcome: z.enum(['upheld', 'withdrawn']),
  note: note.check(z.minLength(1, 'say why')),
});
export type FindingSettleBody = z.infer<typeof FindingSettleBodySchema>;

/** `PUT /team/findings/{id}/responsible`: managers only. */
export const FindingReassignBodySchema = z.strictObject({
  userId: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type FindingReassignBody = z.infer<typeof FindingReassignBodySchema>;

/** The stream's `FINDING` messages: to the responsible party and the QC readers of the owner. */
export const FindingChangeSchema = z.object({
  kind: z.enum(['raised', 'answered', 'settled', 'reassigned']),
  finding: FindingSchema,
});
export type FindingChange = z.infer<typeof FindingChangeSchema>;
export const FINDING_EVENT = 'FINDING';

const Rate = z.nullable(z.number()); // 0..1; null when there is nothing to divide by

/**
 * The defect figures of one group of decided requests (a process, firm, notary, reviewer or
 * week): of the requests decided, how many had a finding not withdrawn, and how many a
 * critical one. `criticalRate` is the industry's critical defect rate.
 */
export const DefectRateSchema = z.object({
  /** The process name, firm id, notary user id, reviewer member id; `all` for the whole team. */
  key: z.string(),
  decisions: z.number(),
  withDefect: z.number(),
  withCritical: z.number(),
  defectRate: Rate,
  criticalRate: Rate,
});
export type DefectRate = z.infer<typeof DefectRateSchema>;

/** One week of the trend: weeks start on Monday in the view's time zone. */
export const WeekRateSchema = z.object({
  weekStart: z.string(),
  decisions: z.number(),
  withDefect: z.number(),
  withCritical: z.number(),
  defectRate: Rate,
  criticalRate: Rate,
});
export type WeekRate = z.infer<typeof WeekRateSchema>;

/** Findings not withdrawn of one category (checklist group), by severity. */
export const CategoryCountSchema = z.object({
  category: z.string(),
  critical: z.number(),
  major: z.number(),
  minor: z.number(),
});
export type CategoryCount = z.infer<typeof CategoryCountSchema>;

/** The team view's findings section (`TeamStats.findings`). */
export const FindingFiguresSchema = z.object({
  overall: DefectRateSchema,
  byProcess: z.array(DefectRateSchema),
  byFirm: z.array(DefectRateSchema),
  byNotary: z.array(DefectRateSchema),
  byReviewer: z.array(DefectRateSchema),
  /** The 13 weeks that end with the range's last day, oldest first. */
  trend: z.array(WeekRateSchema),
  categories: z.array(CategoryCountSchema),
  /** Findings open past their due date, now. */
  overdue: z.number(),
});
export type FindingFigures = z.infer<typeof FindingFiguresSchema>;
