import type { FormEvent } from 'react';
import {
  QcProcessPatchSchema,
  type QcChecklist,
  type QcProcess,
  type QcProcessPatch,
} from '../../../../contract/qc.ts';
import { Button, SubmitButton } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field, SelectField, TextAreaField } from '../../../ui/field.tsx';
import { useFormDialog } from './form-dialog.ts';
import { saveFailure, useUpdateProcess } from './process-mutations.ts';
import '../../../../shared/zod-messages.ts';

interface Form {
  displayName: string;
  description: string;
  checklistId: string;
}
type FormErrors = Partial<Record<keyof Form, string>>;

const formOf = (process: QcProcess): Form => ({
  displayName: process.displayName,
  description: process.description ?? '',
  checklistId: process.checklistId,
});

/** Only what changed is sent: a PATCH that repeats the rest could undo someone else's edit. */
function patchOf(process: QcProcess, form: Form): QcProcessPatch {
  const before = formOf(process);
  return {
    ...(form.displayName.trim() !== before.displayName
      ? { displayName: form.displayName.trim() }
      : {}),
    ...(form.description !== before.description ? { description: form.description } : {}),
    ...(form.checklistId !== before.checklistId ? { checklistId: form.checklistId } : {}),
  };
}

/** Rename, describe and re-point one process; a failed save keeps what was typed. */
export function EditProcessDialog({
  process,
  checklists,
}: {
  process: QcProcess;
  checklists: readonly QcChecklist[];
}) {
  const update = useUpdateProcess();
  const { dialog, setOpen, closeOnSuccess, form, setForm, errors, setErrors } = useFormDialog<
    Form,
    FormErrors
  >(() => formOf(process), update);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch = patchOf(process, form);
    if (Object.keys(patch).length === 0) return setOpen(false);
    const parsed = QcProcessPatchSchema.safeParse(patch);
    if (!parsed.success) {
      const found: FormErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'displayName' || field === 'description' || field === 'checklistId')
          found[field] ??= issue.message.replace(/^displayName/, 'The name');
      }
      return setErrors(found);
    }
    setErrors({});
    update.mutate({ id: process.id, patch: parsed.data }, closeOnSuccess);
  };

  return (
    <Dialog
      {...dialog}
      trigger={<Button aria-label={`Edit ${process.displayName}`}>Edit</Button>}
      title="Edit process"
      description={process.displayName}
      failure={update.isError ? saveFailure(update.error) : null}
      onSubmit={submit}
      actions={<SubmitButton pending={update.isPending}>Save changes</SubmitButton>}
    >
      <Field
        label="Name"
        name="displayName"
        value={form.displayName}
        error={errors.displayName}
        maxLength={200}
        onChange={(e) => setForm({ ...form, displayName: e.target.value })}
      />
      <TextAreaField
        label="Description"
        className="field__input qc-textarea"
        rows={3}
        maxLength={2000}
        value={form.description}
        error={errors.description}
        onChange={(e) => setForm({ ...form, description: e.target.value })}
      />
      <SelectField
        label="Checklist"
        value={form.checklistId}
        hint="New requests use this checklist; requests already waiting keep theirs."
        onChange={(e) => setForm({ ...form, checklistId: e.target.value })}
      >
        {!checklists.some((c) => c.id === form.checklistId) && (
          <option value={form.checklistId}>Current checklist</option>
        )}
        {checklists.map((checklist) => (
          <option key={checklist.id} value={checklist.id}>
            {checklist.displayName} (v{checklist.version})
          </option>
        ))}
      </SelectField>
    </Dialog>
  );
}
