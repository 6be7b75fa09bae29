import { useLayoutEffect, useState, type RefObject } from 'react';

// Toasts never cover what a person is typing into (ADR 036). They stand at the bottom right,
// or at the top right, wherever they cover no control of a form on screen (the answer form,
// its Send button, the review's decision bar, a list's pager); as many of them as fit there, oldest first,
// the others waiting, their time not running, for room. Where no toast fits, they cover a
// form the person is not in rather than the one they are typing into; there being no room
// even so, they all wait. A screen with a fixed bar of actions at the bottom still raises
// the toaster above it (toaster-clearance.ts).

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Placement {
  at: 'bottom' | 'top';
  /** How many toasts show, the oldest first; the others wait. */
  shown: number;
}

export interface PlaceInput {
  /** Each toast's height, the oldest first. */
  heights: readonly number[];
  /** Between two toasts. */
  gap: number;
  /** The toaster's column, and how far up and down a stack may reach. */
  area: Box;
  /** What no toast may cover: the controls of the form being typed into. */
  strict: readonly Box[];
  /** What no toast should cover: the controls of every form on screen. */
  soft: readonly Box[];
  /** Where the toasts stand now: kept when the other place is no better. */
  current?: Placement['at'];
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** How many of the oldest toasts fit at `at` without covering any of `keepClear`. */
function fitting(input: PlaceInput, at: Placement['at'], keepClear: readonly Box[]): number {
  const { heights, gap, area } = input;
  let height = 0;
  let fit = 0;
  for (const [i, toast] of heights.entries()) {
    height += toast + (i > 0 ? gap : 0);
    if (height > area.bottom - area.top) break;
    const stack =
      at === 'bottom'
        ? { ...area, top: area.bottom - height }
        : { ...area, bottom: area.top + height };
    if (keepClear.some((box) => overlaps(stack, box))) break;
    fit = i + 1;
  }
  return fit;
}

/** Where the toasts stand and how many show: see the head of this file. */
export function placeToasts(input: PlaceInput): Placement {
  const order: Placement['at'][] = input.current === 'top' ? ['top', 'bottom'] : ['bottom', 'top'];
  for (const keepClear of [[...input.strict, ...input.soft], input.strict]) {
    let best: Placement = { at: order[0] ?? 'bottom', shown: 0 };
    for (const at of order) {
      const shown = fitting(input, at, keepClear);
      if (shown > best.shown) best = { at, shown };
    }
    if (best.shown > 0) return best;
  }
  return { at: input.current ?? 'bottom', shown: 0 };
}

/** What a person types into, and the controls of a form (or of a pager, below). */
const TYPED =
  'input:not([type="hidden"],[type="button"],[type="submit"],[type="reset"],[type="checkbox"],[type="radio"],[type="file"]), textarea, select, [contenteditable="true"]';
const CONTROLS = `${TYPED}, input:not([type="hidden"]), button, a[href], [role="link"], [role="radio"], [role="checkbox"], [role="combobox"]`;
/**
 * Controls outside a form that a person reaches for as often (a list's pager at the foot of
 * the page): marked `data-keep-clear`, kept clear as a form's are. A toast over the pager's
 * Next stays while the pointer rests on it, so the page could not be turned until it went.
 */
const KEPT_CLEAR = 'form, [data-keep-clear]';

/** The controls of `form` on screen, as boxes. */
function controlBoxes(form: Element, height: number): Box[] {
  const boxes: Box[] = [];
  for (const control of form.querySelectorAll(CONTROLS)) {
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= height) continue;
    boxes.push(box);
  }
  return boxes;
}

/**
 * What the toaster must keep clear of: the controls of the form whose field has the focus
 * (or the field alone, outside a form), and those of every other form on screen.
 */
function formsOnScreen(toaster: HTMLElement): { strict: Box[]; soft: Box[] } {
  const height = document.documentElement.clientHeight;
  const focused = document.activeElement;
  const typing = focused?.matches(TYPED) && !toaster.contains(focused) ? focused : null;
  const typingIn = typing?.closest('form') ?? null;
  const strict = typingIn
    ? controlBoxes(typingIn, height)
    : typing
      ? [typing.getBoundingClientRect()]
      : [];
  const soft: Box[] = [];
  for (const form of document.querySelectorAll(KEPT_CLEAR)) {
    if (form === typingIn || toaster.contains(form)) continue;
    const box = form.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= height) continue;
    soft.push(...controlBoxes(form, height));
  }
  return { strict, soft };
}

/** The toaster's column and reach: toaster.css's margins, raised by --toaster-offset. */
function areaOf(toaster: HTMLElement): Box {
  const { left, right } = toaster.getBoundingClientRect();
  const style = getComputedStyle(toaster);
  const margin = parseFloat(style.right) || 0;
  const offset = parseFloat(style.getPropertyValue('--toaster-offset')) || 0;
  return {
    left,
    right,
    top: margin,
    bottom: document.documentElement.clientHeight - margin - offset,
  };
}

const START: Placement = { at: 'bottom', shown: Infinity };

/**
 * Where the toasts of `toaster` (its toasts marked `data-toast-id`, in the order given by
 * `ids`) stand, and how many show: again as the focus moves, the page scrolls or is resized,
 * and as toasts come, go or change size.
 */
export function useToasterPlacement(
  toaster: RefObject<HTMLElement | null>,
  ids: readonly number[],
): Placement {
  const [placement, setPlacement] = useState<Placement>(START);
  const key = ids.join(',');
  // Before the frame is painted: a toast that arrives is placed before it is seen.
  useLayoutEffect(() => {
    // Nothing to place: no listener, so that a scroll (the PDF's, say) costs nothing.
    const element = toaster.current;
    if (!element || key === '') return undefined;
    let frame = 0;
    const sizes = new ResizeObserver(() => check());
    const place = () => {
      const toasts = key.split(',').map((id) => element.querySelector(`[data-toast-id="${id}"]`));
      for (const toast of toasts) if (toast) sizes.observe(toast);
      const { strict, soft } = formsOnScreen(element);
      setPlacement((current) => {
        const next = placeToasts({
          heights: toasts.map((toast) => (toast instanceof HTMLElement ? toast.offsetHeight : 0)),
          gap: parseFloat(getComputedStyle(element).rowGap) || 0,
          area: areaOf(element),
          strict,
          soft,
          current: current.at,
        });
        return next.at === current.at && next.shown === current.shown ? current : next;
      });
    };
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    place();
    // Radix puts the toasts in the toaster a render after the toaster itself comes.
    sizes.observe(element);
    const added = new MutationObserver(check);
    added.observe(element, { childList: true });
    document.addEventListener('focusin', check);
    document.addEventListener('focusout', check);
    addEventListener('scroll', check, { capture: true, passive: true });
    addEventListener('resize', check);
    return () => {
      cancelAnimationFrame(frame);
      sizes.disconnect();
      added.disconnect();
      document.removeEventListener('focusin', check);
      document.removeEventListener('focusout', check);
      removeEventListener('scroll', check, { capture: true });
      removeEventListener('resize', check);
    };
  }, [toaster, key]);
  return placement;
}
