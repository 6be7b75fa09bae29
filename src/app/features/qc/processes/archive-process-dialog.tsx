import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import type { QcProcess } from '../../../../contract/qc.ts';
import { Button } from '../../../ui/button.tsx';
import { saveFailure, useUpdateProcess } from './process-mutations.ts';

/** Archiving asks first: the process leaves the active list for everyone at once. */
export function ArchiveProcessDialog({ process }: { process: QcProcess }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateProcess();
  const leadId = useId();
  const archive = () =>
    update.mutate(
      { id: process.id, patch: { archivedOn: new Date().toISOString() } },
      { onSuccess: () => setOpen(false) },
    );
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) update.reset();
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button aria-label={`Archive ${process.displayName}`}>Archive</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog" role="alertdialog" aria-describedby={leadId}>
          <Dialog.Title className="dialog__title">Archive “{process.displayName}”?</Dialog.Title>
          <Dialog.Description id={leadId} className="qc-process-dialog__lead">
            It moves to the archived processes. Requests already in the queue stay there and can
            still be reviewed. You can unarchive it at any time.
          </Dialog.Description>
          {update.isError && (
            <p className="qc-form-alert" role="alert">
              {saveFailure(update.error)}
            </p>
          )}
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <Button>Cancel</Button>
            </Dialog.Close>
            <Button
              variant="primary"
              className="qc-danger"
              onClick={archive}
              disabled={update.isPending}
            >
              {update.isPending ? 'Archiving…' : 'Archive process'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
