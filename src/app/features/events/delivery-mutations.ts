import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../client/api-error.ts';
import { redeliver } from '../../../client/sandbox.ts';
import { eventQueries } from './events.queries.ts';

/** Sends a message again (a fresh round of attempts, same hook-id); the list then polls. */
export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => redeliver(id),
    onSettled: () => client.invalidateQueries({ queryKey: eventQueries.allDeliveries() }),
  });
}

export function redeliverFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network') return 'The service cannot be reached. Try again.';
    if (error.status === 401) return 'Your sign-in may not use the sandbox controls.';
    if (error.status === 404) return 'The service no longer has this message.';
    return error.message.charAt(0).toUpperCase() + error.message.slice(1);
  }
  return 'The message could not be sent again. Try again.';
}
