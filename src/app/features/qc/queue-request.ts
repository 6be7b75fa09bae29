import type { QueueFilters } from './queue-view.ts';

// What the queue asks the service for, in one place for the queue's query (qc.queries.ts)
// and the page's first script (src/app/first-visit/first-screen.ts), which asks for the first page
// before the libraries arrive; the same view gives the same URL, so the early answer is taken. No
// zod here, for that first script.

/**
 * Rows a page: a first screen holds about a dozen, so the first page arrives quickly on a
 * slow link (ADR 017) and the next is fetched once the rows are shown. The spec keeps the
 * limit the same across a cursor's pages.
 */
export const QUEUE_PAGE_SIZE = 25;

/** The list's query for a view, `cursor` for a page after the first. */
export function queueListQuery(owner: string, view: QueueFilters, cursor?: string) {
  return {
    owner,
    status: view.status,
    ...(view.processId ? { processId: view.processId } : {}),
    ...(view.checklistId ? { checklistId: view.checklistId } : {}),
    ...(view.firmId ? { firmId: view.firmId } : {}),
    limit: QUEUE_PAGE_SIZE,
    orderBy: 'createdOn' as const,
    orderDirection: view.order === 'newest' ? ('desc' as const) : ('asc' as const),
    cursor,
  };
}

/**
 * The view of a queue page's search when it is the plain pending queue (`status` and
 * `order` only, each absent or valid), as filtersFromSearch reads it; undefined for any other
 * view, which the first script leaves to the queue's own code.
 */
export function plainPendingView(search: string): QueueFilters | undefined {
  const params = new URLSearchParams(search);
  if ([...params.keys()].some((name) => name !== 'status' && name !== 'order')) return undefined;
  const status = params.get('status') ?? 'pending';
  const order = params.get('order') ?? 'oldest';
  if (status !== 'pending' || (order !== 'oldest' && order !== 'newest')) return undefined;
  return { status, order };
}
