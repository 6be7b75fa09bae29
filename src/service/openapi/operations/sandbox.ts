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
    description: 'Sets the completion fields and publishes DOCUMENT_READY.',
    access: SANDBOX,
    pathParams: { id: { description: 'The signature request’s id.' } },
    responses: [answer(200, 'The completion.', CompleteSignatureRequestResultSchema)],
    errors: { 400: 'A malformed id, or the request is already completed.' },
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
