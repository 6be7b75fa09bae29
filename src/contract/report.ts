import { z } from './zod.ts';
import { TimestampSchema } from './common.ts';
import { TeamMemberSchema } from './member.ts';

// The QC report (ADR 041): a month (or a quarter) of the team's decisions and findings as a
// lender's auditor reads it, gross and net, broken down, with the corrective actions taken.
// `GET /team/report?period=2026-11` (or `2026-Q4`), as JSON, CSV (`format=csv`) or PDF
// (`format=pdf`); QC managers only.

/** `YYYY-MM` (a month) or `YYYY-Qn` (a quarter). */
export const ReportPeriodSchema = z
  .string()
  .check(
    z.regex(
      /^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/,
      'a period is a month (2026-11) or a quarter (2026-Q4)',
    ),
  );

export const ReportQuerySchema = z.strictObject({
  period: ReportPeriodSchema,
  /** One process (by name), firm (id) or notary (user id); none: the whole owner. */
  process: z.optional(z.string().check(z.maxLength(500))),
  firm: z.optional(z.string().check(z.maxLength(200))),
  notary: z.optional(z.string().check(z.maxLength(200))),
  format: z.optional(z.enum(['json', 'csv', 'pdf'])),
});
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

/** Requests decided, and those with a defect: gross (any finding) and net (withdrawn out). */
export const RatesSchema = z.object({
  decisions: z.int(),
  grossDefects: z.int(),
  netDefects: z.int(),
  grossCritical: z.int(),
  netCritical: z.int(),
  /** Shares of `decisions`; null when none were decided. */
  grossRate: z.nullable(z.number()),
  netRate: z.nullable(z.number()),
  grossCriticalRate: z.nullable(z.number()),
  netCriticalRate: z.nullable(z.number()),
});
export type Rates = z.infer<typeof RatesSchema>;

export const KeyedRatesSchema = z.extend(RatesSchema, { key: z.string(), label: z.string() });
export type KeyedRates = z.infer<typeof KeyedRatesSchema>;

/** Findings raised in the period by one key (a severity, a category, an item). */
export const FindingCountsSchema = z.object({
  key: z.string(),
  /** Every finding raised (gross). */
  raised: z.int(),
  /** Those not withdrawn (net). */
  standing: z.int(),
  critical: z.int(),
  major: z.int(),
  minor: z.int(),
});
export type FindingCounts = z.infer<typeof FindingCountsSchema>;

/** How the period's findings were answered, and how fast against their due dates. */
export const AnswersSchema = z.object({
  raised: z.int(),
  cured: z.int(),
  disputed: z.int(),
  upheld: z.int(),
  withdrawn: z.int(),
  /** Still waiting for an answer (open) or a settlement (disputed), now. */
  open: z.int(),
  /** First answered by their due date; after it; open past it now. */
  onTime: z.int(),
  late: z.int(),
  overdue: z.int(),
});
export type Answers = z.infer<typeof AnswersSchema>;

export const CORRECTIVE_TARGETS = ['category', 'firm', 'notary', 'process'] as const;
export const CORRECTIVE_STATES = ['planned', 'in-progress', 'done'] as const;

export const CorrectiveActionBodySchema = z.strictObject({
  /** The month it is recorded for, `YYYY-MM`. */
  month: z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'a month such as 2026-11')),
  target: z.enum(CORRECTIVE_TARGETS),
  /** What it is about: the category's, firm's, notary's or process's name. */
  subject: z.string().check(z.trim(), z.minLength(1, 'say what it is about'), z.maxLength(200)),
  action: z.string().check(z.trim(), z.minLength(1, 'say what is done'), z.maxLength(2000)),
  /** Who owns it: a name, as the team says it. */
  owner: z.string().check(z.trim(), z.minLength(1, 'say who owns it'), z.maxLength(200)),
  dueOn: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a day such as 2026-12-15')),
  status: z.enum(CORRECTIVE_STATES),
});
export type CorrectiveActionBody = z.infer<typeof CorrectiveActionBodySchema>;

export const CorrectiveActionSchema = z.extend(CorrectiveActionBodySchema, {
  id: z.string(),
  recordedBy: TeamMemberSchema,
  recordedOn: TimestampSchema,
});
export type CorrectiveAction = z.infer<typeof CorrectiveActionSchema>;

export const CorrectiveActionListSchema = z.object({ actions: z.array(CorrectiveActionSchema) });

export const QcReportSchema = z.object({
  owner: z.string(),
  period: ReportPeriodSchema,
  /** The period's first and last days (UTC), both included. */
  from: z.string(),
  to: z.string(),
  scope: z.object({
    process: z.nullable(z.string()),
    firm: z.nullable(z.string()),
    notary: z.nullable(z.string()),
  }),
  generatedOn: TimestampSchema,
  overall: RatesSchema,
  /** The three months before the period's first month, oldest first, then the period's. */
  months: z.array(z.extend(RatesSchema, { month: z.string() })),
  bySeverity: z.array(FindingCountsSchema),
  byCategory: z.array(FindingCountsSchema),
  byItem: z.array(FindingCountsSchema),
  byFirm: z.array(KeyedRatesSchema),
  byNotary: z.array(KeyedRatesSchema),
  byProcess: z.array(KeyedRatesSchema),
  byReviewer: z.array(KeyedRatesSchema),
  answers: AnswersSchema,
  /** The machine's agreement with the reviewers, where checks are bound; null: none are. */
  machine: z.nullable(z.object({ judged: z.int(), agreed: z.int() })),
  /** Recorded for the period's months, and those still open from before. */
  correctiveActions: z.array(CorrectiveActionSchema),
  /** The decisions read stopped at the gateway's limit: the figures are of those read. */
  truncated: z.boolean(),
});
export type QcReport = z.infer<typeof QcReportSchema>;

/**
 * `GET`/`PUT /team/report-recipients`: who gets last month's report by e-mail on the first
 * business day of each month (with ATTEST_SMTP_URL); none: nobody.
 */
export const ReportRecipientsSchema = z.strictObject({
  recipients: z
    .array(z.email('an e-mail address such as qc@example.com'))
    .check(z.maxLength(50, 'at most 50 recipients')),
});
export type ReportRecipients = z.infer<typeof ReportRecipientsSchema>;
