import type { LoaderFunctionArgs } from 'react-router';
import {
  adoptExpectedFirstPage,
  cameSlowly,
  firstPageSettled,
  standInFirstPage,
} from '../../../pdf/first-page.ts';
import { loadPdfPreview, pdfPreviewLoaded } from '../../../pdf/lazy-pdf-preview.tsx';
import { drawnAheadUrl } from '../../../pdf/pdf-standby.ts';
import { lookupQueries } from '../../../lookups.queries.ts';
import { queryClient } from '../../../query-client.ts';
import { qcQueries } from '../qc.queries.ts';
import { filtersFromSearch } from '../queue-view.ts';

// Apart from the screen: the router loads this small module beside the screen's code, so the
// request is asked for, and pdf.js (a chunk of its own) is on its way, before either has come
// (speed target: first page painted in under 600 ms).

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.qcrId ?? '';
  const filters = filtersFromSearch(new URL(request.url).searchParams);
  // The list the reviewer came from, so "next" knows where to go even on a direct link.
  // Only when there is none: a list refetched on every decision would be parsed while the
  // next document draws. The queue itself refreshes when it is shown again.
  void queryClient.ensureInfiniteQueryData(qcQueries.list(filters)).catch(() => {});
  // The names the facts show, beside the request rather than after the screen renders.
  void queryClient.prefetchQuery(lookupQueries.users());
  void queryClient.prefetchQuery(lookupQueries.firms());
  const loadPdf = () =>
    Promise.all([loadPdfPreview(), import('../../../pdf/pdf-documents.ts')] as const);
  // On a fast link pdf.js is a moment away: asked for at once, beside the request. On a slow
  // link the first page's image stands in for pdf.js's page: the page's first script asked
  // for it (a review opened cold, or by a click held on the queue's first screen), or it is
  // asked for now (a review opened in the app before pdf.js has come), and pdf.js (hundreds
  // of kilobytes) comes after it, not beside it.
  const slow = cameSlowly();
  const early = slow ? undefined : loadPdf();
  standInFirstPage(id, pdfPreviewLoaded());
  const qcRequest = await queryClient.ensureQueryData(qcQueries.detail(id));
  const url = qcRequest.fileUrl;
  const standIn = adoptExpectedFirstPage(id, url);
  const pdf = early ?? firstPageSettled(url).then(loadPdf);
  // A failure is the preview's to show (lazy-pdf-preview.tsx), not a rejection nobody heard.
  pdf.catch(() => {});
  // The PDF opens on pdf.js's worker while the screen renders, rather than after.
  // Not one drawn ahead whole (approve and next), which holds its own.
  const opened = pdf.then(([, { preparePdf }]) => {
    if (url !== drawnAheadUrl()) preparePdf(url);
  });
  // On a slow link, with the gateway's image of the first page to show, the screen does not
  // wait for pdf.js (seconds more there): its checklist is usable meanwhile, and the preview
  // takes pdf.js's page when it comes (lazy-pdf-preview.tsx). Otherwise it waits, so that the
  // preview is pdf.js's from its first frame: on a fast link pdf.js is a few milliseconds
  // away, and rendering the screen twice would put the first render before pdf.js's page
  // (50 ms later, measured). pdf.js failing to come is the preview's to say (it asks again):
  // the checklist still works.
  const ready = opened.catch(() => {});
  if (!slow || !(await standIn)) await ready;
  return qcRequest;
}
