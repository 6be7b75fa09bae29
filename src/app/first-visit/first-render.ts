import type { QueryClient } from '@tanstack/react-query';
import type { createRouter } from '../router.tsx';

/**
 * However long the first screen's loaders and data take, the app renders after this: the
 * gateway's screen stands in for a second at most, then the app's own loading state does.
 */
const AT_MOST_MS = 1_000;

/**
 * Resolves once the router has loaded the first screen's route and no query is in flight
 * (the first screen's data is then in the cache), or after AT_MOST_MS: the app's first render
 * then shows its own data where the page's first screen (ADR 025) stood, not a loading
 * state in between.
 */
export function whenSettled(
  router: ReturnType<typeof createRouter>,
  client: QueryClient,
): Promise<void> {
  return new Promise((resolve) => {
    const settled = () => router.state.initialized && client.isFetching() === 0;
    const stop = () => {
      unsubscribeRouter();
      unsubscribeQueries();
      clearTimeout(timer);
      resolve();
    };
    const check = () => {
      if (settled()) stop();
    };
    const unsubscribeRouter = router.subscribe(check);
    const unsubscribeQueries = client.getQueryCache().subscribe(check);
    const timer = setTimeout(stop, AT_MOST_MS);
    check();
  });
}
