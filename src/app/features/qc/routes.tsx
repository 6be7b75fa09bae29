import type { RouteObject } from 'react-router';
import { pdfWorkerPort } from '../../pdf/pdf-worker-port.ts';
import { requireArea, screen } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';
import { onQueueChange, onStreamUp } from '../../shell/live-events.ts';
import { registerSessionWork } from '../../shell/session-work.ts';
import { applyQueueChange, holdsMissed } from './holds.ts';
import { decisionOutbox } from './review/outbox/sign-out.ts';
import { queryClient } from '../../query-client.ts';
import { qcQueries } from './qc.queries.ts';
import { queueScreen, reviewScreen } from './screens.ts';
import { applySampleChange } from './second-review/samples.queries.ts';

// What the team does (holds, releases, decisions) reaches the cached queue as it happens.
onQueueChange(applyQueueChange);
onStreamUp(holdsMissed);
// Sampled approvals and second reviews (ADR 021) reach the "Second review" tab and list.
onQueueChange(applySampleChange);
// Decisions kept in the browser until the service has them (ADR 026).
registerSessionWork(decisionOutbox);

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
    path: 'qc/team',
    loader: requireArea(areaFor('/qc/team').anyOf, { team: true }),
    lazy: () => import('./team/team.route.tsx'),
  },
  {
    path: 'qc/second-review',
    loader: requireArea(QC_READERS, { team: true }),
    lazy: () => import('./second-review/samples.route.tsx'),
  },
  {
    path: 'qc/second-review/:requestId',
    loader: () => {
      pdfWorkerPort(); // as for a review: the document is what takes longest
      return requireArea(QC_READERS, { team: true })();
    },
    lazy: () => import('./second-review/second-review.route.tsx'),
  },
  {
    path: 'qc/:qcrId',
    // From one review to the next, whose request is in the cache already (the review asks
    // for it while the current one is read): nothing to load, so the router goes straight to
    // rendering it (with flushSync, in the same task as the key: decide-mutation.ts).
    shouldRevalidate: ({ currentParams, nextParams, defaultShouldRevalidate }) => {
      const next = nextParams.qcrId;
      if (!next || next === currentParams.qcrId) return defaultShouldRevalidate;
      return queryClient.getQueryData(qcQueries.detail(next).queryKey) === undefined;
    },
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
