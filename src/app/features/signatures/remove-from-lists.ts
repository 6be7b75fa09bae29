import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { SignatureRequest, SignatureRequestList } from '../../../contract/signatures.ts';
import { statusOf } from './request-status.tsx';
import { signatureQueries, type StatusCounts } from './signatures.queries.ts';

/**
 * Takes a request out of every cached list page and out of the tab counts at once, so a
 * deletion shows before the service answers. Returns the rollback for a refusal.
 *
 * Call it after cancelling fetches of `lists()` and `allCounts()` (one under way would write
 * the old data back), and invalidate both when the deletion settles.
 */
export function removeFromLists(client: QueryClient, request: SignatureRequest): () => void {
  const snapshot: [QueryKey, unknown][] = [];
  for (const [key, page] of client.getQueriesData<SignatureRequestList>({
    queryKey: signatureQueries.lists(),
  })) {
    if (!page?.signatureRequests.some((r) => r.id === request.id)) continue;
    snapshot.push([key, page]);
    client.setQueryData<SignatureRequestList>(key, {
      signatureRequests: page.signatureRequests.filter((r) => r.id !== request.id),
      pagination: {
        ...page.pagination,
        totalCount: Math.max(0, page.pagination.totalCount - 1),
      },
    });
  }
  const countsKey = signatureQueries.counts().queryKey;
  const counts = client.getQueryData<StatusCounts>(countsKey);
  if (counts) {
    const status = statusOf(request);
    snapshot.push([countsKey, counts]);
    client.setQueryData<StatusCounts>(countsKey, {
      ...counts,
      all: Math.max(0, counts.all - 1),
      [status]: Math.max(0, counts[status] - 1),
    });
  }
  return () => {
    for (const [key, data] of snapshot) client.setQueryData(key, data);
  };
}
