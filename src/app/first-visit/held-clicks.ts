import { FIRST_SCREEN_CLASS } from '../../contract/page-session.ts';

// A click on a link of a first screen the gateway rendered (ADR 025), before the app has
// taken over: a reviewer who sees the queue's rows opens one at once. As a plain link it
// would load the whole page again, the app's code with it; the page's first script holds it
// instead (and starts what its screen needs), and the app follows it in its own router once
// it runs (main.tsx). No libraries here, for that first script.

type Follow = (href: string) => void;

let held: string | undefined;
let follow: Follow | undefined;

function onClick(event: MouseEvent) {
  const plain = !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  if (event.defaultPrevented || event.button !== 0 || !plain) return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || !link.closest(`.${FIRST_SCREEN_CLASS}`)) return;
  if (link.origin !== location.origin || link.hasAttribute('download')) return;
  if (link.target && link.target !== '_self') return;
  event.preventDefault();
  const href = `${link.pathname}${link.search}${link.hash}`;
  if (follow) {
    follow(href);
    return;
  }
  held = href;
  // Seen to be taken: the link says it is busy (base.css shows the wait) until the app opens it.
  for (const busy of document.querySelectorAll(`.${FIRST_SCREEN_CLASS} [aria-busy]`)) {
    busy.removeAttribute('aria-busy');
  }
  link.setAttribute('aria-busy', 'true');
  onHeld?.(href);
}

let onHeld: Follow | undefined;

/**
 * From now until the first screen is gone, a plain click on one of its same-origin links is
 * held, not followed; `started` is told its address at once (to start on what it opens).
 */
export function holdClicks(started?: Follow): void {
  onHeld = started;
  document.addEventListener('click', onClick);
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
