import { useState, type FormEvent } from 'react';
import type { Severity } from '../../../../contract/findings.ts';
import type { QcChecklist, QcProcess } from '../../../../contract/qc.ts';
import type { ProcessSettings } from '../../../../contract/qc-management.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field } from '../../../ui/field.tsx';
import {
  bodyOf,
  formOf,
  savedSeverities,
  type SettingsErrors,
  type SettingsForm,
  type TextField,
} from './process-settings-form.ts';
import { checksByGroup, SeverityFields } from './severity-fields.tsx';
import { settingsFailure, useSaveSettings } from './settings.queries.ts';

/**
 * A process's target age, second-review share (ADR 021), and its findings' response target
 * and each check's severity (ADR 029), for QC managers. A failed save keeps the dialog open
 * with what was chosen; the errors are said beside their fields.
 */
export function ProcessSettingsDialog({
  process,
  checklist,
  settings,
}: {
  process: QcProcess;
  /** The process's checklist, whose checks get a severity; undefined while unknown. */
  checklist: QcChecklist | undefined;
  /** null: none saved yet; undefined: not known, so nothing may be overwritten blindly. */
  settings: ProcessSettings | null | undefined;
}) {
  const names = () => checksByGroup(checklist).flatMap(([, items]) => items);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<SettingsForm>(() => formOf(settings, names()));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const save = useSaveSettings();
  // A field's error goes once it is edited: what it said no longer describes what is typed.
  const edit = (field: TextField, value: string) => {
    setForm({ ...form, [field]: value });
    setErrors({ ...errors, [field]: undefined });
  };
  const choose = (name: string, severity: Severity) => {
    setForm({ ...form, severities: { ...form.severities, [name]: severity } });
    setErrors({ ...errors, severities: undefined });
  };

  const onOpenChange = (next: boolean) => {
    if (next) {
      setForm(formOf(settings, names()));
      setErrors({});
      save.reset();
    }
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = bodyOf(form, savedSeverities(settings));
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
      title="Process settings"
      description={process.displayName}
      size="wide"
      failure={save.isError ? settingsFailure(save.error) : null}
      onSubmit={submit}
      actions={
        <Button type="submit" variant="primary" pending={save.isPending}>
          Save settings
        </Button>
      }
    >
      <h3 className="settings-heading">Queue and sampling</h3>
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
      <h3 className="settings-heading">Findings</h3>
      <Field
        label="Response target (business days)"
        name="responseDays"
        inputMode="numeric"
        autoComplete="off"
        value={form.responseDays}
        error={errors.responseDays}
        hint="The person responsible for a finding has this many working days (Monday to Friday) to answer it; after that it shows as overdue."
        onChange={(e) => edit('responseDays', e.target.value)}
      />
      <SeverityFields
        checklist={checklist}
        severities={form.severities}
        error={errors.severities}
        onChange={choose}
      />
    </Dialog>
  );
}
