import type { LoaderFunctionArgs } from 'react-router';
import { adoptExpectedFirstPage } from '../../../pdf/first-page.ts';
import { queryClient } from '../../../query-client.ts';
import { qcQueries } from '../qc.queries.ts';
import { filtersFromSearch } from '../queue-view.ts';

// Apart from the screen, which brings pdf.js: the router loads this small module beside the
// screen's code, so the request is asked for while pdf.js is still arriving (speed target: first
// page painted in under 600 ms).

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.qcrId ?? '';
  const filters = filtersFromSearch(new URL(request.url).searchParams);
  // The list the reviewer came from, so "next" knows where to go even on a direct link.
  // Only when there is none: a list refetched on every decision would be parsed while the
  // next document draws. The queue itself refreshes when it is shown again.
  void queryClient.ensureInfiniteQueryData(qcQueries.list(filters)).catch(() => {});
  // The PDF opens on pdf.js's worker while the screen renders, rather than after.
  const [qcRequest, { preparePdf }] = await Promise.all([
    queryClient.ensureQueryData(qcQueries.detail(id)),
    import('../../../pdf/pdf-documents.ts'),
  ]);
  preparePdf(qcRequest.fileUrl);
  // Opened by a click held on the queue's first screen: its first page's image stands in.
  adoptExpectedFirstPage(id, qcRequest.fileUrl);
  return qcRequest;
}
