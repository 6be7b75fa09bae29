import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { resendMail } from '../../../client/mail.ts';
import { redeliverNotice } from '../../../client/notices.ts';
import { redeliver } from '../../../client/sandbox.ts';
import { failureMessage } from '../../ui/failure-message.ts';
import { eventQueries } from './events.queries.ts';

/** Sends a message again (a fresh round of attempts, same id); its list then polls. */
function useResend(send: (id: string) => Promise<unknown>, list: QueryKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => send(id),
    onSettled: () => client.invalidateQueries({ queryKey: list }),
  });
}

/** A message of the service's outbox, sent again with the same hook-id. */
export const useRedeliver = () => useResend(redeliver, eventQueries.allDeliveries());

/** A notice the console sent, sent again with the same webhook-id. */
export const useRedeliverNotice = () => useResend(redeliverNotice, eventQueries.allNotices());

/** An e-mail the console sent about a finding, sent again (a fresh round of attempts). */
export const useResendMail = () => useResend(resendMail, eventQueries.allMails());

export const redeliverFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The service cannot be reached. Try again.',
    401: 'Your sign-in may not use the sandbox controls.',
    404: 'The service no longer has this message.',
    otherwise: 'The message could not be sent again. Try again.',
  });

export const redeliverNoticeFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The console cannot be reached. Try again.',
    403: 'Only QC managers may send notices again.',
    404: 'The console no longer keeps this notice.',
    otherwise: 'The notice could not be sent again. Try again.',
  });

/** A 409 is said in the gateway's words: the e-mail still waits, or nothing sends e-mail. */
export const resendMailFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The console cannot be reached. Try again.',
    403: 'Only QC managers may send e-mails again.',
    404: 'The console no longer keeps this e-mail.',
    otherwise: 'The e-mail could not be sent again. Try again.',
  });
