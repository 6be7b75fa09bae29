import { EARLY_CLICKS, FIRST_SCREEN_CLASS } from '../../contract/page-session.ts';

// A click on a link of a first screen the gateway rendered (ADR 025), before the app has
// taken over: a reviewer who sees the queue's rows opens one at once. As a plain link it
// would load the whole page again, the app's code with it; it is held instead, and the app
// follows it in its own router once it runs (main.tsx). No libraries here, for the page's
// first script; and the first two functions below are self-contained, because the page's
// head also runs their source inline (ADR 031): the rows may be painted a round trip before
// any script file arrives.

type Follow = (href: string) => void;

/** The first screen's own link that `event`, a plain click, would follow; else undefined. */
export function heldLinkOf(event: MouseEvent, screenClass: string) {
  const plain = !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  if (event.defaultPrevented || event.button !== 0 || !plain) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || !link.closest(`.${screenClass}`)) return undefined;
  if (link.origin !== location.origin || link.hasAttribute('download')) return undefined;
  if (link.target && link.target !== '_self') return undefined;
  // Seen to be taken: the link says it is busy (base.css shows the wait) until it is opened.
  for (const busy of document.querySelectorAll(`.${screenClass} [aria-busy]`)) {
    busy.removeAttribute('aria-busy');
  }
  link.setAttribute('aria-busy', 'true');
  return `${link.pathname}${link.search}${link.hash}`;
}

/**
 * Inline in the page's head: holds a plain click on the first screen's links until the page's
 * first script takes it (calling `window[name]`, which stops this and answers the held
 * address). If that script has not come within `giveUpMs`, the link is followed as a plain
 * link after all, and is no longer held.
 */
function holdEarlyClicks(
  linkOf: typeof heldLinkOf,
  screenClass: string,
  name: string,
  giveUpMs: number,
) {
  let held: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onClick = (event: MouseEvent) => {
    const href = linkOf(event, screenClass);
    if (href === undefined) return;
    event.preventDefault();
    held = href;
    clearTimeout(timer);
    // Given up on, the click is the page load's alone: a script that comes meanwhile finds
    // nothing held, or its router would open it too, and the load, still on its way, would
    // land later on top of wherever the person had gone since.
    timer = setTimeout(() => {
      held = undefined;
      location.assign(href);
    }, giveUpMs);
  };
  document.addEventListener('click', onClick);
  Object.assign(window, {
    [name]: () => {
      document.removeEventListener('click', onClick);
      clearTimeout(timer);
      return held;
    },
  });
}

/** The script a first screen's page runs inline, first in its head (first-visit/prerender.tsx). */
export const earlyClicksScript = () =>
  `(${holdEarlyClicks.toString()})(${heldLinkOf.toString()},${JSON.stringify(FIRST_SCREEN_CLASS)},${JSON.stringify(EARLY_CLICKS)},4000)`;

let held: string | undefined;
let follow: Follow | undefined;
let onHeld: Follow | undefined;

function hold(href: string) {
  if (follow) {
    follow(href);
    return;
  }
  held = href;
  onHeld?.(href);
}

function onClick(event: MouseEvent) {
  const href = heldLinkOf(event, FIRST_SCREEN_CLASS);
  if (href === undefined) return;
  event.preventDefault();
  hold(href);
}

/**
 * From now until the first screen is gone, a plain click on one of its same-origin links is
 * held, not followed; `started` is told its address at once (to start on what it opens). A
 * click the page's head held before this runs is taken over.
 */
export function holdClicks(started?: Follow): void {
  onHeld = started;
  const early = (window as unknown as Record<string, unknown>)[EARLY_CLICKS];
  const href = typeof early === 'function' ? (early as () => string | undefined)() : undefined;
  document.addEventListener('click', onClick);
  if (href) hold(href);
}

/**
 * The app's router takes the held click, if any, and any that comes while the first screen
 * is still on the page (React's first commit may come a frame after its render is asked for).
 */
export function followHeldClicks(navigate: Follow): void {
  follow = navigate;
  const href = held;
  held = undefined;
  if (href) navigate(href);
}
