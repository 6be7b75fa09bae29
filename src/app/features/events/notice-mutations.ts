import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redeliverNotice } from '../../../client/notices.ts';
import { failureMessage } from '../../ui/failure-message.ts';
import { eventQueries } from './events.queries.ts';

/** Sends a notice again (a fresh round of attempts, same webhook-id); the list then polls. */
export function useRedeliverNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => redeliverNotice(id),
    onSettled: () => client.invalidateQueries({ queryKey: eventQueries.allNotices() }),
  });
}

export const redeliverNoticeFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The console cannot be reached. Try again.',
    403: 'Only QC managers may send notices again.',
    404: 'The console no longer keeps this notice.',
    otherwise: 'The notice could not be sent again. Try again.',
  });
