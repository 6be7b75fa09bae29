import {
  FIRST_SCREEN_CLASS,
  FIRST_SCREEN_DATA_ID,
  PAGE_SESSION_ID,
} from '../../contract/page-session.ts';

// The session the gateway served this page with, if it did (src/gateway/http/static.ts). No zod
// here: the page's first script (first-screen.ts) reads it before the libraries arrive.

/** The page's session as JSON, unchecked; undefined when the page carries none. */
export function readPageSession(): unknown {
  const text = document.getElementById(PAGE_SESSION_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The page's session, once: the block is removed, so that after a sign-out nothing reads
 * the session this page was served with.
 */
export function takePageSession(): unknown {
  const session = readPageSession();
  document.getElementById(PAGE_SESSION_ID)?.remove();
  return session;
}

/**
 * Whether the page came with its first screen rendered in it (ADR 025). Known once the
 * body is parsed (`whenParsed`).
 */
export const cameRendered = () => document.querySelector(`.${FIRST_SCREEN_CLASS}`) !== null;

/**
 * The answer the gateway rendered the first screen from (ADR 031), once: the GET it answers
 * and its JSON, unchecked (the client reads it as it reads any answer). The block is removed.
 */
export function takeFirstScreenData(): { url: string; json: string } | undefined {
  const block = document.getElementById(FIRST_SCREEN_DATA_ID);
  block?.remove();
  const url = block?.dataset.url;
  const json = block?.textContent;
  return url && json ? { url, json } : undefined;
}

/**
 * Runs `then` once the page is parsed. The gateway sends a page's head before its body, so a
 * script in the head may run before the body it asks about has come. Not DOMContentLoaded,
 * which waits for the app's own scripts to have run.
 */
export function whenParsed(then: () => void) {
  if (document.readyState === 'loading') {
    document.addEventListener('readystatechange', then, { once: true });
  } else {
    then();
  }
}
