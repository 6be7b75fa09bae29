import {
  test as base,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
  type Response,
} from '@playwright/test';

// Every spec's `test` (re-exported by support.ts): a test fails when any page it opened logged
// a console error, threw, or saw a request fail or answer 4xx/5xx, unless the test said it
// expected that (`expectErrors`). A newcomer's first look at the console is a product's first
// impression; a request the app makes for nothing is a defect even when the screen looks fine.

/** What went wrong in a page, as one line a pattern can match. */
type Problem = string;

interface Watch {
  problems: Problem[];
  expected: RegExp[];
}

let current: Watch | undefined;

/**
 * The test expects problems that match one of `patterns` (a console error's text and its
 * source's address, a page error's message, or `STATUS METHOD URL` for a request that failed
 * or answered an error): they do not fail it. Say it where the test causes them (a 401 it
 * asks for, a link it cuts), as narrowly as the test allows.
 */
export function expectErrors(...patterns: RegExp[]): void {
  if (!current) throw new Error('expectErrors is called from inside a test');
  current.expected.push(...patterns);
}

/**
 * A request to a path matching `path` (a pattern's source, from the path's start) that got no
 * answer at all: `net::ERR_{error}`, any error when none is named.
 */
export const failedRequest = (method: string, path: string, error = '[A-Z_]+') =>
  new RegExp(`^failed ${method} https?://[^/]+${path}(\\?\\S*)?: net::ERR_${error}$`);

/** A request to a path matching `path` (a pattern's source) answered `status`. */
export const errorAnswer = (status: number, method: string, path: string) =>
  new RegExp(`^${status} ${method} https?://[^/]+${path}(\\?\\S*)?$`);

/**
 * A review moves on to the shared queue's next request and holds it. Specs beside this one
 * make and decide requests in the same queue, so that request may be held by another spec's
 * reviewer, or decided, by then: the gateway's answer, as to any reviewer in a shared queue,
 * is a 409 on the hold, which the review shows. A spec whose "next" is a request of its own
 * (`newQcRequestPair`) needs no such allowance.
 */
export const expectSharedNext = () => expectErrors(errorAnswer(409, 'PUT', '/team/holds/[\\w-]+'));

/** The app's scripts, refused by a test that holds every script back (its own CSP). */
export const SCRIPTS_REFUSED = /^failed GET \S+\/assets\/\S+\.js: csp$/;

/** Any request that failed for being offline: a test that cuts the network expects them all. */
export const OFFLINE = /^failed \S+ \S+: net::ERR_INTERNET_DISCONNECTED$/;

function consoleLine(message: ConsoleMessage): Problem {
  const { url } = message.location();
  return url ? `console: ${message.text()} (${url})` : `console: ${message.text()}`;
}

function responseLine(response: Response): Problem {
  const request = response.request();
  return `${response.status()} ${request.method()} ${response.url()}`;
}

function failedLine(request: Request): Problem {
  return `failed ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`;
}

/**
 * A request the page itself dropped (a navigation away, an aborted fetch, a stream closed by
 * a page that is gone) is no error: the browser logs nothing for it either.
 */
const DROPPED = /net::ERR_ABORTED/;

/**
 * The browser's own line for a request that failed or answered an error: the request is
 * watched itself (`STATUS METHOD URL`, `failed METHOD URL`), which a test declares once.
 */
const REQUEST_ECHO = /^Failed to load resource: /;

function watchPage(page: Page, watch: Watch): void {
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !REQUEST_ECHO.test(text))
      watch.problems.push(consoleLine(message));
  });
  page.on('pageerror', (error) => watch.problems.push(`page error: ${error.message}`));
}

function watchContext(context: BrowserContext, watch: Watch): void {
  for (const page of context.pages()) watchPage(page, watch);
  context.on('page', (page) => watchPage(page, watch));
  context.on('response', (response) => {
    if (response.status() >= 400) watch.problems.push(responseLine(response));
  });
  context.on('requestfailed', (request) => {
    if (!DROPPED.test(request.failure()?.errorText ?? '')) watch.problems.push(failedLine(request));
  });
}

/**
 * The test's own contexts too: `browser.newContext()` is wrapped for the test's length, and
 * what the test opened is closed when it ends, passed or failed. Playwright closes only its own
 * `context`: a context left open keeps its pages polling and their event streams open for the
 * rest of the worker's run, and a run of a hundred tests slows to a crawl.
 */
function watchNewContexts(browser: Browser, watch: Watch): () => Promise<void> {
  const newContext = browser.newContext.bind(browser);
  const opened: BrowserContext[] = [];
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    opened.push(context);
    watchContext(context, watch);
    return context;
  };
  return async () => {
    browser.newContext = newContext;
    await Promise.all(
      opened.map(async (context) => {
        await stopRoutes(context);
        await context.close().catch(() => undefined);
      }),
    );
  };
}

/**
 * The test's routes taken off, those under way left to end as they will: a handler still
 * reading an answer when the test ends (a refetch the page made as it closed) would throw
 * "Response has been disposed" into a test that had passed.
 */
async function stopRoutes(context: BrowserContext): Promise<void> {
  const pages = context.pages().map((page) => page.unrouteAll({ behavior: 'ignoreErrors' }));
  await Promise.all([...pages, context.unrouteAll({ behavior: 'ignoreErrors' })]).catch(
    () => undefined,
  );
}

/**
 * Whether what a test did not expect fails it (the default), or is only reported beside it
 * (an annotation and a line in the run's output): `test.use({ consoleStrict: false })` is for
 * a spec being written, never one that lands.
 */
export const test = base.extend<{ consoleStrict: boolean; consoleWatch: void }>({
  consoleStrict: [true, { option: true }],
  consoleWatch: [
    async ({ context, browser, consoleStrict }, use, testInfo) => {
      const watch: Watch = { problems: [], expected: [] };
      current = watch;
      watchContext(context, watch);
      const restore = watchNewContexts(browser, watch);
      try {
        await use();
      } finally {
        await stopRoutes(context);
        await restore();
        current = undefined;
      }
      const unexpected = watch.problems.filter((p) => !watch.expected.some((e) => e.test(p)));
      if (unexpected.length === 0) return;
      const report = `The browser reported what the test did not expect:\n  ${unexpected.join('\n  ')}`;
      // A test that failed already says why: this goes beside its error, as a clue (a screen's
      // error state names no request; the request it failed on is here).
      const failed = testInfo.status !== testInfo.expectedStatus;
      if (consoleStrict && !failed) throw new Error(report);
      testInfo.annotations.push({ type: 'console', description: report });
      console.warn(`${testInfo.titlePath.join(' › ')}\n${report}`);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
