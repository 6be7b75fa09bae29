import type { z } from '../contract/zod.ts';
import type { ListQuerySchema, Pagination } from '../contract/common.ts';
import { ApiError } from './api-error.ts';

/** The parameters every list takes: `owner` (required), `limit`, `cursor`, `orderBy`, `orderDirection`. */
export type ListParams = z.input<typeof ListQuerySchema>;

/** Any list answer of the spec: a resource-named array plus `pagination`. */
export interface Page {
  pagination: Pagination;
}

/**
 * Every page of a list, first to last. Cursors are opaque (the spec may change their format
 * without notice) and bound to the other parameters, so each is sent back exactly as received
 * with the same params; '' means there is no further page.
 */
export async function* paginate<P extends { cursor?: string | undefined }, T extends Page>(
  fetchPage: (params: P) => Promise<T>,
  params: P,
): AsyncGenerator<T, void, undefined> {
  let cursor = params.cursor;
  for (;;) {
    const page = await fetchPage({ ...params, cursor });
    yield page;
    const next = page.pagination.nextCursor;
    if (next === '') return;
    // A service that hands back the cursor it was given would have us loop for ever.
    if (next === cursor) {
      throw new ApiError({
        code: 'unexpected-response',
        status: 200,
        message: 'unexpected response from the service: the list returned the same cursor again',
      });
    }
    cursor = next;
  }
}

/** Collects every item of a list under `key`, e.g. `await collect(paginate(...), 'firms')`. */
export async function collect<K extends string, T extends Page & Record<K, readonly unknown[]>>(
  pages: AsyncIterable<T>,
  key: K,
): Promise<T[K][number][]> {
  const items: T[K][number][] = [];
  for await (const page of pages) items.push(...page[key]);
  return items;
}

// TanStack Query infinite queries: `initialPageParam: ''` and the page param is the cursor.
// '' stands for "the first page" going in and "no page" coming out.

/** The infinite query's first page param: no cursor. */
export const FIRST_PAGE: string = '';

/** The `cursor` query value for a page param: '' (the first page) sends none. */
export const cursorParam = (pageParam: string): string | undefined => pageParam || undefined;

/** For `getNextPageParam`: the next cursor as received, or undefined at the end. */
export const getNextPageParam = (lastPage: Page): string | undefined =>
  lastPage.pagination.nextCursor || undefined;

/** For `getPreviousPageParam`: the previous cursor as received, or undefined at the start. */
export const getPreviousPageParam = (firstPage: Page): string | undefined =>
  firstPage.pagination.previousCursor || undefined;

/** Spread into `infiniteQueryOptions({...cursorPages, queryKey, queryFn})`. */
export const cursorPages = {
  initialPageParam: FIRST_PAGE,
  getNextPageParam,
  getPreviousPageParam,
};
