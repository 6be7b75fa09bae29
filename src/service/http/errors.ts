// Beside src/gateway/errors.ts on purpose (a stand-in for another's service takes no console
// code); the two share only StatusError (src/shared), a pure helper.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from '../../contract/zod.ts';
import { StatusError } from '../../shared/status-error.ts';

export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 500;

/** An error a handler throws on purpose; the app turns it into `{message}` with its status. */
export class HttpError extends StatusError<ErrorStatus> {
  override name = 'HttpError';
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** The one place an error body is written: always `{message}`. */
export function errorResponse(c: Context, status: ContentfulStatusCode, message: string) {
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

/** A zod error as one readable line: "crid: Too small; entities.0.name: Required". */
export function describeIssues(error: z.core.$ZodError, limit = 5): string {
  const parts = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - limit;
  return more > 0 ? `${parts.join('; ')}; and ${more} more` : parts.join('; ');
}
