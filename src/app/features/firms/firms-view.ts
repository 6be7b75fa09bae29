import { z } from '../../../contract/zod.ts';
import { MAX_LIST_LIMIT, OrderDirectionSchema } from '../../../contract/common.ts';

// Where a person is in the firm list, held in the URL: `/firms?dir=asc&size=25&page=3&cursor=…`.
//
// The spec's lists hand back `previousCursor` as well as `nextCursor` (docs/interface-gaps.md:
// it goes back exactly one page), so the URL needs only the cursor of the page on screen, not
// the stack of every cursor on the way: a stack grows by ~150 characters a page, and at
// size=1 a few hundred pages would outgrow what a server accepts in a request line. `page`
// is kept beside the cursor only to say "Showing 26–50"; cursors are opaque, so it cannot
// be read from them.

export const PAGE_SIZES = [10, 25, 50, 100, 250, 500] as const;
export const DEFAULT_PAGE_SIZE = 25;

// Digits only: Number() would also take ' 5', '1e2' and '0x10', which no link of ours holds.
const wholeNumber = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^\d{1,7}$/)), z.transform(Number)),
    z.int().check(z.gte(min)).check(z.lte(max)),
  );
const SizeSchema = z.catch(wholeNumber(1, MAX_LIST_LIMIT), DEFAULT_PAGE_SIZE);
const PageSchema = z.catch(wholeNumber(2, 1_000_000), 2);

export interface FirmsView {
  dir: z.infer<typeof OrderDirectionSchema>;
  size: number;
  /** The cursor the page on screen was fetched with; absent on the first page. */
  cursor?: string;
  /** 1-based number of the page on screen: 1 without a cursor, at least 2 with one. */
  page: number;
}

/** The view a URL names. Anything unusable falls back to the first page, A to Z, 25 a page. */
export function viewFromSearch(params: URLSearchParams): FirmsView {
  const dir = z.catch(OrderDirectionSchema, 'asc').parse(params.get('dir'));
  const size = SizeSchema.parse(params.get('size') ?? undefined);
  const cursor = params.get('cursor');
  if (!cursor) return { dir, size, page: 1 };
  // A cursor without a believable page number still pages correctly; only the count guesses.
  const page = PageSchema.parse(params.get('page') ?? undefined);
  return { dir, size, cursor, page };
}

/** The search string (no `?`) for a view; the same view always gives the same string. */
export function viewToSearch(view: FirmsView): string {
  const params = new URLSearchParams({ dir: view.dir, size: String(view.size) });
  if (view.cursor) {
    params.set('page', String(view.page));
    params.set('cursor', view.cursor);
  }
  return params.toString();
}

/** The first page of the same order and size. */
export const firstPage = ({ dir, size }: FirmsView): FirmsView => ({ dir, size, page: 1 });

/** The page after this one, given the page's `nextCursor` ('' on the last page: none). */
export function nextPage(view: FirmsView, nextCursor: string): FirmsView | undefined {
  if (!nextCursor) return undefined;
  return { dir: view.dir, size: view.size, cursor: nextCursor, page: view.page + 1 };
}

/**
 * The page before this one, given the page's `previousCursor` ('' on the first page: none).
 * Going back to page 1 drops the cursor, so the first page always has the same address.
 */
export function previousPage(view: FirmsView, previousCursor: string): FirmsView | undefined {
  if (!previousCursor) return undefined;
  if (view.page <= 2) return firstPage(view);
  return { dir: view.dir, size: view.size, cursor: previousCursor, page: view.page - 1 };
}

/**
 * The 1-based range of the rows on screen, for "Showing 26–50 of 312". The service's answer
 * wins over the URL where it knows better: no previous page means the first rows, no next page
 * means the last rows (a shared link with a stale or edited `page` still counts right there).
 */
export function shownRange(
  view: FirmsView,
  page: { rows: number; totalCount: number; previousCursor: string; nextCursor: string },
): { from: number; to: number; total: number } {
  const { rows, totalCount } = page;
  if (rows === 0) return { from: 0, to: 0, total: totalCount };
  let offset = (view.page - 1) * view.size;
  if (!page.previousCursor) offset = 0;
  else if (!page.nextCursor) offset = Math.max(0, totalCount - rows);
  return { from: offset + 1, to: offset + rows, total: totalCount };
}
