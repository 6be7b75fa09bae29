import type { RouteObject } from 'react-router';
import { pdfWorkerPort } from '../../pdf/pdf-worker-port.ts';
import { requireArea, screen } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';
import { onQueueChange } from '../../shell/live-events.ts';
import { applyQueueChange } from './claims.ts';
import { queueScreen, reviewScreen } from './screens.ts';

// What the team does (claims, releases, decisions) reaches the cached queue as it happens.
onQueueChange(applyQueueChange);

const QC_READERS = areaFor('/qc').anyOf;

// The QC area's routes (the queue, the processes, a review), spread into the app's router.
// The queue and the review ask for their data beside their code (route-guards.ts `screen`).
export const qcRoutes: RouteObject[] = [
  {
    path: 'qc',
    lazy: screen(QC_READERS, queueScreen.loader, queueScreen.component),
  },
  {
    path: 'qc/processes',
    loader: requireArea(areaFor('/qc/processes').anyOf),
    lazy: () => import('./processes/processes.route.tsx'),
  },
  {
    path: 'qc/:qcrId',
    lazy: screen(
      QC_READERS,
      () => {
        // Before the review's code: compiling the worker takes longest of all
        // (unless the queue or the page load has started it already).
        pdfWorkerPort();
        return reviewScreen.loader();
      },
      reviewScreen.component,
    ),
  },
];
