import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listFirms } from '../../../client/accounts.ts';
import { ownerOf } from '../../session.queries.ts';
import type { FirmsView } from './firms-view.ts';

// One page of the firm list per key, so Back and Forward are answered from the cache. The
// QC filters keep every firm under ['firms', 'list'] (qc.queries.ts); invalidating
// `firmsQueries.all()` refreshes both. Sign-out clears the cache, so the owner is not keyed.

export const firmsQueries = {
  all: () => ['firms'] as const,
  pages: () => [...firmsQueries.all(), 'page'] as const,
  page: ({ dir, size, cursor }: FirmsView) =>
    queryOptions({
      // `page` is only a label for the count; the cursor alone names the rows.
      queryKey: [...firmsQueries.pages(), { dir, size, cursor: cursor ?? '' }] as const,
      queryFn: async ({ signal, client }) =>
        listFirms(
          {
            owner: await ownerOf(client),
            orderBy: 'name',
            orderDirection: dir,
            limit: size,
            cursor,
          },
          { signal },
        ),
      // The rows on screen stay while the next page loads, instead of a spinner per click.
      placeholderData: keepPreviousData,
    }),
};
