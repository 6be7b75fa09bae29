import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../query-client.ts';
import { filtersFromSearch, qcQueries } from '../qc.queries.ts';

/** The first page of the queue, asked for while the screen's own code is still arriving. */
export function loader({ request }: LoaderFunctionArgs) {
  const filters = filtersFromSearch(new URL(request.url).searchParams);
  void queryClient.prefetchInfiniteQuery(qcQueries.list(filters));
  return null;
}
