import { useEffect, useState, type RefObject } from 'react';

// Toasts stand at the bottom right, where a form's buttons often are: news arriving while a
// person writes an answer must not land on its Send button (a screen with a fixed bar of
// actions raises the toaster instead: toaster-clearance.ts). While the focus is in a form
// that the toaster, at the bottom, would cover, the toasts stand at the top.

/** The toaster's area at the bottom right, whatever its place now: its size is the same. */
function bottomArea(toaster: HTMLElement): DOMRect {
  const { width, height } = toaster.getBoundingClientRect();
  const style = getComputedStyle(toaster);
  // toaster.css: as far from the bottom as from the right, raised by --toaster-offset.
  const margin = parseFloat(style.right) || 0;
  const offset = parseFloat(style.getPropertyValue('--toaster-offset')) || 0;
  const right = document.documentElement.clientWidth - margin;
  const bottom = document.documentElement.clientHeight - margin - offset;
  return new DOMRect(right - width, bottom - height, width, height);
}

const overlap = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Whether the toaster should stand at the top: it would cover the focused form. */
export function useToasterAtTop(toaster: RefObject<HTMLElement | null>, count: number): boolean {
  const [top, setTop] = useState(false);
  useEffect(() => {
    // Nothing to place: no listener, so that a scroll (the PDF's, say) costs nothing.
    if (count === 0) return undefined;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const element = toaster.current;
        const form = document.activeElement?.closest('form');
        setTop(
          Boolean(
            element &&
            form &&
            !element.contains(form) &&
            overlap(bottomArea(element), form.getBoundingClientRect()),
          ),
        );
      });
    };
    check();
    document.addEventListener('focusin', check);
    document.addEventListener('focusout', check);
    addEventListener('scroll', check, { capture: true, passive: true });
    addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', check);
      document.removeEventListener('focusout', check);
      removeEventListener('scroll', check, { capture: true });
      removeEventListener('resize', check);
    };
  }, [toaster, count]);
  // With no toast there is nothing to place; the next one is placed within a frame.
  return top && count > 0;
}
