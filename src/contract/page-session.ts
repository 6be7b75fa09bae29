/**
 * The id of the JSON data block that carries the signed-in session in a page of the app
 * (issue 16): the gateway writes it into index.html, the app reads it instead of asking
 * GET /session. Its content is what GET /session answers (SessionSchema).
 */
export const PAGE_SESSION_ID = 'attest-session';

/**
 * The id of the JSON data block with a first visit's first screen's data (decision 025): the
 * gateway writes it beside the screen's HTML, with the URL the app asks for it by in its
 * `data-url`; the app's client takes it as the answer to that URL.
 */
export const FIRST_DATA_ID = 'attest-first-data';
