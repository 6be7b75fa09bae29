import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../ui/button.tsx';
import { Field, SelectField, TextAreaField } from '../../../ui/field.tsx';
import {
  actionBodyOf,
  EMPTY_FORM,
  LIMITS,
  STATUS_LABELS,
  TARGET_LABELS,
  type ActionErrors,
  type ActionForm,
  type Status,
  type Target,
} from './corrective-form.ts';
import { periodLabel } from './report-period.ts';
import { actionFailure, useRecordAction } from './report.queries.ts';

// "Record a corrective action" (ADR 041): what it is about, what is done, who owns it, by
// when, its status. Checked beside each field before it is sent; a failed save keeps every
// field as typed and says why above the button. It stays mounted while the period changes,
// so what is typed follows the manager to another month.

/** Names the report knows for each target, offered as the subject is typed. */
export type Suggestions = Readonly<Record<Target, readonly string[]>> & {
  owners: readonly string[];
};

const TARGETS = Object.entries(TARGET_LABELS) as [Target, string][];
const STATES = Object.entries(STATUS_LABELS) as [Status, string][];

export function CorrectiveRecord({
  months,
  suggestions,
}: {
  /** The months on screen, oldest first: one for a month, three for a quarter. */
  months: readonly string[];
  suggestions: Suggestions;
}) {
  const headingId = useId();
  const subjectsId = useId();
  const ownersId = useId();
  const [form, setForm] = useState<ActionForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<ActionErrors>({});
  const [chosenMonth, setChosenMonth] = useState<string>();
  const [recorded, setRecorded] = useState<string>();
  const save = useRecordAction();
  // A quarter's actions are recorded for one of its months, the last by default.
  const month = chosenMonth && months.includes(chosenMonth) ? chosenMonth : (months.at(-1) ?? '');

  // A field's error goes once it is edited: it no longer describes what is typed.
  const edit = <K extends keyof ActionForm>(field: K, value: ActionForm[K]) => {
    setForm({ ...form, [field]: value });
    setErrors({ ...errors, [field]: undefined });
    setRecorded(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = actionBodyOf(form, month);
    if (result.errors) return setErrors(result.errors);
    setErrors({});
    save.mutate(result.body, {
      onSuccess: (saved) => {
        setForm(EMPTY_FORM);
        setRecorded(`Recorded for ${periodLabel(saved.month)}: ${saved.subject}.`);
      },
    });
  };

  return (
    <form className="corrective-form" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h3 className="report-subheading" id={headingId}>
        Record a corrective action
      </h3>
      <div className="corrective-form__grid">
        {months.length > 1 && (
          <div className="corrective-form__cell">
            <SelectField
              label="Month"
              name="month"
              value={month}
              onChange={(e) => setChosenMonth(e.target.value)}
            >
              {months.map((m) => (
                <option key={m} value={m}>
                  {periodLabel(m)}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        <div className="corrective-form__cell">
          <SelectField
            label="About"
            name="target"
            value={form.target}
            error={errors.target}
            onChange={(e) => edit('target', (e.target.value as Target) || '')}
          >
            <option value="">Choose…</option>
            {TARGETS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
        <div
          className={`corrective-form__cell${months.length > 1 ? '' : ' corrective-form__cell--wide'}`}
        >
          <Field
            label="Subject"
            name="subject"
            autoComplete="off"
            list={subjectsId}
            maxLength={LIMITS.subject}
            value={form.subject}
            error={errors.subject}
            hint="Which category, firm, notary or process, by name."
            onChange={(e) => edit('subject', e.target.value)}
          />
        </div>
        <div className="corrective-form__cell corrective-form__cell--full">
          <TextAreaField
            className="field__input corrective-form__action"
            label="Action"
            name="action"
            rows={3}
            maxLength={LIMITS.action}
            value={form.action}
            error={errors.action}
            hint="What is done about it, as the auditor should read it."
            onChange={(e) => edit('action', e.target.value)}
          />
        </div>
        <div className="corrective-form__cell">
          <Field
            label="Owner"
            name="owner"
            autoComplete="off"
            list={ownersId}
            maxLength={LIMITS.owner}
            value={form.owner}
            error={errors.owner}
            onChange={(e) => edit('owner', e.target.value)}
          />
        </div>
        <div className="corrective-form__cell">
          <Field
            label="Due on"
            name="dueOn"
            type="date"
            value={form.dueOn}
            error={errors.dueOn}
            onChange={(e) => edit('dueOn', e.target.value)}
          />
        </div>
        <div className="corrective-form__cell">
          <SelectField
            label="Status"
            name="status"
            value={form.status}
            onChange={(e) => edit('status', e.target.value as Status)}
          >
            {STATES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <datalist id={subjectsId}>
        {(form.target ? suggestions[form.target] : []).map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <datalist id={ownersId}>
        {suggestions.owners.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {save.isError && (
        <p className="alert" role="alert">
          {actionFailure(save.error)}
        </p>
      )}
      <div className="corrective-form__actions">
        <SubmitButton pending={save.isPending} pendingLabel="Recording…">
          Record action
        </SubmitButton>
        {recorded && (
          <p className="corrective-form__done" role="status">
            {recorded}
          </p>
        )}
      </div>
    </form>
  );
}
