import { INLINE_STYLE_HREF } from '../../contract/page-session.ts';

// A first screen's page carries its stylesheets inline (ADR 031). The app's loader (Vite's
// preload helper) looks for a screen's stylesheets among the page's links, and without one
// adds it and holds the screen's code until it has loaded. Each inline stylesheet gets a
// disabled link to its file, which the browser neither fetches nor applies. Made here, not in
// the page: Chromium's preload scanner fetches a disabled link written in the page's HTML.

/** Links each inline stylesheet's file, disabled: before the app's loader first runs. */
export function linkInlineStyles(): void {
  for (const style of document.querySelectorAll<HTMLStyleElement>(`style[${INLINE_STYLE_HREF}]`)) {
    const href = style.getAttribute(INLINE_STYLE_HREF);
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.disabled = true;
    link.href = href;
    style.after(link);
  }
}
