import { z } from './zod.ts';
import { TimestampSchema } from './common.ts';
import { TeamMemberSchema } from './member.ts';

// Findings by e-mail (ADR 040): what the gateway mails through ATTEST_SMTP_URL, and each
// person's choice of how often. QC managers see every e-mail on the events screen.

/**
 * `raised`: a finding raised for the person; `assigned`: handed to them; `reminder`: due on
 * the next business day; `due-today`; `escalation`: overdue past the process's escalation
 * days, to the owner's QC managers; `dispute`: a dispute for a manager to settle; `digest`:
 * a person's day of the others in one e-mail; `report`: last month's QC report (ADR 041) to
 * the owner's recipients, on the first business day of the month.
 */
export const MAIL_KINDS = [
  'raised',
  'assigned',
  'reminder',
  'due-today',
  'escalation',
  'dispute',
  'digest',
  'report',
] as const;
export const MailKindSchema = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof MailKindSchema>;

/** `each`: every e-mail at once; `digest`: one a day; `none` (escalations still go). */
export const MAIL_CHOICES = ['each', 'digest', 'none'] as const;
export const MailChoiceSchema = z.enum(MAIL_CHOICES);
export type MailChoice = z.infer<typeof MailChoiceSchema>;

/** `GET /team/mail-preference`: the signed-in person's choice, and where their e-mail goes. */
export const MailPreferenceSchema = z.object({
  choice: MailChoiceSchema,
  /** The address known for them (their user record's); null when none is known yet. */
  address: z.nullable(z.string()),
  /** Whether the gateway sends e-mail at all (ATTEST_SMTP_URL). */
  configured: z.boolean(),
});
export type MailPreference = z.infer<typeof MailPreferenceSchema>;

/** `PUT /team/mail-preference`. */
export const MailPreferenceBodySchema = z.strictObject({ choice: MailChoiceSchema });
export type MailPreferenceBody = z.infer<typeof MailPreferenceBodySchema>;

/**
 * `held`: kept for the person's digest; `pending`: not tried yet; `retrying`: tried and
 * failed, tried again at `nextAttemptOn`; `sent`; `failed`: every attempt failed (a manager
 * may send it again); `digested`: went out inside a digest.
 */
export const MAIL_STATES = ['held', 'pending', 'retrying', 'sent', 'failed', 'digested'] as const;
export const MailStateSchema = z.enum(MAIL_STATES);
export type MailState = z.infer<typeof MailStateSchema>;

/** Attempts before an e-mail is failed: at once, then after 1, 5, 30 min, 2 h and 6 h. */
export const MAIL_ATTEMPTS = 6;

export const MailIdSchema = z
  .string()
  .check(z.regex(/^mail_[A-Za-z0-9_-]{1,64}$/, 'an e-mail id looks like mail_…'));

export const MailSchema = z.object({
  id: MailIdSchema,
  kind: MailKindSchema,
  findingId: z.nullable(z.string()),
  to: TeamMemberSchema,
  /** Where it went or goes; null until the address is known. */
  address: z.nullable(z.string()),
  subject: z.string(),
  createdOn: TimestampSchema,
  state: MailStateSchema,
  attemptCount: z.int().check(z.nonnegative()),
  nextAttemptOn: z.nullable(TimestampSchema),
  sentOn: z.nullable(TimestampSchema),
  /** The last attempt's failure (the SMTP server's answer, or why there was none). */
  lastError: z.nullable(z.string()),
});
export type Mail = z.infer<typeof MailSchema>;

/** `GET /team/mails` (QC managers): the newest first. */
export const MailListSchema = z.object({
  configured: z.boolean(),
  mails: z.array(MailSchema),
});
export type MailList = z.infer<typeof MailListSchema>;
