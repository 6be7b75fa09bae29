import { FIRST_DATA_ID, PAGE_SESSION_ID } from '../contract/page-session.ts';

// The session the gateway served this page with, if it did (src/gateway/static.ts). No zod
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
 * The first screen's data the gateway put in the page (decision 025), once: the URL the app
 * asks for it by, and the answer's JSON. The block goes, as the session's does.
 */
export function takeFirstData(): { url: string; json: string } | undefined {
  const block = document.getElementById(FIRST_DATA_ID);
  block?.remove();
  const url = block?.dataset.url;
  const json = block?.textContent;
  return url && json ? { url, json } : undefined;
}

/** Whether the page came with its first screen rendered in it (decision 025). */
export const cameRendered = () => document.querySelector('#root > .first-screen') !== null;
