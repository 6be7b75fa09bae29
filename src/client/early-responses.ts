// Answers asked for before the app's code arrived (ADR 017). The page's first script starts
// the first screen's GETs (src/app/first-visit/first-screen.ts) while the libraries are still on
// the wire; the client takes each answer once, when the screen asks for the same URL. No zod here.

/** After this an early answer is stale: the screen asks afresh. */
const FRESH_MS = 10_000;
/** What the client asks for with every call (request.ts); the same here, so the same answer. */
export const ACCEPT_JSON = { accept: 'application/json' } as const;

const early = new Map<string, { at: number; response: Promise<Response> }>();

/** Starts a GET of `url` now, for the client to take when the screen asks for it. */
export function fetchEarly(url: string): void {
  if (early.has(url)) return;
  const response = fetch(url, { headers: { ...ACCEPT_JSON }, credentials: 'same-origin' });
  // A failure is the client's to report, when it takes the answer.
  response.catch(() => {});
  early.set(url, { at: performance.now(), response });
}

/**
 * Keeps `json` as the answer to a GET of `url`, in place of any asked for: the answer the
 * gateway rendered the page's first screen from (ADR 031), which the screen then shows as
 * the app's own.
 */
export function answerEarly(url: string, json: string): void {
  const response = new Response(json, {
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
  early.set(url, { at: performance.now(), response: Promise.resolve(response) });
}

/** The early answer to a GET of `url`, once; undefined if none was started or it is stale. */
export function takeEarly(url: string): Promise<Response> | undefined {
  const found = early.get(url);
  early.delete(url);
  return found && performance.now() - found.at < FRESH_MS ? found.response : undefined;
}
