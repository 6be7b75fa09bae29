import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putOutcome, putSecondReview } from '../../../../client/qc-management.ts';
import type {
  Sample,
  SampleOutcomeBody,
  SecondReviewBody,
} from '../../../../contract/qc-management.ts';
import { failureMessage } from '../../../ui/failure-message.ts';
import { samplesQueries } from './samples.queries.ts';

/** The answer is the sample as it now is: written in place, then every list read again. */
function useSampleMutation<Body>(
  requestId: string,
  send: (requestId: string, body: Body) => Promise<Sample>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => send(requestId, body),
    onSuccess: (sample) => {
      client.setQueryData(samplesQueries.detail(requestId).queryKey, sample);
      return client.invalidateQueries({ queryKey: samplesQueries.all() });
    },
  });
}

export const useSendSecondReview = (requestId: string) =>
  useSampleMutation<SecondReviewBody>(requestId, putSecondReview);

export const useRecordOutcome = (requestId: string) =>
  useSampleMutation<SampleOutcomeBody>(requestId, putOutcome);

export const reviewFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The console cannot be reached. Your verdicts are kept; try again.',
    403: 'You approved this request: its second review must come from someone else.',
    404: 'This request is not sampled for a second review.',
    409: 'Someone else reviewed this sample first. Their review is shown below.',
    otherwise: 'The second review could not be saved. Your verdicts are kept; try again.',
  });

export const outcomeFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The console cannot be reached. Your note is kept; try again.',
    403: 'Only a QC manager records the outcome of a flagged sample.',
    404: 'This sample no longer exists.',
    409: 'The outcome of this sample has already been recorded. The latest is shown below.',
    otherwise: 'The outcome could not be saved. Your note is kept; try again.',
  });
