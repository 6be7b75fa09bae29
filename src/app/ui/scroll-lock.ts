import { once } from '../../shared/once.ts';

// The page under an open dialog keeps still. Radix's own lock (react-remove-scroll-bar,
// inside its Dialog.Overlay) writes a <style> element into the page, which the console's CSP
// (style-src 'self', no 'unsafe-inline') refuses, with an error in the browser's console: the
// dialog draws its own overlay and locks the page here, through an attribute the stylesheet
// reads (dialog.css) and the one measure it needs, set through the CSSOM, which the CSP allows.

let locks = 0;

/**
 * Locks the page's scrolling until the returned function is called; dialogs open over one
 * another share the lock. The scroll bar's width, measured before it goes, is kept as padding
 * so that nothing under the overlay moves.
 */
export function lockScroll(): () => void {
  const root = document.documentElement;
  if (locks === 0) {
    const gap = Math.max(0, window.innerWidth - root.clientWidth);
    root.style.setProperty('--scroll-lock-gap', `${gap}px`);
    root.dataset.scrollLocked = '';
  }
  locks += 1;
  return once(() => {
    locks -= 1;
    if (locks > 0) return;
    delete root.dataset.scrollLocked;
    root.style.removeProperty('--scroll-lock-gap');
  });
}
