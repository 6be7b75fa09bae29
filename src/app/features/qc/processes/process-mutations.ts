import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateQcProcess } from '../../../../client/qc.ts';
import type { QcProcess, QcProcessPatch } from '../../../../contract/qc.ts';
import { failureMessage } from '../../../ui/failure-message.ts';
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
export const saveFailure = (error: unknown) =>
  failureMessage(error, {
    network: 'The service cannot be reached. Your changes are kept; try again.',
    403: 'Your sign-in does not allow changing QC processes.',
    404: 'This process no longer exists. Reload the page to see the current list.',
    otherwise: 'The change could not be saved. Try again.',
  });
