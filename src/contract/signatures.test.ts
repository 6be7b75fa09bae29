import { describe, expect, it } from 'vitest';
import {
  FileSummarySchema,
  SignatureRequestCreateSchema,
  SignatureRequestListSchema,
  SignatureRequestPatchSchema,
  SignatureRequestSchema,
  SignatureRequestStatusSchema,
  SignatureTransactionSchema,
  TRANSACTION_STATUSES,
  TemplateSchema,
  TransactionListQuerySchema,
  TransactionListSchema,
  UploadUrlResponseSchema,
} from './signatures.ts';
import { ID, ID2, NOW, messages } from './testing/fixtures.ts';

const template = {
  id: ID,
  filename: 'affidavit.pdf',
  displayName: 'Affidavit',
  signatureRequired: true,
  notaryRequired: true,
};
const file = {
  id: ID,
  matterReference: 'M-1',
  preparedBy: 'Paula Preparer',
  preparedOn: NOW,
  firmId: 'FIRM-1',
  templates: [template],
};
const request = {
  id: ID2,
  createdOn: NOW,
  file,
  document: file,
  status: 'pending',
  wetInk: false,
};
const completed = {
  ...request,
  status: 'completed',
  completedOn: NOW,
  signedBy: 'u-1',
  notarizedBy: 'u-2',
  completedFileUrl: 'http://127.0.0.1:8090/blobs/x?sig=1',
};

describe('TemplateSchema and FileSummarySchema', () => {
  it.each([
    [TemplateSchema, template, { ...template, notaryRequired: 'yes' }],
    [TemplateSchema, template, { ...template, id: 't-1' }],
    [FileSummarySchema, file, { ...file, preparedOn: '2024-05-01' }],
    [FileSummarySchema, file, { ...file, templates: [{}] }],
  ] as const)('%#: valid passes, invalid fails', (schema, ok, bad) => {
    expect(schema.safeParse(ok).success).toBe(true);
    expect(schema.safeParse(bad).success).toBe(false);
  });
});

describe('SignatureRequestSchema', () => {
  // Only the spec's fields, as a real deployment may send them.
  const asSpecified = { ...request, document: undefined, status: undefined, wetInk: undefined };

  it.each([
    request,
    completed,
    asSpecified,
    { ...request, status: 'awaitingWetInk', wetInk: true },
  ])('accepts %j', (value) => expect(SignatureRequestSchema.safeParse(value).success).toBe(true));

  it.each([
    { ...request, file: undefined },
    { ...request, status: 'signed' },
    { ...request, wetInk: 'no' },
    { ...completed, signedBy: '' },
    { ...completed, notarizedBy: '' },
    { ...completed, completedFileUrl: '' },
    { ...completed, completedOn: 'now' },
  ])('rejects %j', (value) => expect(SignatureRequestSchema.safeParse(value).success).toBe(false));

  it('knows the four states of docs/design.md', () => {
    expect(SignatureRequestStatusSchema.options).toEqual([
      'pending',
      'awaitingWetInk',
      'wetInkUploaded',
      'completed',
    ]);
  });
});

describe('SignatureRequestCreateSchema', () => {
  it.each([{ fileId: ID }, { documentId: ID }, { fileId: ID, documentId: ID }])(
    'accepts %j',
    (value) => expect(SignatureRequestCreateSchema.parse(value)).toEqual(value),
  );

  it.each([
    [{}, 'fileId is required (documentId is accepted as its deprecated name)'],
    [
      { fileId: ID, documentId: ID2 },
      'fileId and documentId name the same file: when both are sent they must be equal',
    ],
    [{ fileId: 'f-1' }, 'Invalid UUID'],
    [{ fileId: ID, templateId: ID }, 'Unrecognized key: "templateId"'],
  ])('rejects %j', (value, message) =>
    expect(messages(SignatureRequestCreateSchema, value)).toEqual([message]),
  );
});

describe('SignatureRequestPatchSchema', () => {
  it('accepts the wet-ink confirmation', () => {
    expect(SignatureRequestPatchSchema.parse({ status: 'wetInkUploaded' })).toEqual({
      status: 'wetInkUploaded',
    });
  });

  it.each([
    [{ status: 'completed' }, 'status can only be set to wetInkUploaded'],
    [{}, 'status can only be set to wetInkUploaded'],
    [{ status: 'wetInkUploaded', wetInk: true }, 'Unrecognized key: "wetInk"'],
  ])('rejects %j', (value, message) =>
    expect(messages(SignatureRequestPatchSchema, value)).toEqual([message]),
  );
});

