import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redeliver } from '../../../client/sandbox.ts';
import { failureMessage } from '../../ui/failure-message.ts';
import { eventQueries } from './events.queries.ts';

/** Sends a message again (a fresh round of attempts, same hook-id); the list then polls. */
export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => redeliver(id),
    onSettled: () => client.invalidateQueries({ queryKey: eventQueries.allDeliveries() }),
  });
}

export const redeliverFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The service cannot be reached. Try again.',
    401: 'Your sign-in may not use the sandbox controls.',
    404: 'The service no longer has this message.',
    otherwise: 'The message could not be sent again. Try again.',
  });
