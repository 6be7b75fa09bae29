// Whether this page has ended its session (a sign-out begun here), until the next sign-in.
// From the moment sign-out begins, the browser's client sends nothing that needs the session:
// a screen still on show (its refetch, a hold's release) would only be refused, a 401 in the
// browser's console, and the gateway ends the session's holds with it.

let ended = false;

/** Marks the session ended (a sign-out begun) or begun again (a sign-in). */
export function setSessionEnded(value: boolean): void {
  ended = value;
}

export const sessionEnded = (): boolean => ended;

/** What a page whose session has ended may still ask: to sign in, and the sign-in page's own. */
export const OPEN_WITHOUT_SESSION = (method: string, path: string): boolean =>
  path === '/session' ? method !== 'GET' : path === '/config';
