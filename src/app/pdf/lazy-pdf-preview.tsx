import { useEffect, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { ErrorState, Loading } from '../ui/states.tsx';
import { adoptExpectedFirstPage, firstPageSettled, standInFirstPage } from './first-page.ts';
import { FirstPageImage } from './first-page-image.tsx';
import { useServedFirstPage } from './use-served-first-page.ts';
import type * as PdfPreviewModule from './pdf-preview.tsx';
import type { PdfPreviewProps } from './pdf-preview.tsx';
import './pdf-preview.css';

// The review's preview without pdf.js in the screen's own code (ADR 031): pdf.js and its
// viewer (about 150 kB compressed) come in a chunk of their own. Until they have, the preview
// shows the gateway's image of the first page if there is one (a review opened cold, or by a
// click held on the queue's first screen), and the checklist beside it is already usable: on
// a slow link that is the difference between the image's round trip and pdf.js's download.

type Viewer = typeof PdfPreviewModule;

let viewer: Viewer | undefined;
let loading: Promise<Viewer> | undefined;

/** Loads pdf.js's viewer once; the page's first script may have asked for it already. */
export function loadPdfPreview(): Promise<Viewer> {
  loading ??= import('./pdf-preview.tsx').then(
    (loaded) => (viewer = loaded),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether pdf.js's viewer has come: a preview then shows pdf.js's page from its first frame. */
export const pdfPreviewLoaded = () => viewer !== undefined;

/**
 * The PDF preview: pdf.js's, once it has come; the first page's image or a wait until then.
 * With `requestId`, the QC request whose document `url` is: on a slow link, the gateway's
 * image of its first page is asked for meanwhile (first-page.ts `standInFirstPage`).
 */
export function LazyPdfPreview({
  requestId,
  ...props
}: PdfPreviewProps & { requestId?: string | undefined }) {
  const [loaded, setLoaded] = useState(viewer);
  const [failed, setFailed] = useState<unknown>();
  const { url } = props;
  const firstPage = useServedFirstPage(url);
  // Asked for once, as the preview mounts: before pdf.js, and before the first frame that
  // could show it. Where `requestId` is given the screen keys the preview by its document.
  useState(() => {
    if (!requestId || viewer) return;
    standInFirstPage(requestId, false);
    void adoptExpectedFirstPage(requestId, url);
  });
  useEffect(() => {
    if (loaded || failed) return;
    let live = true;
    // After the image standing in, if it is still on its way (a held click on a slow link).
    firstPageSettled(url)
      .then(loadPdfPreview)
      .then(
        (module) => live && setLoaded(module),
        (error: unknown) => live && setFailed(error ?? new Error('pdf.js did not load')),
      );
    return () => {
      live = false;
    };
  }, [loaded, failed, url]);

  if (loaded) return <loaded.PdfPreview {...props} />;
  const opening = (
    <div className="pdf-preview__overlay">
      <Loading label="Opening the PDF…" />
    </div>
  );
  return (
    <div className="pdf-preview" data-pdf-state={failed ? 'error' : 'loading'}>
      <div className="pdf-preview__area">
        {failed ? (
          <ErrorState
            title="The PDF viewer did not load"
            message="Check the connection, then try again."
            action={<Button onClick={() => setFailed(undefined)}>Try again</Button>}
          />
        ) : firstPage ? (
          <FirstPageImage src={firstPage} forUrl={url} fallback={opening} />
        ) : (
          opening
        )}
      </div>
    </div>
  );
}
