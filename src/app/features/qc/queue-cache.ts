import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { QcRequest, QcRequestList, QcRequestStatus } from '../../../contract/qc.ts';
import { qcQueries } from './qc.queries.ts';
import {
  QueueFiltersSchema,
  QueueScopeSchema,
  scopeOf,
  type QueueFilters,
  type QueueScope,
} from './queue-view.ts';

// The queue as the review screen sees it in the cache: neighbours to move to, and the
// optimistic removal of a decided request.

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
  skip: (id: string) => boolean = () => false,
): { previous?: QcRequest; next?: QcRequest; last?: true } {
  const items = cachedQueue(client, filters);
  const index = items.findIndex((request) => request.id === id);
  // Requests another reviewer is on are passed over both ways (ADR 020).
  const open = (request: QcRequest) => !skip(request.id);
  if (index < 0) {
    // Not in the queue (decided by someone else as it opened, say): "next" is the first open
    // request of the queue, so the reviewer never has to go back to the list to go on.
    const first = items.find(open);
    return first ? { next: first } : {};
  }
  const previous = items.slice(0, index).findLast(open);
  const next = items.slice(index + 1).find(open);
  return { ...(previous ? { previous } : {}), ...(next ? { next } : { last: true }) };
}

function withoutRow(data: ListData, id: string): ListData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      qcRequests: page.qcRequests.filter((r) => r.id !== id),
      pagination: {
        ...page.pagination,
        totalCount: Math.max(0, page.pagination.totalCount - 1),
      },
    })),
  };
}

/**
 * Drops a request's row from every cached pending list, the tab counts untouched: a decision
 * kept in the outbox (review/outbox/) stays in the list as "saving", its counts already
 * moved, and leaves once the service has it.
 */
export function dropFromLists(client: QueryClient, id: string): void {
  for (const query of client.getQueryCache().findAll({ queryKey: qcQueries.lists() })) {
    const filters = QueueFiltersSchema.safeParse(query.queryKey[2]);
    const data = query.state.data as ListData | undefined;
    if (!filters.success || filters.data.status !== 'pending' || !data) continue;
    if (!data.pages.some((page) => page.qcRequests.some((r) => r.id === id))) continue;
    client.setQueryData<ListData>(query.queryKey, withoutRow(data, id));
  }
}

const sameScope = (a: QueueScope, b: QueueScope) =>
  a.processId === b.processId && a.checklistId === b.checklistId && a.firmId === b.firmId;

/**
 * Optimistically drops a pending request from every cached pending list and moves it in the
 * cached tab counts (from pending to `decided`, when given). Returns the rollback. With
 * `rows: false` only the counts move (a decision in the outbox stays listed as "saving").
 *
 * Call it from a mutation's `onMutate` after `await client.cancelQueries({ queryKey:
 * qcQueries.lists() })` and the same for `qcQueries.allCounts()`: a fetch under way would
 * otherwise write the old data back. Invalidate both keys when the mutation settles.
 */
export function removeFromQueue(
  client: QueryClient,
  id: string,
  decided?: Exclude<QcRequestStatus, 'pending'>,
  { rows = true }: { rows?: boolean } = {},
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
    if (!rows) continue;
    snapshot.push([query.queryKey, data]);
    client.setQueryData<ListData>(query.queryKey, withoutRow(data, id));
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
