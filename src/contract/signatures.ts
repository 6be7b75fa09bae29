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

// DESIGN.md's states; the spec names only `wetInkUploaded`.
export const SIGNATURE_REQUEST_STATUSES = [
  'pending',
  'awaitingWetInk',
  'wetInkUploaded',
  'completed',
] as const;
export const SignatureRequestStatusSchema = z.enum(SIGNATURE_REQUEST_STATUSES);
export type SignatureRequestStatus = z.infer<typeof SignatureRequestStatusSchema>;

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
  // `status` and `wetInk` are DESIGN.md additions the spec does not list. They are optional
  // so a real deployment's requests still parse (DESIGN.md: the app must not depend on
  // reference-only behaviour); the reference service always sends both.
  status: z.optional(SignatureRequestStatusSchema),
  wetInk: z.optional(z.boolean()),
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

// DESIGN.md names the spec's two unnamed params: `clientGroup`, and `filter` as
// `field:value[,value]` (e.g. `status:pending,failed`).
export const TransactionFilterSchema = z.pipe(
  z
    .string()
    .check(
      z.regex(
        /^\w+:[^,]+(,[^,]+)*$/,
        'filter must look like field:value[,value], e.g. status:pending',
      ),
    ),
  z.transform((text) => {
    const [field = '', values = ''] = text.split(/:(.*)/s);
    return { field, values: values.split(',') };
  }),
);
export type TransactionFilter = z.infer<typeof TransactionFilterSchema>;

export const TransactionListQuerySchema = z.object({
  clientGroup: z.optional(z.string()),
  filter: z.optional(TransactionFilterSchema),
});
export type TransactionListQuery = z.infer<typeof TransactionListQuerySchema>;

export const SignatureRequestListQuerySchema = z.extend(ListQuerySchema, {
  status: z.optional(SignatureRequestStatusSchema),
});
export type SignatureRequestListQuery = z.infer<typeof SignatureRequestListQuerySchema>;

export const SignatureRequestListSchema = listEnvelope('signatureRequests', SignatureRequestSchema);
export type SignatureRequestList = z.infer<typeof SignatureRequestListSchema>;
