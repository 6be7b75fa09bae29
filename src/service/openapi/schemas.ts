import * as accounts from '../../contract/accounts.ts';
import * as auth from '../../contract/auth.ts';
import { ErrorBodySchema, PaginationSchema } from '../../contract/common.ts';
import * as files from '../../contract/files.ts';
import * as qc from '../../contract/qc.ts';
import * as redactions from '../../contract/redactions.ts';
import * as sandbox from '../../contract/sandbox.ts';
import * as signatures from '../../contract/signatures.ts';
import * as users from '../../contract/users.ts';
import * as webhooks from '../../contract/webhooks.ts';
import { z } from '../../contract/zod.ts';

// The contract's schemas that get a name under components/schemas, so generators emit named
// types (QcRequest, SignatureRequest, ...). Anything not named here is inlined where used.

/** `GET /healthz`: the one answer without a contract schema of its own (no client reads it). */
export const HealthSchema = z.object({ status: z.literal('ok') });

const NAMED: Record<string, z.ZodMiniType> = {
  Error: ErrorBodySchema,
  Pagination: PaginationSchema,
  FilePagination: files.FilePaginationSchema,
  Health: HealthSchema,

  TokenRequest: auth.TokenRequestSchema,
  TokenResponse: auth.TokenResponseSchema,
  OAuthError: auth.OAuthErrorSchema,

  Address: accounts.AddressSchema,
  Firm: accounts.FirmSchema,
  FirmList: accounts.FirmListSchema,
  AccountSummary: accounts.AccountSummarySchema,
  AccountList: accounts.AccountListSchema,
  Account: accounts.AccountSchema,
  AccountUpsert: accounts.AccountUpsertSchema,
  Entity: accounts.EntitySchema,
  EntityList: accounts.EntityListSchema,
  EntityCreate: accounts.EntityCreateSchema,
  EntityPatch: accounts.EntityPatchSchema,
  Creditor: accounts.CreditorSchema,
  CreditorList: accounts.CreditorListSchema,

  File: files.FileSchema,
  FileList: files.FileListSchema,
  FileRequest: files.FileRequestSchema,
  FileRequestList: files.FileRequestListSchema,
  FileUpload: files.FileUploadSchema,
  FileCreate: files.FileCreateSchema,
  Redaction: redactions.RedactionSchema,
  RedactionList: redactions.RedactionListSchema,

  Template: signatures.TemplateSchema,
  FileSummary: signatures.FileSummarySchema,
  ScanReview: signatures.ScanReviewSchema,
  SignatureRequest: signatures.SignatureRequestSchema,
  SignatureRequestList: signatures.SignatureRequestListSchema,
  SignatureRequestCreate: signatures.SignatureRequestCreateSchema,
  SignatureRequestPatch: signatures.SignatureRequestPatchSchema,
  UploadUrlResponse: signatures.UploadUrlResponseSchema,
  SignatureTransaction: signatures.SignatureTransactionSchema,
  TransactionList: signatures.TransactionListSchema,

  QcRequest: qc.QcRequestSchema,
  QcRequestList: qc.QcRequestListSchema,
  QcRequestPatch: qc.QcRequestPatchSchema,
  QcDocument: qc.QcDocumentSchema,
  ChecklistItem: qc.ChecklistItemSchema,
  ChecklistItemUpdate: qc.ChecklistItemUpdateSchema,
  Actor: qc.ActorSchema,
  QcReview: qc.QcReviewSchema,
  QcProcess: qc.QcProcessSchema,
  QcProcessList: qc.QcProcessListSchema,
  QcProcessPatch: qc.QcProcessPatchSchema,
  QcProcessUpdateResponse: qc.QcProcessUpdateResponseSchema,
  QcChecklist: qc.QcChecklistSchema,
  QcChecklistList: qc.QcChecklistListSchema,
  QcChecklistItem: qc.QcChecklistItemSchema,

  User: users.UserSchema,
  UserList: users.UserListSchema,
  UserPut: users.UserPutSchema,
  UserImagesRequest: users.UserImagesRequestSchema,
  UserImagesResponse: users.UserImagesResponseSchema,
  UserImageUpload: users.UserImageUploadSchema,

  DocumentReadyPayload: webhooks.DocumentReadyPayloadSchema,
  AddressChangePayload: webhooks.AddressChangePayloadSchema,

  SandboxInfo: sandbox.SandboxInfoSchema,
  SandboxResetResult: sandbox.SandboxResetResultSchema,
  CompleteSignatureRequestResult: sandbox.CompleteSignatureRequestResultSchema,
  ClockAdvance: sandbox.ClockAdvanceSchema,
  ClockAdvanceResult: sandbox.ClockAdvanceResultSchema,
  Delivery: sandbox.DeliverySchema,
  DeliveryDetail: sandbox.DeliveryDetailSchema,
  DeliveryList: sandbox.DeliveryListSchema,
  DeliveryAttempt: sandbox.DeliveryAttemptSchema,
  RedeliverResult: sandbox.RedeliverResultSchema,
  RevokeResult: sandbox.RevokeResultSchema,
};

