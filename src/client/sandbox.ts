import type { z } from '../contract/zod.ts';
import {
  ClockAdvanceResultSchema,
  CompleteSignatureRequestResultSchema,
  DeliveryDetailSchema,
  DeliveryListSchema,
  RedeliverResultSchema,
  RevokeResultSchema,
  SandboxResetResultSchema,
  type ClockAdvanceResult,
  type CompleteSignatureRequestResult,
  type DeliveryList,
  type DeliveryListQuerySchema,
  type RedeliverResult,
  type RevokeResult,
  type SandboxResetResult,
} from '../contract/sandbox.ts';
import { readById } from './read-by-id.ts';
import { defaultClient, seg, type CallOptions, type Client } from './request.ts';

// The reference service's sandbox controls: a real deployment answers 404 under this prefix,
// so the app calls these only after the session says sandbox. The gateway answers whether it
// is one at /config, and does not pass on /sandbox/v1/info (it lists every owner's secrets).

export type DeliveryListParams = z.input<typeof DeliveryListQuerySchema>;

const BASE = '/api/sandbox/v1';

export function sandboxApi({ request }: Client) {
  return {
    /** Restores the caller's owner to the demo data. */
    resetSandbox: (): Promise<SandboxResetResult> =>
      request('POST', `${BASE}/reset`, { schema: SandboxResetResultSchema }),

    /** Completes a signature request and fires its DOCUMENT_READY. */
    completeSignatureRequest: (id: string): Promise<CompleteSignatureRequestResult> =>
      request('POST', `${BASE}/signature-requests/${seg(id)}/complete`, {
        schema: CompleteSignatureRequestResultSchema,
      }),

    /** Moves the service clock (shared by every owner) and runs the deliveries now due. */
    advanceClock: (seconds: number): Promise<ClockAdvanceResult> =>
      request('POST', `${BASE}/clock/advance`, {
        body: { seconds },
        schema: ClockAdvanceResultSchema,
      }),

    /** Webhook deliveries, newest first unless `orderDirection` says otherwise. */
    listDeliveries: (params: DeliveryListParams, opts: CallOptions = {}): Promise<DeliveryList> =>
      request('GET', `${BASE}/deliveries`, { query: params, schema: DeliveryListSchema, ...opts }),

    getDelivery: readById(request, `${BASE}/deliveries`, DeliveryDetailSchema),

    redeliver: (id: string): Promise<RedeliverResult> =>
      request('POST', `${BASE}/deliveries/${seg(id)}/redeliver`, { schema: RedeliverResultSchema }),

    /** Revokes every token issued to a client of the caller's owner. */
    revokeClient: (clientId: string): Promise<RevokeResult> =>
      request('POST', `${BASE}/clients/${seg(clientId)}/revoke`, { schema: RevokeResultSchema }),
  };
}

export type SandboxApi = ReturnType<typeof sandboxApi>;

export const {
  resetSandbox,
  completeSignatureRequest,
  advanceClock,
  listDeliveries,
  getDelivery,
  redeliver,
  revokeClient,
} = sandboxApi(defaultClient);
