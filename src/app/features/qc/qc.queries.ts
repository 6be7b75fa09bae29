import {
  infiniteQueryOptions,
  queryOptions,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { z } from '../../../contract/zod.ts';
import { listFirms, type FirmListParams } from '../../../client/accounts.ts';
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
import { UuidSchema } from '../../../contract/common.ts';
import {
  QcRequestStatusSchema,
  type QcRequest,
  type QcRequestList,
  type QcRequestStatus,
} from '../../../contract/qc.ts';
import { ownerOf } from '../../session.queries.ts';

// One factory for the queue, the review screen and the processes screen. Lists are scoped
// to the signed-in owner, read from the session; sign-out clears the cache, so the owner
// need not be part of the keys.

/** A queue view: which requests, in which order. Invalid values fall back to the defaults. */
export const QueueFiltersSchema = z.object({
  status: z.catch(QcRequestStatusSchema, 'pending'),
  processId: z.catch(z.optional(UuidSchema), undefined),
  checklistId: z.catch(z.optional(UuidSchema), undefined),
  firmId: z.catch(z.optional(UuidSchema), undefined),
  order: z.catch(z.enum(['oldest', 'newest']), 'oldest'),
});
export type QueueFilters = z.infer<typeof QueueFiltersSchema>;
export type QueueOrder = QueueFilters['order'];
/** The filters that narrow every tab alike (the counts depend on these only). */
export type QueueScope = Pick<QueueFilters, 'processId' | 'checklistId' | 'firmId'>;
const QueueScopeSchema = z.pick(QueueFiltersSchema, {
  processId: true,
  checklistId: true,
  firmId: true,
});

export const QUEUE_PAGE_SIZE = 100;
const LOOKUP_STALE = 5 * 60_000;

/** Same view, same key: absent filters are left out rather than kept as undefined. */
const scopeOf = ({ processId, checklistId, firmId }: QueueScope): QueueScope => ({
  ...(processId ? { processId } : {}),
  ...(checklistId ? { checklistId } : {}),
  ...(firmId ? { firmId } : {}),
});
const normalize = (filters: QueueFilters): QueueFilters => ({
  status: filters.status,
  order: filters.order,
  ...scopeOf(filters),
});

export const qcQueries = {
  all: () => ['qc'] as const,
  lists: () => [...qcQueries.all(), 'list'] as const,
  list: (filters: QueueFilters) => {
    const view = normalize(filters);
    return infiniteQueryOptions({
      queryKey: [...qcQueries.lists(), view] as const,
      queryFn: async ({ pageParam, signal, client }) =>
        listQcRequests(
          {
            owner: await ownerOf(client),
            status: view.status,
            ...scopeOf(view),
            limit: QUEUE_PAGE_SIZE,
            orderBy: 'createdOn',
            orderDirection: view.order === 'newest' ? 'desc' : 'asc',
            cursor: cursorParam(pageParam),
          },
          { signal },
        ),
      ...cursorPages,
    });
  },
  allCounts: () => [...qcQueries.all(), 'counts'] as const,
  /** `totalCount` per status for the tabs: three `limit=1` requests. */
  counts: (filters: QueueScope) => {
    const scope = scopeOf(filters);
    return queryOptions({
      queryKey: [...qcQueries.allCounts(), scope] as const,
      queryFn: async ({ signal, client }): Promise<Record<QcRequestStatus, number>> => {
        const owner = await ownerOf(client);
        const count = async (status: QcRequestStatus) =>
          (await listQcRequests({ owner, status, ...scope, limit: 1 }, { signal })).pagination
            .totalCount;
        const [pending, approved, rejected] = await Promise.all([
          count('pending'),
          count('approved'),
          count('rejected'),
        ]);
        return { pending, approved, rejected };
      },
    });
  },
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

export const firmQueries = {
  all: () => ['firms'] as const,
  list: () =>
    queryOptions({
      queryKey: [...firmQueries.all(), 'list'] as const,
      queryFn: async ({ signal, client }) => {
        const params: FirmListParams = {
          owner: await ownerOf(client),
          limit: 500,
          orderBy: 'name',
        };
        return collect(
          paginate((p: typeof params) => listFirms(p, { signal }), params),
          'firms',
        );
      },
      staleTime: LOOKUP_STALE,
    }),
};

// ---- The queue view in the URL: `/qc?status=pending&order=oldest&process=…` ----

/** The view a URL's search names (`status`, `process`, `checklist`, `firm`, `order`). */
export function filtersFromSearch(params: URLSearchParams): QueueFilters {
  return QueueFiltersSchema.parse({
    status: params.get('status') ?? undefined,
    processId: params.get('process') || undefined,
    checklistId: params.get('checklist') || undefined,
    firmId: params.get('firm') || undefined,
    order: params.get('order') ?? undefined,
  });
}

/** The search string (no `?`) for a view; the same view always gives the same string. */
export function queueSearch(filters: QueueFilters): string {
  const params = new URLSearchParams({ status: filters.status, order: filters.order });
  if (filters.processId) params.set('process', filters.processId);
  if (filters.checklistId) params.set('checklist', filters.checklistId);
  if (filters.firmId) params.set('firm', filters.firmId);
  return params.toString();
}

// ---- Cache helpers for the review screen ----

type ListData = InfiniteData<QcRequestList, string>;

/** The requests of a cached list, in order (empty when the list is not cached). */
export function cachedQueue(client: QueryClient, filters: QueueFilters): QcRequest[] {
  const data = client.getQueryData(qcQueries.list(filters).queryKey);
  return data?.pages.flatMap((page) => page.qcRequests) ?? [];
}

/**
 * The requests before and after `id` in the cached list of a view; `last` when `id` is the
 * last one loaded (the next, if any, is on a page not fetched yet).
 */
export function queueNeighbours(
  client: QueryClient,
  filters: QueueFilters,
  id: string,
): { previous?: QcRequest; next?: QcRequest; last?: true } {
  const items = cachedQueue(client, filters);
  const index = items.findIndex((request) => request.id === id);
  if (index < 0) return {};
  return {
    ...(items[index - 1] ? { previous: items[index - 1] } : {}),
    ...(items[index + 1] ? { next: items[index + 1] } : { last: true }),
  };
}

const sameScope = (a: QueueScope, b: QueueScope) =>
  a.processId === b.processId && a.checklistId === b.checklistId && a.firmId === b.firmId;

/**
 * Optimistically drops a pending request from every cached pending list and moves it in the
 * cached tab counts (from pending to `decided`, when given). Returns the rollback.
 *
 * Call it from a mutation's `onMutate` after `await client.cancelQueries({ queryKey:
 * qcQueries.lists() })` and the same for `qcQueries.allCounts()`: a fetch under way would
 * otherwise write the old data back. Invalidate both keys when the mutation settles.
 */
export function removeFromQueue(
  client: QueryClient,
  id: string,
  decided?: Exclude<QcRequestStatus, 'pending'>,
): () => void {
  const snapshot: [QueryKey, unknown][] = [];
  const scopesHolding: QueueScope[] = [];
  let removed: QcRequest | undefined;

  for (const query of client.getQueryCache().findAll({ queryKey: qcQueries.lists() })) {
    const filters = QueueFiltersSchema.safeParse(query.queryKey[2]);
    const data = query.state.data as ListData | undefined;
    if (!filters.success || filters.data.status !== 'pending' || !data) continue;
    const found = data.pages.flatMap((p) => p.qcRequests).find((r) => r.id === id);
    if (!found) continue;
    removed = found;
    scopesHolding.push(filters.data);
    snapshot.push([query.queryKey, data]);
    client.setQueryData<ListData>(query.queryKey, {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        qcRequests: page.qcRequests.filter((r) => r.id !== id),
        pagination: {
          ...page.pagination,
          totalCount: Math.max(0, page.pagination.totalCount - 1),
        },
      })),
    });
  }

  for (const [key, counts] of client.getQueriesData<Record<QcRequestStatus, number>>({
    queryKey: qcQueries.allCounts(),
  })) {
    const parsed = QueueScopeSchema.safeParse(key[2]);
    if (!counts || !parsed.success) continue;
    const scope = scopeOf(parsed.data);
    // Counted in this scope: the scope holds it in a cached list, or the scope is
    // "everything", or only the firm, which the request names itself.
    const counted =
      scopesHolding.some((s) => sameScope(scopeOf(s), scope)) ||
      sameScope(scope, {}) ||
      (removed !== undefined && sameScope(scope, { firmId: removed.document.firmId }));
    if (!counted) continue;
    snapshot.push([key, counts]);
    client.setQueryData(key, {
      ...counts,
      pending: Math.max(0, counts.pending - 1),
      ...(decided ? { [decided]: counts[decided] + 1 } : {}),
    });
  }

  return () => {
    for (const [key, data] of snapshot) client.setQueryData(key, data);
  };
}
