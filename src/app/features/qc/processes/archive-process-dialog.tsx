import { useState } from 'react';
import type { QcProcess } from '../../../../contract/qc.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { saveFailure, useUpdateProcess } from './process-mutations.ts';

/** Archiving asks first: the process leaves the active list for everyone at once. */
export function ArchiveProcessDialog({ process }: { process: QcProcess }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateProcess();
  const archive = () =>
    update.mutate(
      { id: process.id, patch: { archivedOn: new Date().toISOString() } },
      { onSuccess: () => setOpen(false) },
    );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (next) update.reset();
        setOpen(next);
      }}
      trigger={<Button aria-label={`Archive ${process.displayName}`}>Archive</Button>}
      title={`Archive “${process.displayName}”?`}
      description="It moves to the archived processes. Requests already in the queue stay there and can still be reviewed. You can unarchive it at any time."
      failure={update.isError ? saveFailure(update.error) : null}
      confirmLabel="Archive process"
      pendingLabel="Archiving…"
      pending={update.isPending}
      onConfirm={archive}
    />
  );
}
