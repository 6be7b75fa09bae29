import { useEffect, useSyncExternalStore } from 'react';

// A module the app loads after its first screen (the toaster, the phone menu) must not take the
// app down when its chunk cannot be fetched: React.lazy keeps a failed import for good, and
// outside the router nothing catches it, so one toast arriving offline left a blank page. Here a
// failed load is forgotten and tried again when the connection is back, or a little later.
// Whoever renders the module reads it as an external store: one that came between a render
// without it and that render's effects (a preload finishing) still renders, where a load
// followed only by the effect that wanted it would leave that render empty for good.

/** How long after a failed load it is tried again, when no `online` event comes first. */
const RETRY_MS = 15_000;

export interface LaterModule<T> {
  /** Starts loading (once), for a moment when the page is idle. Never rejects. */
  preload: () => void;
  /** The module, loaded now if it is not yet; undefined if it cannot be fetched. */
  load: () => Promise<T | undefined>;
  /** The module once loaded; while `wanted`, loads it and re-renders when it is there. */
  useLoaded: (wanted: boolean) => T | undefined;
}

export function laterModule<T>(fetchModule: () => Promise<T>): LaterModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => loaded;
  const get = () =>
    (pending ??= fetchModule().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const load = () => get().catch(() => undefined);
  return {
    preload: () => void load(),
    load,
    useLoaded(wanted) {
      const module = useSyncExternalStore(subscribe, snapshot, snapshot);
      useEffect(() => {
        if (!wanted || loaded) return undefined;
        let live = true;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const attempt = () => {
          clearTimeout(timer);
          window.removeEventListener('online', attempt);
          get().then(
            () => {},
            () => {
              if (!live) return;
              window.addEventListener('online', attempt);
              timer = setTimeout(attempt, RETRY_MS);
            },
          );
        };
        attempt();
        return () => {
          live = false;
          clearTimeout(timer);
          window.removeEventListener('online', attempt);
        };
      }, [wanted]);
      return module;
    },
  };
}

/**
 * Runs `run` once the page has loaded and is idle (at most `timeout` ms after it has loaded):
 * for modules wanted soon, not at first. Returns what cancels it, for an effect's cleanup.
 */
export function whenIdle(run: () => void, timeout = 5_000): () => void {
  let cancel = () => {};
  const idle = () => {
    // Safari has no requestIdleCallback: a short delay stands in for it.
    if ('requestIdleCallback' in window) {
      const handle = requestIdleCallback(run, { timeout });
      cancel = () => cancelIdleCallback(handle);
    } else {
      const timer = setTimeout(run, Math.min(timeout, 1_000));
      cancel = () => clearTimeout(timer);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}