/**
 * Fields of the spec's resources that only the reference service sends or takes, by schema:
 * the same fields `src/service/http/spec-fields.ts` strips from a strict service's answers.
 */
export const EXTENSION_FIELDS: Record<string, Record<string, string>> = {
  SignatureRequest: {
    status: 'docs/interface-gaps.md › Signatures (#10): the spec shows no request states',
    wetInk: 'docs/interface-gaps.md › Signatures (#10): the wet-ink mark as a field',
    scanReviews: 'docs/interface-gaps.md › The wet-ink rework loop',
  },
  SignatureRequestCreate: {
    wetInk: 'docs/interface-gaps.md › Signatures (#16): creating a wet-ink request',
  },
  QcRequest: { earlierReviews: 'docs/interface-gaps.md › The wet-ink rework loop' },
  Entity: { createdOn: 'docs/interface-gaps.md › Accounts: the spec’s entity has no createdOn' },
};

const TO_JSON_SCHEMA = {
  // The document describes the wire: what a client sends and what it reads.
  io: 'input',
  // A transform's input (a query string's parsing, a token_type's normalising) has no JSON
  // Schema; it is described as "any value" rather than failing the document.
  unrepresentable: 'any',
  target: 'draft-2020-12',
} as const;

type JsonSchema = Record<string, unknown>;

/** One zod schema as a JSON Schema to inline (parameters, form bodies). */
export function jsonSchemaOf(schema: z.ZodMiniType): JsonSchema {
  const out = z.toJSONSchema(schema, TO_JSON_SCHEMA) as JsonSchema;
  delete out.$schema;
  return out;
}

/** The named schema's name, if the schema is one of them. */
export function nameOf(schema: z.ZodMiniType): string | undefined {
  return Object.entries(NAMED).find(([, named]) => named === schema)?.[0];
}

/** `$ref` to a named schema, or the schema inlined. */
export function schemaRef(schema: z.ZodMiniType): JsonSchema {
  const name = nameOf(schema);
  return name ? { $ref: `#/components/schemas/${name}` } : jsonSchemaOf(schema);
}

/**
 * components/schemas: every named schema through one registry, so that a named schema used
 * inside another becomes a `$ref`. Strict leaves the extension fields out; otherwise each is
 * marked with `x-attest-extension`.
 */
export function componentSchemas(strict: boolean): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(NAMED)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    ...TO_JSON_SCHEMA,
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  const out: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(schemas)) {
    // A component is addressed by its place in the document, not by an $id of its own.
    delete schema.$schema;
    delete schema.$id;
    out[id] = markExtensions(id, schema, strict);
  }
  return out;
}

function markExtensions(id: string, schema: JsonSchema, strict: boolean): JsonSchema {
  const fields = EXTENSION_FIELDS[id];
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!fields || !properties) return schema;
  const next: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(properties)) {
    const why = fields[name];
    if (why === undefined) next[name] = property;
    else if (!strict) next[name] = { ...property, 'x-attest-extension': why };
  }
  const required = (schema.required as string[] | undefined)?.filter(
    (name) => !strict || fields[name] === undefined,
  );
  return { ...schema, properties: next, ...(required ? { required } : {}) };
}
