import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import type { SignatureRequest } from '../../../contract/signatures.ts';
import { Button, type ButtonProps } from '../../ui/button.tsx';
import { useDeleteRequest } from './signature-mutations.ts';
import '../../ui/dialog.css';

/**
 * Deleting asks first. On yes the dialog closes and the request leaves the lists at once
 * (`onDeleted` runs then, e.g. to leave its page); a refusal brings it back with a toast.
 */
export function DeleteRequestDialog({
  request,
  onDeleted,
  variant = 'ghost',
}: {
  request: SignatureRequest;
  onDeleted?: () => void;
  variant?: ButtonProps['variant'];
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteRequest();
  const leadId = useId();
  const name = request.file.matterReference;
  const confirm = () => {
    remove.mutate(request);
    setOpen(false);
    onDeleted?.();
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant={variant} aria-label={`Delete the request for ${name}`}>
          Delete
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog" role="alertdialog" aria-describedby={leadId}>
          <Dialog.Title className="dialog__title">Delete the request for {name}?</Dialog.Title>
          <Dialog.Description id={leadId} className="sig-muted">
            The signature request is removed. The file itself stays, and a new request can be made
            for it at any time.
          </Dialog.Description>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <Button>Cancel</Button>
            </Dialog.Close>
            <Button variant="primary" className="sig-danger" onClick={confirm}>
              Delete request
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
