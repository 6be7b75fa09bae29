// The review's code, in two modules (route-guards.ts `screen`), and its pdf.js viewer: what
// the router loads for a review (routes.tsx, through screens.ts), and what the queue and the
// page's first script fetch ahead of one. Apart from the list of screens, so that looking
// ahead to the review does not take in the queue's own screen (no import circle through a
// lazy import: scripts/import-cycles.ts). No zod here, for the page's first script.

export const reviewScreen = {
  loader: () => import('./review.loader.ts'),
  component: () => import('./review.route.tsx'),
  /** pdf.js's viewer, which the screen shows once it has come (pdf/lazy-pdf-preview.tsx). */
  viewer: () => import('../../../pdf/pdf-preview.tsx'),
};
