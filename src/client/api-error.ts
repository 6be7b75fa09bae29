import type { z } from '../contract/zod.ts';
import { ErrorBodySchema } from '../contract/common.ts';

/**
 * - `http`: the service (or the gateway, or storage) answered with an error status.
 * - `network`: no answer at all: offline, refused, reset, timed out.
 * - `unexpected-response`: an answer that is not what the contract says it is.
 * - `aborted`: the caller cancelled (react-query does when a query is no longer needed).
 */
export type ApiErrorCode = 'http' | 'network' | 'unexpected-response' | 'aborted';

export interface ApiErrorInit {
  code: ApiErrorCode;
  /** The HTTP status; 0 when there was no answer (network, aborted). */
  status: number;
  message: string;
  /** What did not match the contract, for `unexpected-response`. */
  issues?: z.core.$ZodIssue[] | undefined;
  /** The request path (without the query), so a log line says which call failed. */
  path?: string | undefined;
  cause?: unknown;
}

/** The one error the client layer throws: screens switch on `code` and `status`, never crash. */
export class ApiError extends Error {
  override name = 'ApiError' as const;
  readonly code: ApiErrorCode;
  readonly status: number;
  readonly issues: z.core.$ZodIssue[] | undefined;
  readonly path: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.status = init.status;
    this.issues = init.issues;
    this.path = init.path;
  }
}

export const UNREACHABLE_MESSAGE = 'the service could not be reached';
export const UNEXPECTED_MESSAGE = 'unexpected response from the service';

// The spec has no rate limits, but says nothing against a real deployment sending 429
// (docs/interface-gaps.md #32): retry it like a network failure or a server error.
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/** Whether repeating the same request may succeed: for react-query's `retry`. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === 'network' || (error.code === 'http' && RETRYABLE_STATUSES.has(error.status))
  );
}

/**
 * The message of an error answer: `{message}` (the interface's error body), else the
 * `<Message>` of a storage bucket's XML error, else the status. Never the raw body: an
 * HTML error page or a stack trace has no place in a toast.
 */
export function errorMessage(status: number, text: string, fallback?: string): string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const xml = /<Message>([^<]{1,500})<\/Message>/.exec(text)?.[1]?.trim();
    if (xml) return xml;
  }
  const body = ErrorBodySchema.safeParse(json);
  if (body.success && body.data.message.trim()) return body.data.message;
  return fallback ?? `the service answered with status ${status}`;
}
