import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../query-client.ts';
import { qcQueries } from '../qc.queries.ts';
import { filtersFromSearch } from '../queue-view.ts';

/** The first page of the queue, asked for while the screen's own code is still arriving. */
export function loader({ request }: LoaderFunctionArgs) {
  const filters = filtersFromSearch(new URL(request.url).searchParams);
  void queryClient.prefetchInfiniteQuery(qcQueries.list(filters));
  return null;
}
