import { failureMessage } from '../../ui/failure-message.ts';

/** A failed save, said plainly beside the form that still holds what was typed. */
export function saveFailure(error: unknown, what: 'entity' | 'metadata'): string {
  const notAllowed = 'Your sign-in does not allow changing accounts. Nothing you typed is lost.';
  return failureMessage(error, {
    network: 'The service cannot be reached. Nothing you typed is lost; try again.',
    401: notAllowed,
    403: notAllowed,
    404:
      what === 'entity'
        ? 'This account no longer exists, so the entity cannot be added to it.'
        : 'This entity no longer exists.',
    otherwise: 'The change could not be saved. Try again.',
  });
}
