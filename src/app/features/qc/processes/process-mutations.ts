import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../../client/api-error.ts';
import { updateQcProcess } from '../../../../client/qc.ts';
import type { QcProcess, QcProcessPatch } from '../../../../contract/qc.ts';
import { qcQueries } from '../qc.queries.ts';

/**
 * Rename, describe, re-point, archive or unarchive a process. The answer is written into the
 * cached process lists at once, then everything QC is invalidated: a new name shows on the
 * requests of that process, and archiving moves it between the active and archived lists.
 */
export function useUpdateProcess() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: QcProcessPatch }) =>
      updateQcProcess(id, patch),
    onSuccess: (saved, { patch }) => {
      client.setQueriesData<QcProcess[]>({ queryKey: qcQueries.allProcesses() }, (list) =>
        list?.map((process) =>
          process.id === saved.id
            ? {
                ...process,
                ...saved,
                // The PATCH answer leaves out description (the spec): keep what was sent.
                description: patch.description ?? process.description,
              }
            : process,
        ),
      );
      return client.invalidateQueries({ queryKey: qcQueries.all() });
    },
  });
}

/** A failed save, said plainly beside the form. */
export function saveFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network')
      return 'The service cannot be reached. Your changes are kept; try again.';
    if (error.status === 403) return 'Your sign-in does not allow changing QC processes.';
    if (error.status === 404)
      return 'This process no longer exists. Reload the page to see the current list.';
    return error.message.charAt(0).toUpperCase() + error.message.slice(1);
  }
  return 'The change could not be saved. Try again.';
}
