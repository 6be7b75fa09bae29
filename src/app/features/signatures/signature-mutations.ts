import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createSignatureRequest, deleteSignatureRequest } from '../../../client/signatures.ts';
import type { SignatureRequest, SignatureRequestCreate } from '../../../contract/signatures.ts';
import { failureMessage } from '../../ui/failure-message.ts';
import { pushToast } from '../../ui/toast-store.ts';
import { removeFromLists } from './remove-from-lists.ts';
import { signatureQueries } from './signatures.queries.ts';

/** A new request: cached as its own detail at once, and every list and count refreshed. */
export function useCreateRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignatureRequestCreate) => createSignatureRequest(body),
    onSuccess: (created) => {
      client.setQueryData(signatureQueries.detail(created.id).queryKey, created);
      void client.invalidateQueries({ queryKey: signatureQueries.lists() });
      void client.invalidateQueries({ queryKey: signatureQueries.allCounts() });
    },
  });
}

/**
 * Deletes a request: it leaves every list at once, and comes back with a toast if the service
 * refuses. The toast, because the person has already moved on from the confirmation.
 */
export function useDeleteRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SignatureRequest) => deleteSignatureRequest(request.id),
    onMutate: async (request) => {
      await client.cancelQueries({ queryKey: signatureQueries.lists() });
      await client.cancelQueries({ queryKey: signatureQueries.allCounts() });
      return { rollback: removeFromLists(client, request) };
    },
    onError: (error, request, context) => {
      context?.rollback();
      pushToast({
        tone: 'error',
        title: `${request.file.matterReference} was not deleted`,
        description: deleteFailure(error),
      });
    },
    onSuccess: (_nothing, request) => {
      client.removeQueries({ queryKey: signatureQueries.detail(request.id).queryKey });
    },
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: signatureQueries.lists() }),
        client.invalidateQueries({ queryKey: signatureQueries.allCounts() }),
      ]),
  });
}

const deleteFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The service cannot be reached. Try again.',
    404: 'It no longer exists: someone else may have deleted it.',
    otherwise: 'Try again.',
  });

/** A failed create, said beside the form (which keeps the choice made). */
export function createFailure(error: unknown): string {
  const notAllowed = 'Your sign-in does not allow creating signature requests.';
  return failureMessage(error, {
    network: 'The service cannot be reached. Your choice is kept; try again.',
    401: notAllowed,
    403: notAllowed,
    otherwise: 'The request could not be created. Try again.',
  });
}
