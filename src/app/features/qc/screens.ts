// The queue's and the review's code, in two modules each (route-guards.ts `screen`), and the
// review's pdf.js beside them: the router loads them (routes.tsx), and so does the page's
// first script on a first visit (src/app/first-visit/first-screen.ts), before the libraries
// arrive. No zod here, for that script. The review's is its own module (review-screen.ts),
// which the queue's look-ahead imports without this list.

export { reviewScreen } from './review/review-screen.ts';

export const queueScreen = {
  loader: () => import('./queue/queue.loader.ts'),
  component: () => import('./queue/queue.route.tsx'),
};

/** The router's `qc` route (router.tsx), the plain queue's path. */
export const QUEUE_PATH = /^\/qc\/?$/;
/** The QC area's own screens at `qc/<word>` (routes.tsx): no review's id is one of them. */
export const QC_PAGES = ['processes', 'team', 'second-review'] as const;

/**
 * The router's `qc/:qcrId` route, of which the QC area's own screens (`QC_PAGES`) are not
 * one: a review's path.
 */
export const REVIEW_PATH = new RegExp(`^/qc/(?!(?:${QC_PAGES.join('|')})/?$)([^/]+)/?$`);
