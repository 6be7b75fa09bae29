import {
  SignatureRequestCreateSchema,
  SignatureRequestListQuerySchema,
  SignatureRequestListSchema,
  SignatureRequestPatchSchema,
  SignatureRequestSchema,
  TransactionListQuerySchema,
  TransactionListSchema,
  UploadUrlResponseSchema,
} from '../../../contract/signatures.ts';
import { SIGNATURE_REQUESTS } from '../../signatures/signatures.routes.ts';
import { areaOperations, gap, listOf, type Access } from '../api-operation.ts';

const WRITER: Access = { kind: 'bearer', anyOf: ['signatures.write'], area: 'signatures' };
const ID = { signatureRequestId: { description: 'The signature request’s id.' } };
const READS_GAP = gap(
  'Decided beyond the spec’s open points',
  'the spec names the list key signatureRequests but no read endpoints',
);

export const signatureOperations = areaOperations('Signatures', WRITER, [
  {
    method: 'get',
    path: '/signatures/v2/requests',
    operationId: 'listSignatureRequests',
    summary: 'List signature requests',
    query: SignatureRequestListQuerySchema,
    queryNotes: { status: 'Only requests of this status (a reference extension).' },
    list: listOf('signatureRequests', SIGNATURE_REQUESTS),
    responses: [
      {
        status: 200,
        description: 'A page of signature requests.',
        schema: SignatureRequestListSchema,
      },
    ],
    extension: READS_GAP,
  },
  {
    method: 'post',
    path: '/signatures/v2/requests',
    operationId: 'createSignatureRequest',
    summary: 'Create a signature request',
    description:
      'Needs `fileId` (`documentId` is accepted as its deprecated name; both sent must be equal).',
    body: { json: SignatureRequestCreateSchema },
    responses: [
      { status: 201, description: 'The created request.', schema: SignatureRequestSchema },
    ],
    errors: {
      400: 'A bad body, or a file that is unknown or another owner’s (the message names the field).',
    },
  },
  {
    method: 'get',
    path: '/signatures/v2/requests/{signatureRequestId}',
    operationId: 'getSignatureRequest',
    summary: 'Get a signature request',
    pathParams: ID,
    responses: [{ status: 200, description: 'The request.', schema: SignatureRequestSchema }],
    extension: READS_GAP,
  },
  {
    method: 'delete',
    path: '/signatures/v2/requests/{signatureRequestId}',
    operationId: 'deleteSignatureRequest',
    summary: 'Delete a signature request',
    description: 'Afterwards the request gets 404; its id leaves every transaction’s list.',
    pathParams: ID,
    responses: [{ status: 204, description: 'Deleted; no body.' }],
    errors: { 400: 'A malformed id, or a request that is `completed` or `wetInkUploaded`.' },
  },
  {
    method: 'get',
    path: '/signatures/v2/requests/{signatureRequestId}/uploadUrl',
    operationId: 'getWetInkUploadUrl',
    summary: 'Get an upload URL for a signed wet-ink scan',
    description:
      'Send a multipart form POST to `uploadUrl`: every `uploadValues` entry as a form field, ' +
      'then the PDF as the field named `file` (at most 25 MB). Then confirm with the PATCH.',
    pathParams: ID,
    responses: [
      { status: 200, description: 'The presigned upload.', schema: UploadUrlResponseSchema },
    ],
    errors: {
      400: 'Invalid signature request id, the request is not awaiting a wet-ink scan, or the workflow does not support uploads.',
      401: 'Unauthorized, invalid permissions, or the token lacks permission.',
      404: 'Signature request not found.',
    },
  },
  {
    method: 'patch',
    path: '/signatures/v2/requests/{signatureRequestId}',
    operationId: 'confirmWetInkUpload',
    summary: 'Confirm the uploaded wet-ink scan',
    description:
      'Sets the status to `wetInkUploaded` and sends the newest uploaded scan to QC as a new ' +
      'pending QC request.',
    pathParams: ID,
    body: { json: SignatureRequestPatchSchema },
    responses: [{ status: 200, description: 'The request.', schema: SignatureRequestSchema }],
    errors: {
      400: 'A bad body; the request is not wet-ink or not awaiting a scan; no scan was uploaded; or no QC process is active.',
    },
    extension: gap('Signatures (#15)', 'the spec gives neither path nor body of the confirmation'),
  },
  {
    method: 'get',
    path: '/signatures/v2/transactions',
    operationId: 'listSignatureTransactions',
    summary: 'List signature transactions',
    description:
      'The transactions the token’s user is party to (signer or notary), newest first; a ' +
      'machine client gets none. No `pagination` object. Parameter names: interface-gaps #18.',
    query: TransactionListQuerySchema,
    queryNotes: {
      clientGroup: 'Only transactions of this client group (exact match).',
      filter:
        '`field:value[,value]`, e.g. `status:pending,failed` or `status:pending,otpMethod:sms`; ' +
        'fields `status` and `otpMethod`. Every field must match, any of a field’s values will ' +
        'do; repeat the parameter to add fields. An unknown field, a malformed filter or more ' +
        'than 100 values gets 400.',
    },
    responses: [{ status: 200, description: 'The transactions.', schema: TransactionListSchema }],
    errors: { 400: 'A malformed `filter`.' },
  },
]);
