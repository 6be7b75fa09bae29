import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { findingDocumentKept, getFinding, listFindings } from '../../../client/findings.ts';
import { collect, paginate } from '../../../client/paginate.ts';
import { getQcRequest, listQcProcesses, type QcProcessListParams } from '../../../client/qc.ts';
import {
  listSignatureRequests,
  type SignatureRequestListParams,
} from '../../../client/signatures.ts';
import type { FindingList, FindingQuery } from '../../../contract/findings.ts';
import { ownerOf } from '../../session.queries.ts';
import { countQuery } from './finding-cache.ts';
import { findingKeys } from './finding-keys.ts';

// The findings feature's data (ADR 029): the gateway's findings, and what a finding's page
// needs besides (its document, for QC readers; the signature request of a wet-ink scan).

const LOOKUP_STALE = 5 * 60_000;

export const findingQueries = {
  count: countQuery,
  list: (query: FindingQuery) =>
    infiniteQueryOptions({
      queryKey: findingKeys.list(query),
      queryFn: ({ pageParam, signal }) =>
        listFindings({ ...query, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
      initialPageParam: '',
      getNextPageParam: (last: FindingList) => last.next,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: findingKeys.detail(id),
      queryFn: ({ signal }) => getFinding(id, { signal }),
    }),
  /** The finding's QC request, for its document: the service answers QC readers only. */
  request: (requestId: string) =>
    queryOptions({
      queryKey: findingKeys.request(requestId),
      queryFn: ({ signal }) => getQcRequest(requestId, { signal }),
      // The document's link is presigned: read afresh when the page is opened again.
      staleTime: 0,
      retry: false,
    }),
  /**
   * Whether the gateway kept the finding's document for the caller: the party responsible,
   * whom the service does not show it to, sees the page itself rather than a sketch.
   */
  documentKept: (id: string) =>
    queryOptions({
      queryKey: findingKeys.document(id),
      queryFn: ({ signal }) => findingDocumentKept(id, { signal }),
      // A copy is made just after the decision: none yet is asked about again next time.
      staleTime: (query) => (query.state.data ? LOOKUP_STALE : 0),
      retry: 1,
    }),
  /**
   * The signature request awaiting a new scan whose rejected scan `requestId` reviewed, or
   * null: a wet-ink problem is cured by a rescan, on that request's page.
   */
  rescan: (requestId: string) =>
    queryOptions({
      queryKey: findingKeys.rescan(requestId),
      queryFn: async ({ signal, client }) => {
        const params: SignatureRequestListParams = {
          owner: await ownerOf(client),
          status: 'awaitingWetInk',
          limit: 100,
        };
        const awaiting = await collect(
          paginate((p: typeof params) => listSignatureRequests(p, { signal }), params),
          'signatureRequests',
        );
        return (
          awaiting.find((r) => r.scanReviews?.some((s) => s.qcRequestId === requestId)) ?? null
        );
      },
      staleTime: LOOKUP_STALE,
      retry: false,
    }),
  /** The owner's process names, for the managers' filter. */
  processes: () =>
    queryOptions({
      queryKey: findingKeys.processes(),
      queryFn: async ({ signal, client }) => {
        const params: QcProcessListParams = { owner: await ownerOf(client), limit: 500 };
        const all = await collect(
          paginate((p: typeof params) => listQcProcesses(p, { signal }), params),
          'qcProcesses',
        );
        return [...new Set(all.map((p) => p.displayName))].sort((a, b) => a.localeCompare(b));
      },
      staleTime: LOOKUP_STALE,
    }),
};
