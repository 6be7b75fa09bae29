import type { z } from '../contract/zod.ts';
import {
  SignatureRequestListSchema,
  SignatureRequestSchema,
  TransactionListSchema,
  UploadUrlResponseSchema,
  type SignatureRequest,
  type SignatureRequestCreate,
  type SignatureRequestList,
  type SignatureRequestListQuerySchema,
  type SignatureRequestPatch,
  type TransactionFilter,
  type TransactionList,
  type UploadUrlResponse,
} from '../contract/signatures.ts';
import { readById } from './read-by-id.ts';
import { defaultClient, seg, type CallOptions, type Client } from './request.ts';

export type SignatureRequestListParams = z.input<typeof SignatureRequestListQuerySchema>;

export interface TransactionListParams {
  /** The integrator's grouping of signers; an exact match. */
  clientGroup?: string | undefined;
  /** e.g. `{ field: 'status', values: ['pending', 'failed'] }`. */
  filter?: TransactionFilter | undefined;
}

// docs/design.md's encoding of the spec's unnamed filter parameter: `field:value[,value]`.
const filterParam = (filter: TransactionFilter | undefined) =>
  filter && `${filter.field}:${filter.values.join(',')}`;

const WET_INK_UPLOADED: SignatureRequestPatch = { status: 'wetInkUploaded' };
const BASE = '/api/signatures/v2';

export function signaturesApi({ request }: Client) {
  return {
    listSignatureRequests: (
      params: SignatureRequestListParams,
      opts: CallOptions = {},
    ): Promise<SignatureRequestList> =>
      request('GET', `${BASE}/requests`, {
        query: params,
        schema: SignatureRequestListSchema,
        ...opts,
      }),

    getSignatureRequest: readById(request, `${BASE}/requests`, SignatureRequestSchema),

    createSignatureRequest: (body: SignatureRequestCreate): Promise<SignatureRequest> =>
      request('POST', `${BASE}/requests`, { body, schema: SignatureRequestSchema }),

    /** 400 for a completed or scanned request (docs/interface-gaps.md). */
    deleteSignatureRequest: (id: string): Promise<undefined> =>
      request('DELETE', `${BASE}/requests/${seg(id)}`, { schema: null }),

    /** Where to POST a wet-ink scan (see upload.ts `uploadForm`). */
    getUploadUrl: (id: string, opts: CallOptions = {}): Promise<UploadUrlResponse> =>
      request('GET', `${BASE}/requests/${seg(id)}/uploadUrl`, {
        schema: UploadUrlResponseSchema,
        ...opts,
      }),

    /** After the scan is uploaded: sends it to post-signing QC. */
    confirmWetInk: (id: string): Promise<SignatureRequest> =>
      request('PATCH', `${BASE}/requests/${seg(id)}`, {
        body: WET_INK_UPLOADED,
        schema: SignatureRequestSchema,
      }),

    /** Transactions the signed-in user is party to (not paginated in the spec). */
    listTransactions: (
      { clientGroup, filter }: TransactionListParams = {},
      opts: CallOptions = {},
    ): Promise<TransactionList> =>
      request('GET', `${BASE}/transactions`, {
        query: { clientGroup, filter: filterParam(filter) },
        schema: TransactionListSchema,
        ...opts,
      }),
  };
}

export type SignaturesApi = ReturnType<typeof signaturesApi>;

export const {
  listSignatureRequests,
  getSignatureRequest,
  createSignatureRequest,
  deleteSignatureRequest,
  getUploadUrl,
  confirmWetInk,
  listTransactions,
} = signaturesApi(defaultClient);
