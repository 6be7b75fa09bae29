// Keys pressed on a first screen the gateway rendered (ADR 025), before the app has run:
// a reviewer who sees the queue's rows presses `j` at once, or a review's `1` or `?`. The
// page's first script holds them; the screen hands them to itself once it listens, as the
// same keydowns. No libraries here, for that first script.

import { afterFrame } from '../ui/next-paint.ts';

const held: KeyboardEvent[] = [];

const hold = (event: KeyboardEvent) => {
  if (event.metaKey || event.ctrlKey || event.altKey) return;
  held.push(event);
};

let holding = false;

/** From now until the app listens for them (releaseHeldKeys). */
export function holdKeys(): void {
  holding = true;
  document.addEventListener('keydown', hold);
}

/**
 * Hands the held keys to the app, in order, a frame apart (as a person's presses are: each
 * acts on what the one before did), and holds no more. Called by the screen once it listens
 * for keys (use-queue-keys.ts, the review's shortcuts.tsx), and by main.tsx a while after the
 * app's first render, for a screen that never does: the first call does it.
 */
export function releaseHeldKeys(): void {
  if (!holding) return;
  holding = false;
  document.removeEventListener('keydown', hold);
  const next = () => {
    const event = held.shift();
    if (!event) return;
    // Where focus is now (the last key may have moved it), bubbling to the document.
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', event));
    afterFrame(next);
  };
  afterFrame(next);
}
