import { z } from './zod.ts';
import {
  ListQuerySchema,
  NonEmptyStringSchema,
  StringMapSchema,
  TimestampSchema,
  UuidSchema,
  listEnvelope,
  onlyIfValid,
} from './common.ts';

export const TemplateSchema = z.object({
  id: UuidSchema,
  filename: z.string(),
  displayName: z.string(),
  signatureRequired: z.boolean(),
  notaryRequired: z.boolean(),
});
export type Template = z.infer<typeof TemplateSchema>;

export const FileSummarySchema = z.object({
  id: UuidSchema,
  matterReference: z.string(),
  preparedBy: z.string(),
  preparedOn: TimestampSchema,
  // The spec types this one as a plain string, unlike the other `...Id` fields.
  firmId: z.string(),
  templates: z.array(TemplateSchema),
});
export type FileSummary = z.infer<typeof FileSummarySchema>;

// docs/design.md's states; the spec names only `wetInkUploaded`.
export const SIGNATURE_REQUEST_STATUSES = [
  'pending',
  'awaitingWetInk',
  'wetInkUploaded',
  'completed',
] as const;
export const SignatureRequestStatusSchema = z.enum(SIGNATURE_REQUEST_STATUSES);
export type SignatureRequestStatus = z.infer<typeof SignatureRequestStatusSchema>;

// The wet-ink rework loop: what QC said of a scan. A reference-service extension the
// spec does not show (docs/interface-gaps.md); the console shows it only when sent.
export const ScanReviewFailureSchema = z.object({
  id: UuidSchema,
  displayName: z.string(),
  reviewerNote: z.optional(z.string()),
});
export type ScanReviewFailure = z.infer<typeof ScanReviewFailureSchema>;

/** One decided QC review of a wet-ink scan: its verdict, the failed items and the rework notes. */
export const ScanReviewSchema = z.object({
  qcRequestId: UuidSchema,
  /** When the scan was confirmed and entered QC (the QC request's `createdOn`). */
  submittedOn: TimestampSchema,
  status: z.enum(['approved', 'rejected']),
  shortId: z.optional(z.string()),
  reviewedBy: z.optional(z.string()),
  reviewCompletedOn: z.optional(TimestampSchema),
  notes: z.optional(z.string()),
  failedItems: z.array(ScanReviewFailureSchema),
});
export type ScanReview = z.infer<typeof ScanReviewSchema>;

export const SignatureRequestSchema = z.object({
  id: UuidSchema,
  createdOn: TimestampSchema,
  file: FileSummarySchema,
  // Optional because it is deprecated: a deployment may stop sending it; read `file`.
  document: z.optional(FileSummarySchema).check(z.meta({ deprecated: true })),
  completedOn: z.optional(TimestampSchema),
  signedBy: z.optional(NonEmptyStringSchema),
  notarizedBy: z.optional(NonEmptyStringSchema),
  completedFileUrl: z.optional(NonEmptyStringSchema),
  // `status` and `wetInk` are docs/design.md additions the spec does not list. They are optional
  // so a real deployment's requests still parse (docs/design.md: the app must not depend on
  // reference-only behaviour); the reference service always sends both.
  status: z.optional(SignatureRequestStatusSchema),
  wetInk: z.optional(z.boolean()),
  // Reference extension (the wet-ink rework loop): the decided QC reviews of this request's
  // scans, oldest first; absent when there are none or the deployment does not send them.
  scanReviews: z.optional(z.array(ScanReviewSchema)),
});
export type SignatureRequest = z.infer<typeof SignatureRequestSchema>;

// `documentId` is the deprecated twin of `fileId`; old clients send only it, some send both.
export const SignatureRequestCreateSchema = z
  .strictObject({
    fileId: z.optional(UuidSchema),
    documentId: z.optional(UuidSchema),
    // Extension of the reference service: mark the request for wet-ink signing, so it
    // waits for a scan (status awaitingWetInk). A real deployment decides this by workflow.
    wetInk: z.optional(z.boolean()),
  })
  .check(
    z.refine((body) => body.fileId !== undefined || body.documentId !== undefined, {
      message: 'fileId is required (documentId is accepted as its deprecated name)',
      path: ['fileId'],
      when: onlyIfValid,
    }),
  )
  .check(
    z.refine((body) => !body.fileId || !body.documentId || body.fileId === body.documentId, {
      message: 'fileId and documentId name the same file: when both are sent they must be equal',
      path: ['documentId'],
      when: onlyIfValid,
    }),
  );
export type SignatureRequestCreate = z.infer<typeof SignatureRequestCreateSchema>;