describe('UploadUrlResponseSchema', () => {
  const upload = { uploadUrl: 'http://127.0.0.1:8090/uploads/x', uploadValues: { policy: 'p' } };
  it('accepts a presigned form', () =>
    expect(UploadUrlResponseSchema.parse(upload)).toEqual(upload));
  it.each([
    { ...upload, uploadUrl: '' },
    { ...upload, uploadValues: { policy: 1 } },
    { uploadUrl: upload.uploadUrl },
  ])('rejects %j', (value) => expect(UploadUrlResponseSchema.safeParse(value).success).toBe(false));
});

const transaction = {
  id: ID,
  owner: 'acme',
  signerId: 'u-1',
  signatureRequests: [ID2],
  status: 'pending',
  createdOn: NOW,
  otpRequired: false,
};

describe('SignatureTransactionSchema', () => {
  it.each([
    ...TRANSACTION_STATUSES.map((status) => ({ ...transaction, status })),
    { ...transaction, status: 'escalated' },
    { ...transaction, notaryId: 'u-2', completedOn: NOW, otpMethod: 'sms' },
  ])('accepts %j', (value) =>
    expect(SignatureTransactionSchema.safeParse(value).success).toBe(true),
  );

  it.each([
    { ...transaction, status: '' },
    { ...transaction, signatureRequests: ['r-1'] },
    { ...transaction, otpRequired: undefined },
    { ...transaction, failedOn: 0 },
  ])('rejects %j', (value) =>
    expect(SignatureTransactionSchema.safeParse(value).success).toBe(false),
  );
});

describe('lists', () => {
  const pagination = { totalCount: 1, nextCursor: '', previousCursor: '' };

  it.each([
    [TransactionListSchema, { transactions: [transaction] }, { transactions: [{}] }],
    [TransactionListSchema, { transactions: [] }, { data: [] }],
    [
      SignatureRequestListSchema,
      { signatureRequests: [request], pagination },
      { signatureRequests: [request] },
    ],
  ] as const)('%#: valid passes, invalid fails', (schema, ok, bad) => {
    expect(schema.safeParse(ok).success).toBe(true);
    expect(schema.safeParse(bad).success).toBe(false);
  });
});

describe('TransactionListQuerySchema', () => {
  it.each([
    [{}, {}],
    [{ clientGroup: 'g1' }, { clientGroup: 'g1' }],
    [
      { filter: 'status:pending,failed' },
      { filter: [{ field: 'status', values: ['pending', 'failed'] }] },
    ],
    [
      { filter: 'status:pending,failed,otpMethod:sms' },
      {
        filter: [
          { field: 'status', values: ['pending', 'failed'] },
          { field: 'otpMethod', values: ['sms'] },
        ],
      },
    ],
    [
      { filter: ['status:pending', 'otpMethod:sms,email', 'status:failed,pending'] },
      {
        filter: [
          { field: 'status', values: ['pending', 'failed'] },
          { field: 'otpMethod', values: ['sms', 'email'] },
        ],
      },
    ],
    // Field names are data, kept in a Map: prototype names are ordinary (unknown) fields.
    [
      { filter: '__proto__:x,constructor:y' },
      {
        filter: [
          { field: '__proto__', values: ['x'] },
          { field: 'constructor', values: ['y'] },
        ],
      },
    ],
  ])('parses %j', (value, parsed) =>
    expect(TransactionListQuerySchema.parse(value)).toEqual(parsed),
  );

  it.each([
    'status',
    'status:',
    ':pending',
    'status:pending,',
    'status:,x',
    'status:pending,otpMethod:',
    'status:pending,:x',
    'status:a,b-c:d',
    '',
    ['status:pending', 'otpMethod'],
  ])('rejects filter %j', (filter) =>
    expect(messages(TransactionListQuerySchema, { filter })).toEqual([
      'filter must look like field:value[,value] with fields one after another, e.g. status:pending,failed,otpMethod:sms',
    ]),
  );

  it('caps the number of values', () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`).join(',');
    expect(messages(TransactionListQuerySchema, { filter: `status:${values(100)}` })).toEqual([]);
    expect(messages(TransactionListQuerySchema, { filter: `status:${values(101)}` })).toEqual([
      'filter may name at most 100 values',
    ]);
  });
});
