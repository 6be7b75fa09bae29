// pdf.js fetches a document with the page's `fetch`. When its loading task is destroyed before
// it reads the answer (a document opened ahead, then dropped), a failed fetch stays in a
// promise of pdf.js's that nobody handles: a page error, though whoever still waits for that
// document hears of it through the task and the preview says so. An HTTP refusal is pdf.js's
// own ResponseException; a network one is the bare TypeError of `fetch`, which nothing tells
// apart from the app's own. So the fetches of the documents given to pdf.js are watched, and
// their failures remembered, to be told apart.

const MAX_WATCHED = 64;
/** The documents' addresses given to pdf.js, the latest last. */
const watched = new Set<string>();
const failures = new WeakSet<object>();

/** From now on a failed fetch of `href` (absolute) is known as pdf.js's. */
export function watchPdfFetch(href: string): void {
  watched.delete(href);
  watched.add(href);
  if (watched.size > MAX_WATCHED) watched.delete(watched.values().next().value ?? '');
}

/** Whether `reason` is the failure of a fetch of a document given to pdf.js. */
export function isPdfFetchFailure(reason: unknown): boolean {
  if (typeof reason !== 'object' || reason === null) return false;
  return failures.has(reason) || ('name' in reason && reason.name === 'ResponseException');
}

const addressOf = (input: RequestInfo | URL) =>
  input instanceof Request ? input.url : String(input);

/** `scope.fetch`, wrapped to remember the failures of the watched documents' fetches. */
export function rememberPdfFetchFailures(scope: { fetch: typeof fetch }): void {
  const original = scope.fetch;
  scope.fetch = (input, init) => {
    const answer = original.call(globalThis, input, init);
    if (!watched.has(addressOf(input))) return answer;
    return answer.catch((error: unknown) => {
      if (typeof error === 'object' && error !== null) failures.add(error);
      throw error;
    });
  };
}
