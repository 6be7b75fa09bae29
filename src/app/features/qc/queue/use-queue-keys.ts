import { useEffect, useRef } from 'react';
import { releaseHeldKeys } from '../../../first-visit/held-keys.ts';

export interface QueueKeyActions {
  /** Move the selection by one row (j: +1, k: -1). */
  move: (delta: 1 | -1) => void;
  /** Enter outside a link or button: open the selected request. */
  open: () => void;
  /** `/`: focus the first filter. */
  focusFilter: () => void;
}

/** Keys belong to whatever is being typed into, and to dialogs, before the queue. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('[role="dialog"], [role="alertdialog"]') !== null;
}

/** The queue's shortcuts: `j`/`k` move, `Enter` opens, `/` focuses the filter. */
export function useQueueKeys(actions: QueueKeyActions): void {
  // The latest actions, read when a key arrives: one listener for the screen's life.
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        latest.current.move(event.key === 'j' ? 1 : -1);
      } else if (event.key === '/') {
        event.preventDefault();
        latest.current.focusFilter();
      } else if (event.key === 'Enter') {
        // A focused link or button does its own thing on Enter.
        const target = event.target;
        if (target instanceof HTMLElement && target.closest('a, button')) return;
        event.preventDefault();
        latest.current.open();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    // Keys pressed on the gateway's first screen before the app ran (ADR 025): now that
    // something listens. Released when the app had merely rendered, they could come before
    // this effect on a busy machine, and be lost.
    releaseHeldKeys();
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
