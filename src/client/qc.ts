import type { z } from '../contract/zod.ts';
import {
  QcChecklistListSchema,
  QcChecklistSchema,
  QcProcessListSchema,
  QcProcessSchema,
  QcProcessUpdateResponseSchema,
  QcRequestListSchema,
  QcRequestSchema,
  type QcChecklistList,
  type QcProcessList,
  type QcProcessPatch,
  type QcProcessUpdateResponse,
  type QcRequest,
  type QcRequestList,
  type QcRequestListQuerySchema,
  type QcRequestPatch,
} from '../contract/qc.ts';
import { MARKS_HEADER, type DecisionMarks } from '../contract/findings.ts';
import { encodeMarksHeader } from '../shared/marks-header.ts';
import type { ListParams } from './paginate.ts';
import { QC_BASE, QC_REQUESTS } from './qc-paths.ts';
import { readById } from './read-by-id.ts';
import { defaultClient, seg, type CallOptions, type Client } from './request.ts';

export type QcRequestListParams = z.input<typeof QcRequestListQuerySchema>;
/** `archived` filters active (false) or archived (true) processes; absent lists both. */
export type QcProcessListParams = ListParams & { archived?: boolean | undefined };

export function qcApi({ request }: Client) {
  return {
    listQcRequests: (params: QcRequestListParams, opts: CallOptions = {}): Promise<QcRequestList> =>
      request('GET', QC_REQUESTS, { query: params, schema: QcRequestListSchema, ...opts }),

    getQcRequest: readById(request, QC_REQUESTS, QcRequestSchema),

    /**
     * Approve or reject (docs/design.md); 409 when someone decided it first. `marks` (ADR
     * 029) go beside the body in the Attest-Marks header: wrong ones are a 400 and nothing
     * is decided.
     */
    decideQcRequest: (
      id: string,
      patch: QcRequestPatch,
      { marks, ...opts }: { keepalive?: boolean; marks?: DecisionMarks | undefined } = {},
    ): Promise<QcRequest> =>
      request('PATCH', `${QC_REQUESTS}/${seg(id)}`, {
        body: patch,
        schema: QcRequestSchema,
        ...(marks && { headers: { [MARKS_HEADER]: encodeMarksHeader(marks) } }),
        ...opts,
      }),

    listQcProcesses: (
      params: QcProcessListParams,
      opts: CallOptions = {},
    ): Promise<QcProcessList> =>
      request('GET', `${QC_BASE}/processes`, {
        query: params,
        schema: QcProcessListSchema,
        ...opts,
      }),

    getQcProcess: readById(request, `${QC_BASE}/processes`, QcProcessSchema),

    /** Rename, re-point, archive (`archivedOn`: a time) or unarchive (`archivedOn: null`). */
    updateQcProcess: (id: string, patch: QcProcessPatch): Promise<QcProcessUpdateResponse> =>
      request('PATCH', `${QC_BASE}/processes/${seg(id)}`, {
        body: patch,
        schema: QcProcessUpdateResponseSchema,
      }),

    listQcChecklists: (params: ListParams, opts: CallOptions = {}): Promise<QcChecklistList> =>
      request('GET', `${QC_BASE}/checklists`, {
        query: params,
        schema: QcChecklistListSchema,
        ...opts,
      }),

    getQcChecklist: readById(request, `${QC_BASE}/checklists`, QcChecklistSchema),
  };
}

export type QcApi = ReturnType<typeof qcApi>;

export const {
  listQcRequests,
  getQcRequest,
  decideQcRequest,
  listQcProcesses,
  getQcProcess,
  updateQcProcess,
  listQcChecklists,
  getQcChecklist,
} = qcApi(defaultClient);