export const SignatureRequestPatchSchema = z.strictObject({
  status: z.literal('wetInkUploaded', {
    error: 'status can only be set to wetInkUploaded',
  }),
});
export type SignatureRequestPatch = z.infer<typeof SignatureRequestPatchSchema>;

export const UploadUrlResponseSchema = z.object({
  uploadUrl: NonEmptyStringSchema,
  uploadValues: StringMapSchema,
});
export type UploadUrlResponse = z.infer<typeof UploadUrlResponseSchema>;

/** The statuses the reference service emits; the spec names only `pending`. */
export const TRANSACTION_STATUSES = ['pending', 'completed', 'failed', 'cancelled'] as const;
export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;

export const SignatureTransactionSchema = z.object({
  id: UuidSchema,
  owner: z.string(),
  signerId: z.string(),
  signatureRequests: z.array(UuidSchema),
  // Open on purpose: the spec leaves the other statuses unnamed, so a real deployment may
  // send one we do not know, and the list must still render.
  status: NonEmptyStringSchema,
  createdOn: TimestampSchema,
  notaryId: z.optional(z.string()),
  completedOn: z.optional(TimestampSchema),
  failedOn: z.optional(TimestampSchema),
  otpRequired: z.boolean(),
  otpMethod: z.optional(z.string()),
});
export type SignatureTransaction = z.infer<typeof SignatureTransactionSchema>;

export const TransactionListSchema = z.object({
  transactions: z.array(SignatureTransactionSchema),
});
export type TransactionList = z.infer<typeof TransactionListSchema>;

// docs/design.md names the spec's two unnamed params: `clientGroup`, and `filter`, which carries
// "one or more fields and their values" (spec) as `field:value[,value]`, fields one after
// another: `status:pending,failed,otpMethod:sms`. A token that starts with `name:` opens a
// field; the tokens after it are more values of that field. `filter` may also be repeated.
// A field's values are alternatives (OR); different fields must all match (AND).

/** One field of the transactions filter and the values it may take. */
export interface TransactionFilter {
  field: string;
  values: string[];
}

/** At most this many values in all: each becomes a bound SQL parameter. */
export const MAX_TRANSACTION_FILTER_VALUES = 100;

const FILTER_SHAPE =
  'filter must look like field:value[,value] with fields one after another, e.g. status:pending,failed,otpMethod:sms';
const FIELD_TOKEN = /^(\w+):(.+)$/s;

/**
 * The fields of one or more `filter` parameters, each once (a field named twice, in one
 * parameter or in two, takes the values of both), values without repeats; null when a
 * parameter is malformed. Field names are user input: they are kept in a Map, never used
 * as keys of a plain object.
 */
export function parseTransactionFilter(texts: readonly string[]): TransactionFilter[] | null {
  const fields = new Map<string, Set<string>>();
  for (const text of texts) {
    let current: Set<string> | undefined;
    for (const token of text.split(',')) {
      const named = FIELD_TOKEN.exec(token);
      if (named?.[1] && named[2]) {
        current = fields.get(named[1]) ?? new Set();
        fields.set(named[1], current);
        current.add(named[2]);
      } else if (current && token !== '' && !token.includes(':')) {
        // A token with a colon that is not `name:value` (`otpMethod:`, `:x`) is refused, not
        // taken as a value.
        current.add(token);
      } else {
        return null;
      }
    }
  }
  return [...fields].map(([field, values]) => ({ field, values: [...values] }));
}

export const TransactionFilterParamSchema = z.pipe(
  z.union([z.string(), z.array(z.string())]),
  z.transform((input, ctx) => {
    const filters = parseTransactionFilter(typeof input === 'string' ? [input] : input);
    if (!filters) {
      ctx.issues.push({ code: 'custom', message: FILTER_SHAPE, input });
      return z.NEVER;
    }
    if (filters.reduce((n, f) => n + f.values.length, 0) > MAX_TRANSACTION_FILTER_VALUES) {
      ctx.issues.push({
        code: 'custom',
        message: `filter may name at most ${MAX_TRANSACTION_FILTER_VALUES} values`,
        input,
      });
      return z.NEVER;
    }
    return filters;
  }),
);

export const TransactionListQuerySchema = z.object({
  clientGroup: z.optional(z.string()),
  filter: z.optional(TransactionFilterParamSchema),
});
export type TransactionListQuery = z.infer<typeof TransactionListQuerySchema>;

export const SignatureRequestListQuerySchema = z.extend(ListQuerySchema, {
  status: z.optional(SignatureRequestStatusSchema),
});
export type SignatureRequestListQuery = z.infer<typeof SignatureRequestListQuerySchema>;

export const SignatureRequestListSchema = listEnvelope('signatureRequests', SignatureRequestSchema);
export type SignatureRequestList = z.infer<typeof SignatureRequestListSchema>;
