import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from '../../../contract/zod.ts';
import { listFiles } from '../../../client/files.ts';
import { cursorPages, cursorParam } from '../../../client/paginate.ts';
import { getSignatureRequest, listSignatureRequests } from '../../../client/signatures.ts';
import {
  SignatureRequestStatusSchema,
  type SignatureRequestStatus,
} from '../../../contract/signatures.ts';
import type { SignatureRequest } from '../../../contract/signatures.ts';
import { ownerOf } from '../../session.queries.ts';
import { rowsCarryStatus, statusToAsk } from './status-field.ts';

// One factory for the list, its tab counts, the detail and the files a new request can use.
// Lists are scoped to the signed-in owner (sign-out clears the cache), so keys leave it out.

export const PAGE_SIZE = 25;
const FILES_PAGE_SIZE = 50;

/**
 * A list view as the URL holds it: `?status=awaitingWetInk&order=oldest&cursor=…`. Invalid
 * values fall back to the defaults; the cursor is passed back exactly as the service gave it.
 */
export const ListViewSchema = z.object({
  status: z.catch(z.optional(SignatureRequestStatusSchema), undefined),
  order: z.catch(z.enum(['newest', 'oldest']), 'newest'),
  cursor: z.catch(z.optional(z.string()), undefined),
});
export type ListView = z.infer<typeof ListViewSchema>;

export function viewFromSearch(params: URLSearchParams): ListView {
  return ListViewSchema.parse({
    status: params.get('status') || undefined,
    order: params.get('order') ?? undefined,
    cursor: params.get('cursor') || undefined,
  });
}

/** The search string (no `?`) for a view; the default order is left out. */
export function searchOf(view: ListView): string {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.order !== 'newest') params.set('order', view.order);
  if (view.cursor) params.set('cursor', view.cursor);
  return params.toString();
}

/** Same view, same key: absent values are left out rather than kept as undefined. */
const keyOf = (view: ListView) => ({
  order: view.order,
  ...(view.status ? { status: view.status } : {}),
  ...(view.cursor ? { cursor: view.cursor } : {}),
});

export type StatusCounts = Record<SignatureRequestStatus | 'all', number>;

/** Any page of requests that has rows tells whether the deployment sends `status`. */
function noteStatusField(client: QueryClient, rows: readonly SignatureRequest[]) {
  const carries = rowsCarryStatus(rows);
  const key = signatureQueries.statusField().queryKey;
  if (carries !== undefined && client.getQueryData(key) !== carries)
    client.setQueryData(key, carries);
}

/** Whether the status filter may be sent: asks the deployment once, if nothing has told yet. */
const carriesStatus = (client: QueryClient) => client.fetchQuery(signatureQueries.statusField());

export const signatureQueries = {
  all: () => ['signatures'] as const,
  lists: () => [...signatureQueries.all(), 'list'] as const,
  /** One page of a view: the cursor is part of the view, so a reload lands on the same page. */
  list: (view: ListView) =>
    queryOptions({
      queryKey: [...signatureQueries.lists(), keyOf(view)] as const,
      queryFn: async ({ signal, client }) => {
        const owner = await ownerOf(client);
        const status = view.status && statusToAsk(view.status, await carriesStatus(client));
        const page = await listSignatureRequests(
          {
            owner,
            limit: PAGE_SIZE,
            orderBy: 'createdOn',
            orderDirection: view.order === 'newest' ? 'desc' : 'asc',
            status,
            cursor: view.cursor,
          },
          { signal },
        );
        noteStatusField(client, page.signatureRequests);
        return page;
      },
    }),
  /**
   * Whether this deployment's requests carry `status` (status-field.ts), from one request of
   * the unfiltered list: null while there is none to tell by, and then asked again when next
   * needed. Any list page with rows updates it too.
   */
  statusField: () =>
    queryOptions({
      queryKey: [...signatureQueries.all(), 'statusField'] as const,
      queryFn: async ({ signal, client }) => {
        const owner = await ownerOf(client);
        const page = await listSignatureRequests({ owner, limit: 1 }, { signal });
        return rowsCarryStatus(page.signatureRequests) ?? null;
      },
      staleTime: ({ state }) => (state.data === null ? 0 : Infinity),
    }),
  allCounts: () => [...signatureQueries.all(), 'counts'] as const,
  /** `totalCount` for every tab: five `limit=1` requests; null where there are no tabs. */
  counts: () =>
    queryOptions({
      queryKey: signatureQueries.allCounts(),
      queryFn: async ({ signal, client }): Promise<StatusCounts | null> => {
        if (!(await carriesStatus(client))) return null;
        const owner = await ownerOf(client);
        const count = async (status?: SignatureRequestStatus) =>
          (await listSignatureRequests({ owner, status, limit: 1 }, { signal })).pagination
            .totalCount;
        const [all, pending, awaitingWetInk, wetInkUploaded, completed] = await Promise.all([
          count(),
          count('pending'),
          count('awaitingWetInk'),
          count('wetInkUploaded'),
          count('completed'),
        ]);
        return { all, pending, awaitingWetInk, wetInkUploaded, completed };
      },
    }),
  details: () => [...signatureQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...signatureQueries.details(), id] as const,
      queryFn: ({ signal }) => getSignatureRequest(id, { signal }),
    }),
  /** The owner's files, newest first, for choosing what a new request is for. */
  files: () =>
    infiniteQueryOptions({
      queryKey: [...signatureQueries.all(), 'files'] as const,
      queryFn: async ({ pageParam, signal, client }) =>
        listFiles(
          {
            owner: await ownerOf(client),
            limit: FILES_PAGE_SIZE,
            orderBy: 'createdOn',
            orderDirection: 'desc',
            cursor: cursorParam(pageParam),
          },
          { signal },
        ),
      ...cursorPages,
      staleTime: 60_000,
    }),
};
