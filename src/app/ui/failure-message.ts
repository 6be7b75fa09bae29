import { ApiError } from '../../client/api-error.ts';

/**
 * What one screen says about a failed call. Each case it names replaces the words of the
 * error; every other answer is the error's own message, made a sentence (the client's and
 * the service's messages start in lower case and have no full stop).
 */
export interface FailureWords {
  /** An HTTP status the screen has its own words for (403: not allowed, 404: gone, …). */
  [status: number]: string;
  /** No answer at all: offline, refused, timed out. */
  network?: string;
  /** The caller cancelled. */
  aborted?: string;
  /** The error's own sentence, set in the screen's words, e.g. "… Nothing was saved." */
  said?: (sentence: string, status: number) => string;
  /** Anything that is not an ApiError: a bug, or a failure outside the client layer. */
  otherwise: string;
}

/** A message as a sentence a person reads: capital first, full stop last. */
export function sentence(message: string): string {
  const text = message.trim() || 'the service refused the change';
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');
}

/** The one place an error becomes the sentence beside a form, in a toast or in a panel. */
export function failureMessage(error: unknown, words: FailureWords): string {
  if (!(error instanceof ApiError)) return words.otherwise;
  const named =
    error.code === 'network'
      ? words.network
      : error.code === 'aborted'
        ? words.aborted
        : error.code === 'http'
          ? words[error.status]
          : undefined;
  if (named !== undefined) return named;
  const own = sentence(error.message);
  return words.said ? words.said(own, error.status) : own;
}
