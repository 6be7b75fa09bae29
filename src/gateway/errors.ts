// Beside src/service/http/errors.ts on purpose (the service takes no console code); the two
// share only StatusError (src/shared). The gateway's error bodies add Cache-Control: no-store.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { StatusError } from '../shared/status-error.ts';

export type GatewayErrorStatus = 400 | 401 | 403 | 404 | 405 | 413 | 415 | 500 | 502 | 503 | 504;

/** An error a handler throws on purpose; the app turns it into `{message}` with its status. */
export class GatewayError extends StatusError<GatewayErrorStatus> {
  override name = 'GatewayError';
}

export const SESSION_MISSING = 'sign in first: there is no session, or it has expired';
export const UNREACHABLE = 'the service cannot be reached';

/** The one place the gateway writes an error body: always `{message}`, never cached. */
export function errorResponse(c: Context, status: ContentfulStatusCode, message: string) {
  c.header('Cache-Control', 'no-store');
  return c.json({ message }, status);
}

/**
 * A body refused before it was read to its end (413). The limit stopped reading it, so the
 * connection cannot carry another request: say so, or a keep-alive client sends its next
 * request on a socket about to close and gets no answer.
 */
export function bodyTooLarge(c: Context, message: string) {
  c.header('Connection', 'close');
  return errorResponse(c, 413, message);
}
