import { ApiError } from '../../../client/api-error.ts';

/** A failed save, said plainly beside the form that still holds what was typed. */
export function saveFailure(error: unknown, what: 'entity' | 'metadata'): string {
  if (error instanceof ApiError) {
    if (error.code === 'network')
      return 'The service cannot be reached. Nothing you typed is lost; try again.';
    if (error.status === 401 || error.status === 403)
      return `Your sign-in does not allow changing accounts. Nothing you typed is lost.`;
    if (error.status === 404)
      return what === 'entity'
        ? 'This account no longer exists, so the entity cannot be added to it.'
        : 'This entity no longer exists.';
    const message = error.message || 'the service refused the change';
    return message.charAt(0).toUpperCase() + message.slice(1);
  }
  return 'The change could not be saved. Try again.';
}
