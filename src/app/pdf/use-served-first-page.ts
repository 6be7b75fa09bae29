import { useSyncExternalStore } from 'react';
import { servedFirstPage, watchServedFirstPage } from './first-page.ts';

/**
 * The image standing in for the document at `url` (first-page.ts), as a component's: it
 * renders again once the gateway has taken the drawing on. Apart from first-page.ts, which
 * the page's first script loads before React.
 */
export function useServedFirstPage(url: string): string | undefined {
  return useSyncExternalStore(watchServedFirstPage, () => servedFirstPage(url));
}
