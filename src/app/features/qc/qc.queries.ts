import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  collect,
  cursorPages,
  cursorParam,
  paginate,
  type ListParams,
} from '../../../client/paginate.ts';
import {
  getQcRequest,
  listQcChecklists,
  listQcProcesses,
  listQcRequests,
  type QcProcessListParams,
} from '../../../client/qc.ts';
import { history } from '../../../client/team.ts';
import type { QcRequestList, QcRequestStatus } from '../../../contract/qc.ts';
import { areaKeys } from '../../area-keys.ts';
import { ownerOf } from '../../session.queries.ts';
import { queueListQuery } from './queue-request.ts';
import { normalize, scopeOf, type QueueFilters, type QueueScope } from './queue-view.ts';

// One factory for the queue, the review screen and the processes screen. Lists are scoped
// to the signed-in owner, read from the session; sign-out clears the cache, so the owner
// need not be part of the keys.

const LOOKUP_STALE = 5 * 60_000;

/**
 * A page's rows of `status` only. The list's filters are our reading of an endpoint the spec
 * does not show: a deployment that ignores `status` must not put decided requests in the
 * pending tab.
 */
export function ofStatus(page: QcRequestList, status: QcRequestStatus): QcRequestList {
  const rows = page.qcRequests.filter((request) => request.status === status);
  return rows.length === page.qcRequests.length ? page : { ...page, qcRequests: rows };
}

export const qcQueries = {
  all: areaKeys.qc,
  lists: () => [...qcQueries.all(), 'list'] as const,
  list: (filters: QueueFilters) => {
    const view = normalize(filters);
    return infiniteQueryOptions({
      queryKey: [...qcQueries.lists(), view] as const,
      queryFn: async ({ pageParam, signal, client }) => {
        const page = await listQcRequests(
          queueListQuery(await ownerOf(client), view, cursorParam(pageParam)),
          { signal },
        );
        return ofStatus(page, view.status);
      },
      ...cursorPages,
    });
  },
  allCounts: () => [...qcQueries.all(), 'counts'] as const,
  /** `totalCount` per status for the tabs (three `limit=1` requests); null when unknown. */
  counts: (filters: QueueScope) => {
    const scope = scopeOf(filters);
    return queryOptions({
      queryKey: [...qcQueries.allCounts(), scope] as const,
      queryFn: async ({ signal, client }): Promise<Record<QcRequestStatus, number> | null> => {
        const owner = await ownerOf(client);
        const count = async (status: QcRequestStatus) => {
          const page = await listQcRequests({ owner, status, ...scope, limit: 1 }, { signal });
          // A row of another status: the service ignores the filter, so its total counts
          // every status and would mislead.
          const ignored = page.qcRequests.some((request) => request.status !== status);
          return ignored ? null : page.pagination.totalCount;
        };
        const [pending, approved, rejected] = await Promise.all([
          count('pending'),
          count('approved'),
          count('rejected'),
        ]);
        if (pending === null || approved === null || rejected === null) return null;
        return { pending, approved, rejected };
      },
    });
  },
  /** A request's team history (the gateway's, review/history-timeline.tsx reads it). */
  history: areaKeys.qcHistory,
  teamHistory: (id: string) =>
    queryOptions({
      queryKey: qcQueries.history(id),
      queryFn: ({ signal }) => history(id, { signal }),
      // Kept current by the live queue (holds.ts invalidates it on a take-over or decision),
      // so the history prefetched for the next document is still good when it opens.
      staleTime: 60_000,
    }),
  /** The team's holds (the gateway's, holds.ts reads them). */
  holds: () => [...qcQueries.all(), 'holds'] as const,
  details: () => [...qcQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...qcQueries.details(), id] as const,
      queryFn: ({ signal }) => getQcRequest(id, { signal }),
    }),
  allProcesses: () => [...qcQueries.all(), 'processes'] as const,
  /** Every process of the owner: active (false), archived (true) or both (absent). */
  processes: (archived?: boolean) =>
    queryOptions({
      queryKey: [...qcQueries.allProcesses(), { archived: archived ?? 'any' }] as const,
      queryFn: async ({ signal, client }) => {
        const params: QcProcessListParams = { owner: await ownerOf(client), archived, limit: 500 };
        return collect(
          paginate((p: typeof params) => listQcProcesses(p, { signal }), params),
          'qcProcesses',
        );
      },
      staleTime: LOOKUP_STALE,
    }),
  checklists: () =>
    queryOptions({
      queryKey: [...qcQueries.all(), 'checklists'] as const,
      queryFn: async ({ signal, client }) => {
        const params: ListParams = { owner: await ownerOf(client), limit: 500 };
        return collect(
          paginate((p: typeof params) => listQcChecklists(p, { signal }), params),
          'qcChecklists',
        );
      },
      staleTime: LOOKUP_STALE,
    }),
};
