import { useState } from 'react';
import type { SignatureRequest } from '../../../contract/signatures.ts';
import { Button, type ButtonProps } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/dialog.tsx';
import { useDeleteRequest } from './signature-mutations.ts';

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
  const name = request.file.matterReference;
  const confirm = () => {
    remove.mutate(request);
    setOpen(false);
    onDeleted?.();
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant={variant} aria-label={`Delete the request for ${name}`}>
          Delete
        </Button>
      }
      title={`Delete the request for ${name}?`}
      description="The signature request is removed. The file itself stays, and a new request can be made for it at any time."
      confirmLabel="Delete request"
      onConfirm={confirm}
    />
  );
}
