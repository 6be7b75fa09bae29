import type { FormEvent } from 'react';
import type { Severity } from '../../../../contract/findings.ts';
import type { QcChecklist, QcProcess } from '../../../../contract/qc.ts';
import type { ProcessSettings } from '../../../../contract/qc-management.ts';
import { Button, SubmitButton } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Field } from '../../../ui/field.tsx';
import {
  isSuggested,
  savedBinding,
  suggestedChoices,
  type BindingChoice,
} from './machine-binding.ts';
import { MachineCheckSelect } from './machine-check-select.tsx';
import {
  bodyOf,
  formOf,
  savedSeverities,
  type SettingsErrors,
  type SettingsForm,
  type TextField,
} from './process-settings-form.ts';
import { useFormDialog } from './form-dialog.ts';
import { checksByGroup, SeverityFields } from './severity-fields.tsx';
import { settingsFailure, useSaveSettings } from './settings.queries.ts';

const HINTS: Record<TextField, string> = {
  targetAgeHours:
    'Pending requests older than this are marked in the team view. Leave empty for no target.',
  samplePercent:
    'Each approval in this process is sampled with this chance, and goes to a reviewer other than the one who approved it. 0 turns sampling off.',
  responseDays:
    'The person responsible for a finding has this many working days (Monday to Friday) to answer it; after that it shows as overdue.',
  escalationDays:
    'Once a finding has been overdue this many working days, the QC managers are e-mailed about it, whatever each chose for their own e-mail.',
};

const MACHINE_HINT =
  'The machine check reads the document before a reviewer opens it and flags the item when it fails or is unsure; the reviewer still decides.';
const MACHINE_SUGGESTED =
  " None has been saved for this process: the checks the items' names suggest are used, marked Suggested.";

/**
 * A process's target age, second-review share (ADR 021), its findings' response target and
 * each check's severity (ADR 029), and when an overdue one is e-mailed to the QC managers
 * (ADR 040), and the machine's check of each item (ADR 042), for QC managers. A failed save keeps the dialog open
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
  const save = useSaveSettings();
  const { dialog, closeOnSuccess, form, setForm, errors, setErrors } = useFormDialog<
    SettingsForm,
    SettingsErrors
  >(() => formOf(settings, names()), save);
  // A field's error goes once it is edited: what it said no longer describes what is typed.
  const edit = (field: TextField, value: string) => {
    setForm({ ...form, [field]: value });
    setErrors({ ...errors, [field]: undefined });
  };
  // A setting typed as text: its field, error and hint (HINTS), and its edit.
  const textField = (
    name: TextField,
    label: string,
    inputMode: 'decimal' | 'numeric',
    placeholder?: string,
  ) => (
    <Field
      label={label}
      name={name}
      inputMode={inputMode}
      autoComplete="off"
      placeholder={placeholder}
      value={form[name]}
      error={errors[name]}
      hint={HINTS[name]}
      onChange={(e) => edit(name, e.target.value)}
    />
  );
  const choose = (name: string, severity: Severity) => {
    setForm({ ...form, severities: { ...form.severities, [name]: severity } });
    setErrors({ ...errors, severities: undefined });
  };

  const saved = savedBinding(settings);
  // What holds as the dialog stands: none saved once the manager went back to the suggestions.
  const bound = form.toSuggested ? undefined : saved;
  const toSuggested = () => {
    setForm({ ...form, checks: suggestedChoices(names()), toSuggested: true });
    setErrors({ ...errors, checks: undefined });
  };
  const bind = (name: string, choice: BindingChoice) => {
    setForm({ ...form, checks: { ...form.checks, [name]: choice } });
    setErrors({ ...errors, checks: undefined });
  };
  const machine = (name: string) => {
    const choice = form.checks[name] ?? '';
    return (
      <MachineCheckSelect
        name={name}
        value={choice}
        suggested={isSuggested(bound, name, choice)}
        onChange={(next) => bind(name, next)}
      />
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = bodyOf(form, savedSeverities(settings), saved);
    if (result.errors) return setErrors(result.errors);
    setErrors({});
    save.mutate({ processId: process.id, body: result.body }, closeOnSuccess);
  };

  return (
    <Dialog
      {...dialog}
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
      actions={<SubmitButton pending={save.isPending}>Save settings</SubmitButton>}
    >
      <h3 className="settings-heading">Queue and sampling</h3>
      {textField('targetAgeHours', 'Target age (hours)', 'decimal', 'No target')}
      {textField('samplePercent', 'Second review (% of approvals)', 'decimal')}
      <h3 className="settings-heading">Findings</h3>
      {textField('responseDays', 'Response target (business days)', 'numeric')}
      {textField('escalationDays', 'Escalate after (business days overdue)', 'numeric')}
      <SeverityFields
        checklist={checklist}
        severities={form.severities}
        error={errors.severities ?? errors.checks}
        onChange={choose}
        machine={machine}
        machineHint={MACHINE_HINT + (bound ? '' : MACHINE_SUGGESTED)}
      />
      {bound && (
        <Button className="settings-suggested" onClick={toSuggested}>
          Use the suggested checks
        </Button>
      )}
    </Dialog>
  );
}
