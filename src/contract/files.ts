import { z } from './zod.ts';
import {
  NonEmptyStringSchema,
  PaginationSchema,
  TimestampSchema,
  UuidSchema,
  listEnvelope,
} from './common.ts';
import { TemplateSchema } from './signatures.ts';

// The spec shows no file fields; these mirror the file summary of a signature request plus
// what a file store needs. Only PDFs are stored.
export const FileSchema = z.object({
  id: UuidSchema,
  owner: z.string(),
  filename: z.string(),
  contentType: z.literal('application/pdf'),
  size: z.int().check(z.nonnegative()),
  matterReference: z.string(),
  preparedBy: z.string(),
  preparedOn: TimestampSchema,
  firmId: z.string(),
  templates: z.array(TemplateSchema),
  createdOn: TimestampSchema,
  // Presigned (60 minutes); optional because a real deployment may leave it out of lists.
  downloadUrl: z.optional(NonEmptyStringSchema),
});
export type File = z.infer<typeof FileSchema>;
/** `File` and `FileList` shadow the DOM types of the same name where imported. */
export type FileRecord = File;

// The files list is the one envelope whose pagination reports `countExceedsLimit`.
export const FilePaginationSchema = z.extend(PaginationSchema, { countExceedsLimit: z.boolean() });
export type FilePagination = z.infer<typeof FilePaginationSchema>;

export const FileListSchema = z.extend(listEnvelope('files', FileSchema), {
  pagination: FilePaginationSchema,
});
export type FileList = z.infer<typeof FileListSchema>;
export type FileRecordList = FileList;

export const FileRequestSchema = z.object({
  id: UuidSchema,
  owner: z.string(),
  fileId: UuidSchema,
  accountId: z.optional(UuidSchema),
  // Open: the spec shows no file request states.
  status: NonEmptyStringSchema,
  createdOn: TimestampSchema,
});
export type FileRequest = z.infer<typeof FileRequestSchema>;

export const FileRequestListSchema = listEnvelope('fileRequests', FileRequestSchema);
export type FileRequestList = z.infer<typeof FileRequestListSchema>;

/** An upload slot for a new file: POST the PDF to uploadUrl, then create the file with key. */
export const FileUploadSchema = z.object({
  key: NonEmptyStringSchema,
  uploadUrl: NonEmptyStringSchema,
  uploadValues: z.record(z.string(), z.string()),
  expiresOn: TimestampSchema,
});
export type FileUpload = z.infer<typeof FileUploadSchema>;

export const FileCreateSchema = z.strictObject({
  key: NonEmptyStringSchema,
  filename: z
    .string()
    .check(z.trim())
    .check(z.minLength(1, 'filename must not be empty'))
    .check(z.maxLength(255)),
  matterReference: z
    .string()
    .check(z.trim())
    .check(z.minLength(1, 'matterReference must not be empty'))
    .check(z.maxLength(100)),
  preparedBy: z
    .string()
    .check(z.trim())
    .check(z.minLength(1, 'preparedBy must not be empty'))
    .check(z.maxLength(200)),
  preparedOn: z.optional(TimestampSchema),
  firmId: UuidSchema,
  accountId: z.optional(UuidSchema),
  templates: z.optional(z.array(z.omit(TemplateSchema, { id: true })).check(z.maxLength(20))),
});
export type FileCreate = z.infer<typeof FileCreateSchema>;
