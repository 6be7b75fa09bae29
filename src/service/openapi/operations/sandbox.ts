import { QcRequestSchema } from '../../../contract/qc.ts';
import {
  ClockAdvanceResultSchema,
  ClockAdvanceSchema,
  CompleteSignatureRequestResultSchema,
  DeliveryDetailSchema,
  DeliveryListQuerySchema,
  DeliveryListSchema,
  MAX_MATTER_REFERENCE,
  MAX_SANDBOX_ACTORS,
  MAX_SANDBOX_TEMPLATES,
  MessageIdSchema,
  RedeliverResultSchema,
  RevokeResultSchema,
  SandboxInfoSchema,
  SandboxResetResultSchema,
} from '../../../contract/sandbox.ts';
import { UserSchema } from '../../../contract/users.ts';
import { z } from '../../../contract/zod.ts';
import { DELIVERIES } from '../../sandbox/deliveries.routes.ts';
import { PEM_CERTIFICATE_TYPE } from '../../sandbox/signing-ca.routes.ts';
import {
  answer,
  gap,
  get,
  listOf,
  post,
  type Access,
  type ApiOperation,
} from '../api-operation.ts';

const SANDBOX: Access = { kind: 'bearer', anyOf: ['sandbox'] };
const WHY = gap('Sandbox controls', 'reference-only controls for testing');
const MESSAGE_ID = {
  id: { description: 'The message id (the hook-id, `msg_…`).', schema: MessageIdSchema },
};
const BAD_MESSAGE_ID = { 400: 'The id is not a message id (`msg_…`).' };

/** The sandbox operations share tag, extension mark and path prefix. */
const sandbox = (op: Omit<ApiOperation, 'tag' | 'extension'>): ApiOperation => ({
  ...op,
  path: `/sandbox/v1${op.path}`,
  tag: 'Sandbox',
  extension: WHY,
});

