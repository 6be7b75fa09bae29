/**
 * The id of the JSON data block that carries the signed-in session in a page of the app
 * (ADR 017): the gateway writes it into index.html, the app reads it instead of asking
 * GET /session. Its content is what GET /session answers (SessionSchema).
 */
export const PAGE_SESSION_ID = 'attest-session';

/**
 * The class of the element that holds the first screen the gateway rendered into `#root`
 * (ADR 025). It is in the page's body, which the gateway sends after its head: present
 * only once the body is parsed.
 */
export const FIRST_SCREEN_CLASS = 'first-screen';

/**
 * The type the gateway gives the app's entry script in a page that comes with its first
 * screen (ADR 025): not run by the browser, so that the app's code does not hold the
 * first paint up; the page's first script runs it once that paint is done.
 */
export const AFTER_FIRST_PAINT = 'attest/after-first-paint';

/**
 * The id of the JSON data block, inside the first screen (ADR 031), that carries the answer
 * the gateway rendered that screen from; its `data-url` is the GET it answers. The page's
 * first script hands it to the app's client as that GET's early answer: the app shows the
 * same answer without asking again, and a review's document is the one the page preloads.
 */
export const FIRST_SCREEN_DATA_ID = 'attest-first-screen-data';

/**
 * The attribute that names, on a stylesheet a first screen's page carries inline (ADR 031),
 * the build's file it is: the page's first script links each, disabled, for the app's loader.
 */
export const INLINE_STYLE_HREF = 'data-href';

/**
 * The window property through which a first screen's page, before any script file has come,
 * hands the page's first script a click it held on the screen's links (ADR 031): a function
 * that stops the holding and answers the held address, if any.
 */
export const EARLY_CLICKS = 'attestEarlyClicks';
