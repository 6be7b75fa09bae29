import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../../client/api-error.ts';
import type { Sample, SampleOutcomeBody } from '../../../../contract/qc-management.ts';
import { Button } from '../../../ui/button.tsx';
import { TextAreaField } from '../../../ui/field.tsx';
import { outcomeFailure, useRecordOutcome } from './sample-mutations.ts';
import '../../../ui/alert.css';
import '../../../ui/control.css';
import '../document-review.css';

type Action = SampleOutcomeBody['action'];

const ACTIONS: { value: Action; label: string; hint: string }[] = [
  {
    value: 'keep',
    label: 'Keep the approval',
    hint: 'The first review stands; the document goes on as approved.',
  },
  {
    value: 'rework',
    label: 'Send for rework',
    hint: 'The document goes back to be corrected, outside the QC queue.',
  },
];

/** A QC manager settles a flagged sample: what happens to the document, and why. */
export function OutcomeForm({ sample, onConflict }: { sample: Sample; onConflict: () => void }) {
  const [action, setAction] = useState<Action | undefined>();
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const record = useRecordOutcome(sample.requestId);
  const titleId = useId();
  const noteMissing = !note.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!action || noteMissing) return;
    record.mutate(
      { action, note: note.trim() },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) onConflict();
        },
      },
    );
  };

  return (
    <form
      className="sr-outcome document-review__box"
      aria-labelledby={titleId}
      onSubmit={submit}
      noValidate
    >
      <h2 className="sr-section-title" id={titleId}>
        Outcome
      </h2>
      <p className="sr-muted">
        The second reviewer failed a check the first passed. Decide what happens to the document.
      </p>
      {record.isError && (
        <p className="alert alert--block" role="alert">
          {outcomeFailure(record.error)}
        </p>
      )}
      <fieldset className="sr-choices">
        <legend className="visually-hidden">What happens to the document</legend>
        {ACTIONS.map((choice) => (
          <label key={choice.value} className="sr-choice" data-checked={action === choice.value}>
            <input
              type="radio"
              name="outcome"
              value={choice.value}
              checked={action === choice.value}
              onChange={() => setAction(choice.value)}
            />
            <span>
              <span className="sr-choice__label">{choice.label}</span>
              <span className="sr-choice__hint">{choice.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {tried && !action && <p className="field__error">Choose what happens to the document.</p>}
      <TextAreaField
        label="Note (required)"
        className="control check__note"
        rows={3}
        maxLength={2000}
        value={note}
        placeholder="Why: what the reviewers' difference means for the document"
        error={tried && noteMissing ? 'Write a note: it is kept with the outcome.' : undefined}
        onChange={(e) => setNote(e.target.value)}
      />
      <Button type="submit" variant="primary" pending={record.isPending}>
        Record outcome
      </Button>
    </form>
  );
}
