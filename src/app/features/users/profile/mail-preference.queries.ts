import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getMailPreference, putMailPreference } from '../../../../client/mail.ts';
import type { MailChoice } from '../../../../contract/mail.ts';
import { failureMessage } from '../../../ui/failure-message.ts';

// The signed-in person's choice of e-mail about their findings (ADR 040): the gateway's own,
// for a person only (a client without a user is refused, and never asks). Sign-out clears
// the cache, so the key needs no person.

export const mailPreferenceQuery = () =>
  queryOptions({
    queryKey: ['mail-preference'] as const,
    queryFn: ({ signal }) => getMailPreference({ signal }),
  });

/** Saves the choice; the answer (the choice as kept, with the address) becomes the query's. */
export function useSaveMailChoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: MailChoice) => putMailPreference(choice),
    onSuccess: (saved) => client.setQueryData(mailPreferenceQuery().queryKey, saved),
  });
}

export const mailChoiceFailure = (error: unknown) =>
  failureMessage(error, {
    network:
      'The console cannot be reached, so your choice was not saved. It is kept here: try again.',
    403: 'This sign-in has no person to e-mail, so there is no choice to save.',
    said: (sentence) => `${sentence} Your choice was not saved; it is kept here: try again.`,
    otherwise: 'Your choice could not be saved. It is kept here: try again.',
  });
