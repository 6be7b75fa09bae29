import { useEffect } from 'react';
import { useNavigation } from 'react-router';
import { pdfWorkerPort } from '../../../pdf/pdf-worker-port.ts';
import { whenIdle } from '../../../ui/later-module.ts';
import { reviewScreen } from '../review/index.ts';

/**
 * Fetches what opening a review needs while the queue's rows are read, once the page is idle:
 * pdf.js's worker (its start-up compiles a megabyte of script), pdf.js's viewer and the
 * review's own code, so that a review opened from the queue waits for its data alone. Not
 * while the app is on its way elsewhere: a click held before the takeover opens a review from
 * here, and on a slow link its first page's image comes before pdf.js (pdf/first-page.ts).
 * Renders nothing; only in the browser (the gateway's render has no data router).
 */
export function ReviewAhead() {
  const staying = useNavigation().state === 'idle';
  useEffect(() => {
    if (!staying) return undefined;
    const ahead = () => {
      pdfWorkerPort();
      // Imported here, not above: the queue's first screen loads no more files for it.
      void import('../../../pdf/lazy-pdf-preview.tsx')
        .then(({ loadPdfPreview }) => loadPdfPreview())
        .catch(() => {});
      void reviewScreen.loader().catch(() => {});
      void reviewScreen.component().catch(() => {});
    };
    return whenIdle(ahead, 1_000);
  }, [staying]);
  return null;
}
