// Work that must not hold up the frame a person is waiting for (approve and next: issue 17)
// goes after it: once that frame is painted and the main thread is idle. A hidden tab paints
// no frames and a busy one has no idle time, so a timer bounds the wait.

/** The longest wait for that moment. */
const MAX_WAIT_MS = 100;

/** Runs `run` after the next frame, once idle (100 ms at most); returns a cancel. */
export function afterNextPaint(run: () => void): () => void {
  let done = false;
  let idle: number | undefined;
  const once = () => {
    if (done) return;
    cancel();
    run();
  };
  const frame = requestAnimationFrame(() => {
    idle = requestIdleCallback(once, { timeout: MAX_WAIT_MS });
  });
  const timeout = setTimeout(once, MAX_WAIT_MS);
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
