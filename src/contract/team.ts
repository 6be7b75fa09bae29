import { z } from './zod.ts';
import { TimestampSchema } from './common.ts';
import { ActorSchema } from './qc.ts';
import { DecisionMarksSchema, FindingSchema } from './findings.ts';
import { TeamMemberSchema } from './member.ts';

export { memberIdOf, TeamMemberSchema, type TeamMember } from './member.ts';

// The gateway's own QC team state (ADR 020): holds on pending QC requests and the history
// of decisions made through the console. The upstream knows nothing of either, so they work
// in front of any deployment of the service.

export const QcHoldSchema = z.object({
  requestId: z.string(),
  holder: TeamMemberSchema,
  /** When the holder took it: the queue shows how long it has been held. */
  heldSince: TimestampSchema,
  expiresOn: TimestampSchema,
});
export type QcHold = z.infer<typeof QcHoldSchema>;

export const QcHoldListSchema = z.object({ holds: z.array(QcHoldSchema) });
export type QcHoldList = z.infer<typeof QcHoldListSchema>;

/** `PUT /team/holds/{id}`: take or renew the hold; `takeOver` takes it from another holder. */
export const HoldBodySchema = z.strictObject({ takeOver: z.optional(z.boolean()) });
export type HoldBody = z.infer<typeof HoldBodySchema>;

/** A 409 of `PUT /team/holds/{id}`: someone else holds it. */
export const HoldConflictSchema = z.object({ message: z.string(), hold: QcHoldSchema });

/**
 * What the event stream's `QC_QUEUE` messages say (no id: they are news of the moment, not
 * kept for replay; a reconnecting screen reads `GET /team/holds` again).
 */
export const QueueChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('held'),
    hold: QcHoldSchema,
    takenFrom: z.optional(TeamMemberSchema),
  }),
  z.object({ kind: z.literal('released'), requestId: z.string(), by: TeamMemberSchema }),
  z.object({
    kind: z.literal('decided'),
    requestId: z.string(),
    status: z.enum(['approved', 'rejected']),
    by: TeamMemberSchema,
  }),
  // Second reviews (ADR 021): an approval was sampled, or a sample was reviewed or settled.
  z.object({
    kind: z.literal('sampled'),
    requestId: z.string(),
    state: z.enum(['open', 'agreed', 'flagged', 'resolved']),
  }),
]);
export type QueueChange = z.infer<typeof QueueChangeSchema>;
export const QUEUE_EVENT = 'QC_QUEUE';

export const DecisionItemSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  /** The item's verdict as the service answered it, when it has one. */
  status: z.optional(z.string()),
  reviewerNote: z.optional(z.string()),
  // The item's checklist group (a finding's category) and the role that answers for it (its
  // responsible party, ADR 029); absent in records kept before findings.
  group: z.optional(z.string()),
  roleId: z.optional(z.string()),
});

export const TakeOverSchema = z.object({
  from: TeamMemberSchema,
  to: TeamMemberSchema,
  on: TimestampSchema,
});
export type TakeOver = z.infer<typeof TakeOverSchema>;

/** One decision made through the console, as the gateway recorded it. */
export const DecisionRecordSchema = z.object({
  requestId: z.string(),
  status: z.enum(['approved', 'rejected']),
  decidedBy: TeamMemberSchema,
  decidedOn: TimestampSchema,
  /** When the decider opened it (their hold); absent when they had no hold. */
  openedOn: z.optional(TimestampSchema),
  items: z.array(DecisionItemSchema),
  notes: z.optional(z.string()),
  takeOvers: z.array(TakeOverSchema),
  // What the request was, for the team's figures (ADR 021), from the service's answer; absent
  // in records kept before they were added, and when the answer did not say.
  processName: z.optional(z.string()),
  matterReference: z.optional(z.string()),
  firmId: z.optional(z.string()),
  actors: z.optional(z.array(ActorSchema)),
  /** `document.signedBy`: who answers for a finding when no actor's role does (ADR 029). */
  signedBy: z.optional(z.string()),
  /** The reviewer's marks sent with the decision (`Attest-Marks`, ADR 029), as checked. */
  marks: z.optional(DecisionMarksSchema),
});
export type DecisionRecord = z.infer<typeof DecisionRecordSchema>;

/**
 * `GET /team/history/{id}`: a request's decisions, oldest first, its take-overs and its
 * findings (ADR 029; absent from a gateway before findings), oldest first.
 */
export const RequestHistorySchema = z.object({
  decisions: z.array(DecisionRecordSchema),
  takeOvers: z.array(TakeOverSchema),
  findings: z.optional(z.array(FindingSchema)),
});
export type RequestHistory = z.infer<typeof RequestHistorySchema>;
