// "After the next frame", in the two forms the app needs. No libraries here: the page's first
// script (first-visit/first-screen.ts) imports this module too, and vite.config.ts keeps it in
// that script's chunk.

/**
 * Runs `run` once the next frame is painted: after the browser's next animation frame, in a
 * task of its own, with no idle wait, no bound and no cancel: the first script's start once a
 * first screen is painted, and the held keys given back one frame apart.
 */
export const afterFrame = (run: () => void) => requestAnimationFrame(() => setTimeout(run));

// Work that must not hold up the frame a person is waiting for (approve and next: ADR 024)
// goes after it: once that frame is painted and the main thread is idle. A hidden tab paints
// no frames and a busy one has no idle time, so a timer bounds the wait.

/** Runs `run` after the next frame, once idle (`maxWaitMs` at most); returns a cancel. */
export function afterNextPaint(run: () => void, maxWaitMs = 100): () => void {
  let done = false;
  let idle: number | undefined;
  const once = () => {
    if (done) return;
    cancel();
    run();
  };
  const frame = requestAnimationFrame(() => {
    // Safari has no idle callbacks: the frame's own end is the moment there.
    if ('requestIdleCallback' in window) idle = requestIdleCallback(once, { timeout: maxWaitMs });
    else setTimeout(once, 0);
  });
  const timeout = setTimeout(once, maxWaitMs);
  const cancel = () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
  return cancel;
}

/** A promise of the same moment. */
export const nextPaint = (): Promise<void> =>
  new Promise((resolve) => void afterNextPaint(resolve));
