import { queryOptions } from '@tanstack/react-query';
import { listSignatureRequests, listTransactions } from '../../../client/signatures.ts';
import type { TransactionStatus } from '../../../contract/signatures.ts';
import { ownerOf } from '../../session.queries.ts';

// The signed-in user's transactions (the spec's list is not paged: one request answers all),
// and the names the rows show for ids: people, and the matter of each signature request.
// Sign-out clears the cache, so neither the user nor the owner is part of the keys.

const LOOKUP_STALE = 5 * 60_000;

export const transactionQueries = {
  all: () => ['transactions'] as const,
  lists: () => [...transactionQueries.all(), 'list'] as const,
  /** No status: every transaction (and the counts per status). */
  list: (statuses: readonly TransactionStatus[]) =>
    queryOptions({
      queryKey: [...transactionQueries.lists(), { statuses: [...statuses] }] as const,
      queryFn: async ({ signal }) => {
        const answer = await listTransactions(
          statuses.length ? { filter: { field: 'status', values: [...statuses] } } : {},
          { signal },
        );
        // The filter's name and form are our reading of the spec (#18): a deployment that
        // names it otherwise ignores it, and the rows (which carry their status) say so.
        if (!statuses.length) return answer;
        const wanted: ReadonlySet<string> = new Set(statuses);
        return { transactions: answer.transactions.filter((t) => wanted.has(t.status)) };
      },
    }),
  /**
   * Matter references of the newest 500 signature requests, to label the links: one bounded
   * request, where fetching every linked request would cost one call per link. Older ones
   * show their short id.
   */
  matters: () =>
    queryOptions({
      queryKey: [...transactionQueries.all(), 'matters'] as const,
      queryFn: async ({ signal, client }) => {
        const { signatureRequests } = await listSignatureRequests(
          {
            owner: await ownerOf(client),
            limit: 500,
            orderBy: 'createdOn',
            orderDirection: 'desc',
          },
          { signal },
        );
        return new Map(signatureRequests.map((r) => [r.id, r.file.matterReference]));
      },
      staleTime: LOOKUP_STALE,
    }),
};
