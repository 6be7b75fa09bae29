import { useState, type FormEvent } from 'react';
import type { QcProcess } from '../../../../contract/qc.ts';
import type { ProcessSettings } from '../../../../contract/qc-management.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field } from '../../../ui/field.tsx';
import { bodyOf, formOf, type SettingsErrors, type SettingsForm } from './process-settings-form.ts';
import { settingsFailure, useSaveSettings } from './settings.queries.ts';

/**
 * A process's target age and second-review share (QC managers). A failed save keeps the
 * dialog open with what was typed; the errors are said beside their fields.
 */
export function ProcessSettingsDialog({
  process,
  settings,
}: {
  process: QcProcess;
  /** null: none saved yet; undefined: not known, so nothing may be overwritten blindly. */
  settings: ProcessSettings | null | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<SettingsForm>(() => formOf(settings));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const save = useSaveSettings();
  // A field's error goes once it is edited: what it said no longer describes what is typed.
  const edit = (field: keyof SettingsForm, value: string) => {
    setForm({ ...form, [field]: value });
    setErrors({ ...errors, [field]: undefined });
  };

  const onOpenChange = (next: boolean) => {
    if (next) {
      setForm(formOf(settings));
      setErrors({});
      save.reset();
    }
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = bodyOf(form);
    if (result.errors) return setErrors(result.errors);
    setErrors({});
    save.mutate({ processId: process.id, body: result.body }, { onSuccess: () => setOpen(false) });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button aria-label={`Settings of ${process.displayName}`} disabled={settings === undefined}>
          Settings
        </Button>
      }
      title="Queue and sampling"
      description={process.displayName}
      failure={save.isError ? settingsFailure(save.error) : null}
      onSubmit={submit}
      actions={
        <Button type="submit" variant="primary" pending={save.isPending}>
          Save settings
        </Button>
      }
    >
      <Field
        label="Target age (hours)"
        name="targetAgeHours"
        inputMode="decimal"
        autoComplete="off"
        placeholder="No target"
        value={form.targetAgeHours}
        error={errors.targetAgeHours}
        hint="Pending requests older than this are marked in the team view. Leave empty for no target."
        onChange={(e) => edit('targetAgeHours', e.target.value)}
      />
      <Field
        label="Second review (% of approvals)"
        name="samplePercent"
        inputMode="decimal"
        autoComplete="off"
        value={form.samplePercent}
        error={errors.samplePercent}
        hint="Each approval in this process is sampled with this chance, and goes to a reviewer other than the one who approved it. 0 turns sampling off."
        onChange={(e) => edit('samplePercent', e.target.value)}
      />
    </Dialog>
  );
}
