import { useEffect } from 'react';
import { afterNextPaint } from './next-paint.ts';

// A screen with actions along its bottom raises the toaster (toaster.css reads
// --toaster-offset), so news arriving mid-task never lands on those buttons. Set on the root
// by the screen rather than by a `:root:has(.actions)` rule: such a rule has the browser
// re-check the whole document whenever one of them comes or goes, each approve and next.

/** The offsets asked for by the screens up, the newest last. */
const asked: number[] = [];

function apply(): void {
  const style = document.documentElement.style;
  const offset = asked.at(-1);
  if (offset === undefined) style.removeProperty('--toaster-offset');
  else if (style.getPropertyValue('--toaster-offset') !== `${offset}px`) {
    style.setProperty('--toaster-offset', `${offset}px`);
  }
}

/** Keeps toasts `px` above the bottom while the calling component is mounted. */
export function useToasterClearance(px: number): void {
  useEffect(() => {
    asked.push(px);
    apply();
    return () => {
      asked.splice(asked.lastIndexOf(px), 1);
      // The screen replacing this one (the next review) asks again in the same commit: the
      // root changes only when nothing has by the next frame.
      afterNextPaint(apply);
    };
  }, [px]);
}
