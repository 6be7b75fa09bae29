import { ApiError } from '../../../client/api-error.ts';

/** A record that is not there (or is another owner's: the service answers the same). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
