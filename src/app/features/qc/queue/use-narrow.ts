import { useSyncExternalStore } from 'react';

const NARROW = '(max-width: 720px)';

/** True on phone-sized screens, where rows become cards. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(NARROW).matches,
  );
}
