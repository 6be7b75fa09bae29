/**
 * Runs `run` once the next frame is painted: after the browser's next animation frame, in a
 * task of its own. No libraries: the page's first script (first-screen.ts) uses it.
 */
export const afterFrame = (run: () => void) => requestAnimationFrame(() => setTimeout(run));
