import { z } from '../../../../contract/zod.ts';

// The accounts list's view in the URL: `/accounts?order=crid&dir=asc&size=25&page=2&cursor=…`.
// The cursor is passed back exactly as the service gave it; `page` only numbers the rows shown.

export const PAGE_SIZES = [25, 50, 100] as const;

export const AccountListViewSchema = z.object({
  order: z.catch(z.enum(['crid', 'createdOn']), 'crid'),
  dir: z.catch(z.enum(['asc', 'desc']), 'asc'),
  size: z.catch(
    z.coerce.number().check(z.refine((n) => (PAGE_SIZES as readonly number[]).includes(n))),
    PAGE_SIZES[0],
  ),
  cursor: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
  page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(100_000))), 1),
});
export type AccountListView = z.infer<typeof AccountListViewSchema>;

export function viewFromSearch(params: URLSearchParams): AccountListView {
  const view = AccountListViewSchema.parse({
    order: params.get('order') ?? undefined,
    dir: params.get('dir') ?? undefined,
    size: params.get('size') ?? undefined,
    cursor: params.get('cursor') ?? undefined,
    page: params.get('page') ?? undefined,
  });
  // Without a cursor it is the first page, whatever `page` says.
  return view.cursor ? view : { ...view, page: 1 };
}

/** The search string (no `?`) for a view; defaults are left out, so `/accounts` is page one. */
export function viewToSearch(view: AccountListView): string {
  const params = new URLSearchParams();
  if (view.order !== 'crid') params.set('order', view.order);
  if (view.dir !== 'asc') params.set('dir', view.dir);
  if (view.size !== PAGE_SIZES[0]) params.set('size', String(view.size));
  if (view.cursor) {
    params.set('page', String(view.page));
    params.set('cursor', view.cursor);
  }
  return params.toString();
}

export const SORTS = [
  { value: 'crid:asc', label: 'CRID, A to Z' },
  { value: 'crid:desc', label: 'CRID, Z to A' },
  { value: 'createdOn:desc', label: 'Newest first' },
  { value: 'createdOn:asc', label: 'Oldest first' },
] as const;

/** A new sort or page size starts again at page one: cursors are bound to both. */
export function withSort(view: AccountListView, sort: string): AccountListView {
  const [order, dir] = sort.split(':');
  const parsed = AccountListViewSchema.parse({ order, dir, size: view.size });
  return { ...parsed, cursor: undefined, page: 1 };
}

export function withSize(view: AccountListView, size: number): AccountListView {
  return AccountListViewSchema.parse({ order: view.order, dir: view.dir, size });
}

/** "26–50 of 150" for the rows of a page. */
export function rangeLabel(view: AccountListView, shown: number, total: number): string {
  if (shown === 0) return `0 of ${total}`;
  const first = (view.page - 1) * view.size + 1;
  return `${first}–${first + shown - 1} of ${total}`;
}
