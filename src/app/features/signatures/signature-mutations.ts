import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../client/api-error.ts';
import { createSignatureRequest, deleteSignatureRequest } from '../../../client/signatures.ts';
import type { SignatureRequest, SignatureRequestCreate } from '../../../contract/signatures.ts';
import { pushToast } from '../../ui/toast-store.ts';
import { sentence } from './format.ts';
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

function deleteFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network') return 'The service cannot be reached. Try again.';
    if (error.status === 404) return 'It no longer exists: someone else may have deleted it.';
    return sentence(error.message);
  }
  return 'Try again.';
}

/** A failed create, said beside the form (which keeps the choice made). */
export function createFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network')
      return 'The service cannot be reached. Your choice is kept; try again.';
    if (error.status === 401 || error.status === 403)
      return 'Your sign-in does not allow creating signature requests.';
    return sentence(error.message);
  }
  return 'The request could not be created. Try again.';
}
