import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../client/api-error.ts';
import { answerFinding, reassignFinding, settleFinding } from '../../../client/findings.ts';
import type {
  FindingAnswerBody,
  FindingReassignBody,
  FindingSettleBody,
} from '../../../contract/findings.ts';
import { failureMessage } from '../../ui/failure-message.ts';
import { findingChanged } from './finding-cache.ts';
import { findingKeys } from './finding-keys.ts';

// What a person does to a finding (ADR 029): answer it, settle its dispute, hand it to
// someone else. The answer is the finding as it now is, put everywhere it shows.

/** Someone changed it first (409), or it is gone (404): the page reads it again. */
const reread = (client: QueryClient, id: string) => (error: Error) => {
  if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
    void client.invalidateQueries({ queryKey: findingKeys.detail(id) });
  }
};

export function useAnswerFinding(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FindingAnswerBody) => answerFinding(id, body),
    onSuccess: (finding) => findingChanged(client, finding),
    onError: reread(client, id),
  });
}

export function useSettleFinding(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FindingSettleBody) => settleFinding(id, body),
    onSuccess: (finding) => findingChanged(client, finding),
    onError: reread(client, id),
  });
}

export function useReassignFinding(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FindingReassignBody) => reassignFinding(id, body),
    onSuccess: (finding) => findingChanged(client, finding),
    onError: reread(client, id),
  });
}

/** Why a change was not saved; what was typed stays in its form. */
export const changeFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The console cannot be reached. What you wrote is kept; try again.',
    403: 'Your sign-in does not allow this change to the finding.',
    404: 'This finding is no longer there for you. It may have been handed to someone else.',
    409: 'Someone changed this finding first. It now shows as it is; what you wrote is kept.',
    said: (sentence) => `${sentence} Nothing was saved.`,
    otherwise: 'The change could not be saved. What you wrote is kept; try again.',
  });
