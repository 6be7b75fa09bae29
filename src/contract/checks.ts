import { z } from './zod.ts';
import { TimestampSchema } from './common.ts';
import { RegionSchema } from './findings.ts';

// The machine's first read (ADR 042): general rules the gateway runs over a QC request's
// document before a person opens it, each answering pass, fail or unsure with a one-line
// reason and the regions that show it. A QC manager binds checklist items to them in a
// process's settings; the machine never decides, a person does.

export const CHECKS = [
  'pages-complete', // "Page N of M" on every page, no gap, no repeat, the count matching
  'no-blank-page', // no page without text and next to no ink, unless it says so
  'signatures', // ink on every signature line the document's roles call for
  'seal', // the notary's seal stamped, whole, and like the one on file
  'dates', // the signature and notarization dates agree with signedOn, none in the future
  'names', // the printed signer and notary names match the request's actors
  'principal-named', // a power of attorney's principal named in full, as the signer
  'agent-named', // its agent named in full
  'venue', // state and county filled in
  'matter-reference', // each page's header carries the request's matter reference
  'no-alterations', // a digital signature valid, trusted and covering the whole file
] as const;
export const CheckSchema = z.enum(CHECKS);
export type Check = z.infer<typeof CheckSchema>;

export const CHECK_NAMES: Record<Check, string> = {
  'pages-complete': 'Pages complete and in order',
  'no-blank-page': 'No blank page',
  signatures: 'Signature on every signature line',
  seal: 'Notary seal present, whole and their own',
  dates: 'Dates agree',
  names: 'Names match',
  'principal-named': 'Principal named in full',
  'agent-named': 'Agent named in full',
  venue: 'Venue completed',
  'matter-reference': 'Matter reference on every page',
  'no-alterations': 'No alterations after signing',
};

export const VERDICTS = ['pass', 'fail', 'unsure'] as const;
export const VerdictSchema = z.enum(VERDICTS);
export type Verdict = z.infer<typeof VerdictSchema>;

/** What the review shows beside the page: the image on file for the area the check read. */
export const OnFileSchema = z.object({
  image: z.enum(['notarySeal', 'signature']),
  userId: z.string(),
  /** How like the one on file the page's is, 0 to 1; absent where there was none to compare. */
  similarity: z.optional(z.number()),
});
export type OnFile = z.infer<typeof OnFileSchema>;

export const CheckedItemSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  check: CheckSchema,
  verdict: VerdictSchema,
  reason: z.string(),
  regions: z.array(RegionSchema),
  onFile: z.optional(OnFileSchema),
});
export type CheckedItem = z.infer<typeof CheckedItemSchema>;

/** `GET /team/checks/{requestId}`: 404 until the request's document has been read. */
export const CheckResultSchema = z.object({
  requestId: z.string(),
  checkedOn: TimestampSchema,
  checker: z.object({ version: z.string() }),
  items: z.array(CheckedItemSchema),
});
export type CheckResult = z.infer<typeof CheckResultSchema>;

/** A queue row's count: how many bound items the machine failed or was unsure of. */
export const CheckSummarySchema = z.object({
  requestId: z.string(),
  state: z.enum(['checked', 'waiting']),
  failed: z.int(),
  unsure: z.int(),
  passed: z.int(),
});
export type CheckSummary = z.infer<typeof CheckSummarySchema>;

/** `GET /team/checks?ids=a,b,…`: the rows shown; those not read yet are queued, newest first. */
export const CheckSummariesSchema = z.object({ summaries: z.array(CheckSummarySchema) });
export type CheckSummaries = z.infer<typeof CheckSummariesSchema>;
export const CHECK_SUMMARY_IDS_MAX = 100;

/**
 * A process's binding: each checklist item, by its display name (as severities key items: a
 * checklist's versions keep an item's name), to a check; an item not named has none.
 */
export const CheckBindingSchema = z
  .record(z.string().check(z.minLength(1), z.maxLength(500)), CheckSchema)
  .check(z.refine((bound) => Object.keys(bound).length <= 200, 'at most 200 items are bound'));
export type CheckBinding = z.infer<typeof CheckBindingSchema>;

/**
 * The check an item's name suggests, for a process whose manager has bound none yet: the
 * demo's processes come bound by it, and the settings offer it.
 */
export function suggestedCheck(itemName: string): Check | undefined {
  const name = itemName.toLowerCase();
  const rules: [RegExp, Check][] = [
    [/^signer matches|^names match/, 'names'],
    [/^principal named/, 'principal-named'],
    [/^agent named/, 'agent-named'],
    [/signature on every|wet-ink signature|^principal signature$|^signed$/, 'signatures'],
    [/\bseal\b|^notarized$/, 'seal'],
    [/\bvenue\b/, 'venue'],
    [/\ball pages\b|pages present|^complete$/, 'pages-complete'],
    [/\bblank page/, 'no-blank-page'],
    [/\bdate\b|^dated$/, 'dates'],
    [/matter reference|^reference correct$/, 'matter-reference'],
    [/\balteration/, 'no-alterations'],
  ];
  return rules.find(([pattern]) => pattern.test(name))?.[1];
}

/** How the machine fared against the people, per check and process (ADR 042). */
export const MachineCardRowSchema = z.object({
  check: CheckSchema,
  processName: z.string(),
  /** Bound items a person approved or rejected. */
  judged: z.int(),
  /** Of those, where the machine said the same (pass and approved, fail and rejected). */
  agreed: z.int(),
  unsure: z.int(),
  /** Its fails a person rejected too, of all its fails; null when it failed none. */
  precision: z.nullable(z.number()),
  /** Of the items a person rejected, those it failed; null when a person rejected none. */
  recall: z.nullable(z.number()),
  /** It said pass; a person rejected the item. */
  misses: z.array(
    z.object({
      requestId: z.string(),
      itemName: z.string(),
      decidedOn: TimestampSchema,
      reason: z.string(),
    }),
  ),
});
export type MachineCardRow = z.infer<typeof MachineCardRowSchema>;

/** `GET /team/checks-report?from=&to=` (QC managers): the decisions of those days. */
export const MachineCardSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(MachineCardRowSchema),
});
export type MachineCard = z.infer<typeof MachineCardSchema>;
