import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from '../../../contract/zod.ts';
import { getUser, listUsers } from '../../../client/users.ts';
import type { UserField } from '../../../contract/users.ts';
import { ownerOf } from '../../session.queries.ts';

// The users list and a user's detail. Lists are scoped to the signed-in owner, read from
// the session; sign-out clears the cache, so the owner need not be part of the keys.

export const USER_ORDERS = {
  name: { orderBy: 'displayName', orderDirection: 'asc', label: 'Name, A to Z' },
  'name-desc': { orderBy: 'displayName', orderDirection: 'desc', label: 'Name, Z to A' },
  newest: { orderBy: 'createdOn', orderDirection: 'desc', label: 'Newest first' },
  oldest: { orderBy: 'createdOn', orderDirection: 'asc', label: 'Oldest first' },
} as const;
export type UserOrder = keyof typeof USER_ORDERS;

export const USER_PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

/** The list view a URL names; anything invalid falls back to the default. */
export const UsersViewSchema = z.object({
  order: z.catch(z.enum(Object.keys(USER_ORDERS) as [UserOrder, ...UserOrder[]]), 'name'),
  size: z.catch(
    z.coerce.number().check(z.refine((n) => (USER_PAGE_SIZES as readonly number[]).includes(n))),
    DEFAULT_PAGE_SIZE,
  ),
  // Opaque: passed back exactly as the service gave it (spec, Pagination).
  cursor: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
  // For "showing 26-50" only; the cursor decides which rows come back.
  page: z.catch(z.pipe(z.coerce.number(), z.int().check(z.gte(1))), 1),
});
export type UsersView = z.infer<typeof UsersViewSchema>;

export function viewFromSearch(params: URLSearchParams): UsersView {
  return UsersViewSchema.parse({
    order: params.get('order') ?? undefined,
    // `limit` is what the list's links said before it was `size`, as the other lists say.
    size: params.get('size') ?? params.get('limit') ?? undefined,
    cursor: params.get('cursor') ?? undefined,
    page: params.get('page') ?? undefined,
  });
}

/** The search string (no `?`) of a view; defaults are left out, so links stay short. */
export function viewToSearch(view: UsersView): string {
  const params = new URLSearchParams();
  if (view.order !== 'name') params.set('order', view.order);
  if (view.size !== DEFAULT_PAGE_SIZE) params.set('size', String(view.size));
  if (view.cursor) {
    params.set('cursor', view.cursor);
    if (view.page > 1) params.set('page', String(view.page));
  }
  return params.toString();
}

/** The notary flag and the image URLs, which a list leaves out unless asked (spec, User). */
export const LIST_FIELDS: readonly UserField[] = [
  'isNotary',
  'signatureImageUrl',
  'notarySealImageUrl',
];

export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  list: (view: UsersView) => {
    const { order, size, cursor } = view;
    return queryOptions({
      queryKey: [...userQueries.lists(), { order, size, cursor }] as const,
      queryFn: async ({ signal, client }) =>
        listUsers(
          {
            owner: await ownerOf(client),
            limit: size,
            orderBy: USER_ORDERS[order].orderBy,
            orderDirection: USER_ORDERS[order].orderDirection,
            cursor,
            fields: LIST_FIELDS,
          },
          { signal },
        ),
      // Paging keeps the old page on screen until the next one arrives.
      placeholderData: keepPreviousData,
    });
  },
  details: () => [...userQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...userQueries.details(), id] as const,
      queryFn: ({ signal }) => getUser(id, { signal }),
    }),
};
