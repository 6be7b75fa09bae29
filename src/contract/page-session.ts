/**
 * The id of the JSON data block that carries the signed-in session in a page of the app
 * (issue 16): the gateway writes it into index.html, the app reads it instead of asking
 * GET /session. Its content is what GET /session answers (SessionSchema).
 */
export const PAGE_SESSION_ID = 'attest-session';

/**
 * The name of the `<meta>` the gateway puts first in the head of a page that comes with its
 * first screen rendered in `#root` (decision 025).
 */
export const FIRST_SCREEN_META = 'attest-first-screen';