export const sandboxOperations: ApiOperation[] = [
  sandbox({
    ...get('/info', 'getSandboxInfo', 'Whether this is a sandbox'),
    description:
      '`now` is the service clock. `demoLogins` (every owner’s demo secrets) is filled only for ' +
      'a caller on this machine (loopback).',
    access: { kind: 'public' },
    responses: [answer(200, 'The sandbox.', SandboxInfoSchema)],
  }),
  sandbox({
    ...get('/signing-ca', 'getSigningCa', 'The CA of the seal on completed documents'),
    description:
      'The sandbox certificate authority’s certificate (PEM). It issued the certificate every ' +
      'completed document is sealed with (a PAdES B-B signature): trust it to verify a ' +
      'DOCUMENT_READY download or a `completedFileUrl` with `pdfsig` or `openssl cms -verify` ' +
      '(README, "Verify a completed document"). Made at the service’s first start.',
    access: { kind: 'bearer', anyOf: [] },
    responses: [
      {
        status: 200,
        description: 'The CA certificate, PEM.',
        media: { type: PEM_CERTIFICATE_TYPE, schema: { type: 'string' } },
      },
    ],
    noNotFound: true,
  }),
  sandbox({
    ...post(
      '/qc/requests/{qcrID}/review-started',
      'markQcReviewStarted',
      'Record that a review started',
    ),
    description:
      'Stamps `reviewStartedOn` once; later calls change nothing. The console’s gateway calls it ' +
      'on a reviewer’s first hold.',
    access: { kind: 'bearer', anyOf: ['qc.review'], area: 'qc' },
    pathParams: { qcrID: { description: 'The QC request’s id.' } },
    responses: [answer(200, 'The QC request.', QcRequestSchema)],
    errors: { 409: 'The request is already decided.' },
  }),
  sandbox({
    ...post('/qc-requests', 'createSandboxQcRequest', 'Put a PDF into QC'),
    description:
      'Creates a pending QC request on the process’s active checklist version, with the PDF as ' +
      'its document, and publishes DOCUMENT_READY for it. A multipart form: the text fields, ' +
      'then (or before them) the PDF as `file`. The PDF is judged by its bytes, and must open. ' +
      '`document.signedBy` is the actor whose `roleId` is `affiant` or `signer`; ' +
      '`document.preparedBy` the `reviewee` or `preparer`, else the caller. Without `firmId`, ' +
      'the owner’s oldest firm. Not on a spec-strict service (404).',
    access: { kind: 'bearer', anyOf: ['qc.manage'], area: 'qc' },
    body: {
      media: {
        type: 'multipart/form-data',
        schema: {
          type: 'object',
          properties: {
            file: { type: 'string', format: 'binary', description: 'The PDF, at most 25 MB.' },
            processId: { type: 'string', format: 'uuid', description: 'An active QC process.' },
            matterReference: { type: 'string', minLength: 1, maxLength: MAX_MATTER_REFERENCE },
            signedOn: {
              type: 'string',
              format: 'date-time',
              description: 'When the document was signed (UTC).',
            },
            actors: {
              type: 'string',
              description:
                `JSON: 1 to ${MAX_SANDBOX_ACTORS} of \`{"userId": "…", "roleId": "…"}\`, ` +
                'each user one of the owner’s.',
              examples: ['[{"userId":"…","roleId":"affiant"},{"userId":"…","roleId":"notary"}]'],
            },
            firmId: { type: 'string', format: 'uuid', description: 'A firm of the owner.' },
            templates: {
              type: 'string',
              description:
                `JSON: up to ${MAX_SANDBOX_TEMPLATES} of \`{"filename", "displayName", ` +
                '"signatureRequired", "notaryRequired"}`, the document’s `templates`. Without it, ' +
                'one named for the matter reference, its notary required when an actor is `notary`.',
              examples: [
                '[{"filename":"affidavit.pdf","displayName":"Affidavit of Identity","signatureRequired":true,"notaryRequired":true}]',
              ],
            },
          },
          required: ['file', 'processId', 'matterReference', 'signedOn', 'actors'],
          additionalProperties: false,
        },
      },
    },
    responses: [answer(201, 'The QC request, pending.', QcRequestSchema)],
    errors: {
      400:
        'Not multipart, no `file`, a PDF that does not open, a malformed field, an unknown or ' +
        'archived process, an actor or firm not of the owner.',
      408: 'The form sent nothing for 30 seconds, or took over 3 minutes.',
      413: 'The file is over 25 MB.',
      415: 'The file’s bytes are not a PDF.',
      503: 'Two forms are already being read.',
    },
    noNotFound: true,
  }),
  sandbox({
    ...post('/reset', 'resetSandbox', 'Restore the caller’s owner to the demo data'),
    description: 'Clients and issued tokens stay.',
    access: SANDBOX,
    responses: [answer(200, 'What was reset.', SandboxResetResultSchema)],
  }),
  sandbox({
    ...post(
      '/signature-requests/{id}/complete',
      'completeSignatureRequest',
      'Complete a signature request',
    ),
    description:
      'Seals the signed document (its wet-ink scan, else its file) with the service’s PAdES ' +
      'signature, sets the completion fields and publishes DOCUMENT_READY: its download and ' +
      'the request’s `completedFileUrl` are the sealed PDF (see `getSigningCa`).',
    access: SANDBOX,
    pathParams: { id: { description: 'The signature request’s id.' } },
    responses: [answer(200, 'The completion.', CompleteSignatureRequestResultSchema)],
    errors: {
      400:
        'A malformed id, the request is already completed, or its document was never uploaded ' +
        'or does not open as a PDF.',
      409: 'Its document changed (a scan arrived) while it was being sealed: complete it again.',
    },
  }),
  sandbox({
    ...post('/clock/advance', 'advanceClock', 'Move the service clock forward'),
    description:
      'Runs the deliveries that became due. One clock for the whole service: 3600 s or more ' +
      'expires every token of every owner.',
    access: SANDBOX,
    body: { json: ClockAdvanceSchema },
    responses: [answer(200, 'The new time.', ClockAdvanceResultSchema)],
  }),
  sandbox({
    ...post('/clients/{clientId}/revoke', 'revokeClientTokens', 'Revoke a client’s tokens'),
    access: SANDBOX,
    pathParams: {
      clientId: { description: 'A client id of the caller’s owner.', schema: z.string() },
    },
    responses: [answer(200, 'How many tokens were revoked.', RevokeResultSchema)],
  }),
  sandbox({
    ...post('/users/{userId}/deactivate', 'deactivateUser', 'Deactivate a user'),
    description: 'At once on the service clock; the user’s tokens are revoked.',
    access: SANDBOX,
    pathParams: { userId: { description: 'The user’s id.' } },
    responses: [answer(200, 'The user.', UserSchema)],
  }),
  sandbox({
    ...post('/users/{userId}/reactivate', 'reactivateUser', 'Reactivate a user'),
    access: SANDBOX,
    pathParams: { userId: { description: 'The user’s id.' } },
    responses: [answer(200, 'The user.', UserSchema)],
  }),
  sandbox({
    ...get('/deliveries', 'listDeliveries', 'List webhook deliveries'),
    description: 'Newest first unless asked otherwise; each with its last attempt.',
    access: SANDBOX,
    query: DeliveryListQuerySchema,
    queryNotes: { status: 'Only deliveries of this status.' },
    list: listOf('deliveries', DELIVERIES, 'desc'),
    responses: [answer(200, 'A page of deliveries.', DeliveryListSchema)],
  }),
  sandbox({
    ...get('/deliveries/{id}', 'getDelivery', 'Get a webhook delivery with every attempt'),
    access: SANDBOX,
    pathParams: MESSAGE_ID,
    responses: [answer(200, 'The delivery.', DeliveryDetailSchema)],
    errors: BAD_MESSAGE_ID,
  }),
  sandbox({
    ...post('/deliveries/{id}/redeliver', 'redeliver', 'Deliver a message again'),
    description: 'Back to pending and due now, with a fresh round of 9 attempts.',
    access: SANDBOX,
    pathParams: MESSAGE_ID,
    responses: [answer(202, 'Queued.', RedeliverResultSchema)],
    errors: BAD_MESSAGE_ID,
  }),
];
