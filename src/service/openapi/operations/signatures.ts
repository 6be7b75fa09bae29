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
import {
  answer,
  areaOperations,
  del,
  gap,
  get,
  listOf,
  patch,
  post,
  type Access,
} from '../api-operation.ts';

const WRITER: Access = { kind: 'bearer', anyOf: ['signatures.write'], area: 'signatures' };
const ID = { signatureRequestId: { description: 'The signature request’s id.' } };
const READS_GAP = gap(
  'Decided beyond the spec’s open points',
  'the spec names the list key signatureRequests but no read endpoints',
);

export const signatureOperations = areaOperations('Signatures', WRITER, [
  {
    ...get('/signatures/v2/requests', 'listSignatureRequests', 'List signature requests'),
    query: SignatureRequestListQuerySchema,
    queryNotes: { status: 'Only requests of this status (a reference extension).' },
    list: listOf('signatureRequests', SIGNATURE_REQUESTS),
    responses: [answer(200, 'A page of signature requests.', SignatureRequestListSchema)],
    extension: READS_GAP,
  },
  {
    ...post('/signatures/v2/requests', 'createSignatureRequest', 'Create a signature request'),
    description:
      'Needs `fileId` (`documentId` is accepted as its deprecated name; both sent must be equal).',
    body: { json: SignatureRequestCreateSchema },
    responses: [answer(201, 'The created request.', SignatureRequestSchema)],
    errors: {
      400: 'A bad body, or a file that is unknown or another owner’s (the message names the field).',
    },
  },
  {
    ...get(
      '/signatures/v2/requests/{signatureRequestId}',
      'getSignatureRequest',
      'Get a signature request',
    ),
    pathParams: ID,
    responses: [answer(200, 'The request.', SignatureRequestSchema)],
    extension: READS_GAP,
  },
  {
    ...del(
      '/signatures/v2/requests/{signatureRequestId}',
      'deleteSignatureRequest',
      'Delete a signature request',
    ),
    description: 'Afterwards the request gets 404; its id leaves every transaction’s list.',
    pathParams: ID,
    responses: [answer(204, 'Deleted; no body.')],
    errors: { 400: 'A malformed id, or a request that is `completed` or `wetInkUploaded`.' },
  },
  {
    ...get(
      '/signatures/v2/requests/{signatureRequestId}/uploadUrl',
      'getWetInkUploadUrl',
      'Get an upload URL for a signed wet-ink scan',
    ),
    description:
      'Send a multipart form POST to `uploadUrl`: every `uploadValues` entry as a form field, ' +
      'then the PDF as the field named `file` (at most 25 MB). Then confirm with the PATCH.',
    pathParams: ID,
    responses: [answer(200, 'The presigned upload.', UploadUrlResponseSchema)],
    errors: {
      400: 'Invalid signature request id, the request is not awaiting a wet-ink scan, or the workflow does not support uploads.',
      401: 'Unauthorized, invalid permissions, or the token lacks permission.',
      404: 'Signature request not found.',
    },
  },
  {
    ...patch(
      '/signatures/v2/requests/{signatureRequestId}',
      'confirmWetInkUpload',
      'Confirm the uploaded wet-ink scan',
    ),
    description:
      'Sets the status to `wetInkUploaded` and sends the newest uploaded scan to QC as a new ' +
      'pending QC request.',
    pathParams: ID,
    body: { json: SignatureRequestPatchSchema },
    responses: [answer(200, 'The request.', SignatureRequestSchema)],
    errors: {
      400: 'A bad body; the request is not wet-ink or not awaiting a scan; no scan was uploaded; or no QC process is active.',
    },
    extension: gap('Signatures (#15)', 'the spec gives neither path nor body of the confirmation'),
  },
  {
    ...get(
      '/signatures/v2/transactions',
      'listSignatureTransactions',
      'List signature transactions',
    ),
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
    responses: [answer(200, 'The transactions.', TransactionListSchema)],
    errors: { 400: 'A malformed `filter`.' },
  },
]);
