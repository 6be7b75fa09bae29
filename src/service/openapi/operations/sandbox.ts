import { QcRequestSchema } from '../../../contract/qc.ts';
import {
  ClockAdvanceResultSchema,
  ClockAdvanceSchema,
  CompleteSignatureRequestResultSchema,
  DeliveryDetailSchema,
  DeliveryListQuerySchema,
  DeliveryListSchema,
  MessageIdSchema,
  RedeliverResultSchema,
  RevokeResultSchema,
  SandboxInfoSchema,
  SandboxResetResultSchema,
} from '../../../contract/sandbox.ts';
import { UserSchema } from '../../../contract/users.ts';
import { z } from '../../../contract/zod.ts';
import { DELIVERIES } from '../../sandbox/deliveries.routes.ts';
import { gap, listOf, type Access, type ApiOperation } from '../api-operation.ts';

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
    method: 'get',
    path: '/info',
    operationId: 'getSandboxInfo',
    summary: 'Whether this is a sandbox',
    description:
      '`now` is the service clock. `demoLogins` (every owner’s demo secrets) is filled only for ' +
      'a caller on this machine (loopback).',
    access: { kind: 'public' },
    responses: [{ status: 200, description: 'The sandbox.', schema: SandboxInfoSchema }],
  }),
  sandbox({
    method: 'post',
    path: '/qc/requests/{qcrID}/review-started',
    operationId: 'markQcReviewStarted',
    summary: 'Record that a review started',
    description:
      'Stamps `reviewStartedOn` once; later calls change nothing. The console’s gateway calls it ' +
      'on a reviewer’s first hold.',
    access: { kind: 'bearer', anyOf: ['qc.review'], area: 'qc' },
    pathParams: { qcrID: { description: 'The QC request’s id.' } },
    responses: [{ status: 200, description: 'The QC request.', schema: QcRequestSchema }],
    errors: { 409: 'The request is already decided.' },
  }),
  sandbox({
    method: 'post',
    path: '/reset',
    operationId: 'resetSandbox',
    summary: 'Restore the caller’s owner to the demo data',
    description: 'Clients and issued tokens stay.',
    access: SANDBOX,
    responses: [{ status: 200, description: 'What was reset.', schema: SandboxResetResultSchema }],
  }),
  sandbox({
    method: 'post',
    path: '/signature-requests/{id}/complete',
    operationId: 'completeSignatureRequest',
    summary: 'Complete a signature request',
    description: 'Sets the completion fields and publishes DOCUMENT_READY.',
    access: SANDBOX,
    pathParams: { id: { description: 'The signature request’s id.' } },
    responses: [
      { status: 200, description: 'The completion.', schema: CompleteSignatureRequestResultSchema },
    ],
    errors: { 400: 'A malformed id, or the request is already completed.' },
  }),
  sandbox({
    method: 'post',
    path: '/clock/advance',
    operationId: 'advanceClock',
    summary: 'Move the service clock forward',
    description:
      'Runs the deliveries that became due. One clock for the whole service: 3600 s or more ' +
      'expires every token of every owner.',
    access: SANDBOX,
    body: { json: ClockAdvanceSchema },
    responses: [{ status: 200, description: 'The new time.', schema: ClockAdvanceResultSchema }],
  }),
  sandbox({
    method: 'post',
    path: '/clients/{clientId}/revoke',
    operationId: 'revokeClientTokens',
    summary: 'Revoke a client’s tokens',
    access: SANDBOX,
    pathParams: {
      clientId: { description: 'A client id of the caller’s owner.', schema: z.string() },
    },
    responses: [
      { status: 200, description: 'How many tokens were revoked.', schema: RevokeResultSchema },
    ],
  }),
  sandbox({
    method: 'post',
    path: '/users/{userId}/deactivate',
    operationId: 'deactivateUser',
    summary: 'Deactivate a user',
    description: 'At once on the service clock; the user’s tokens are revoked.',
    access: SANDBOX,
    pathParams: { userId: { description: 'The user’s id.' } },
    responses: [{ status: 200, description: 'The user.', schema: UserSchema }],
  }),
  sandbox({
    method: 'post',
    path: '/users/{userId}/reactivate',
    operationId: 'reactivateUser',
    summary: 'Reactivate a user',
    access: SANDBOX,
    pathParams: { userId: { description: 'The user’s id.' } },
    responses: [{ status: 200, description: 'The user.', schema: UserSchema }],
  }),
  sandbox({
    method: 'get',
    path: '/deliveries',
    operationId: 'listDeliveries',
    summary: 'List webhook deliveries',
    description: 'Newest first unless asked otherwise; each with its last attempt.',
    access: SANDBOX,
    query: DeliveryListQuerySchema,
    queryNotes: { status: 'Only deliveries of this status.' },
    list: listOf('deliveries', DELIVERIES, 'desc'),
    responses: [{ status: 200, description: 'A page of deliveries.', schema: DeliveryListSchema }],
  }),
  sandbox({
    method: 'get',
    path: '/deliveries/{id}',
    operationId: 'getDelivery',
    summary: 'Get a webhook delivery with every attempt',
    access: SANDBOX,
    pathParams: MESSAGE_ID,
    responses: [{ status: 200, description: 'The delivery.', schema: DeliveryDetailSchema }],
    errors: BAD_MESSAGE_ID,
  }),
  sandbox({
    method: 'post',
    path: '/deliveries/{id}/redeliver',
    operationId: 'redeliver',
    summary: 'Deliver a message again',
    description: 'Back to pending and due now, with a fresh round of 9 attempts.',
    access: SANDBOX,
    pathParams: MESSAGE_ID,
    responses: [{ status: 202, description: 'Queued.', schema: RedeliverResultSchema }],
    errors: BAD_MESSAGE_ID,
  }),
];
