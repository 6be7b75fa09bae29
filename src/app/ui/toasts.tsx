import { useEffect } from 'react';
import { laterModule, whenIdle } from './later-module.ts';
import { useToasts } from './toast-store.ts';

// Radix's toast is not in any screen's first load: it comes when a toast does, or a while
// after a signed-in screen is up (every toast is a signed-in one: live events, a decision's
// fate, a background failure). By the time a connection drops it is there, and a toast that
// comes sooner waits for it (later-module.ts).

const toaster = laterModule(() => import('./toaster.tsx'));

/** How long after the signed-in frame is up the toaster is loaded, when idle. */
const PRELOAD_AFTER_MS = 2_000;

/** The toasts, once there are any. */
export function Toasts() {
  const any = useToasts().length > 0;
  const Toaster = toaster.useLoaded(any)?.default;
  return Toaster ? <Toaster /> : null;
}

/** Loads the toaster ahead of its first toast: once the first screen has had its turn. */
export function usePreloadedToaster() {
  useEffect(() => {
    const timer = setTimeout(() => whenIdle(toaster.preload), PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
}
