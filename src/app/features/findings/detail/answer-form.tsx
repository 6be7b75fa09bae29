import { useId, useState, type FormEvent } from 'react';
import type { Finding } from '../../../../contract/findings.ts';
import { Button } from '../../../ui/button.tsx';
import { TextAreaField } from '../../../ui/field.tsx';
import { changeFailure, useAnswerFinding } from '../finding-mutations.ts';
import { useKeptForm } from '../kept-text.ts';

// The responsible party's answer (ADR 029): cured, with a line of what was done, or
// disputed, with the reason (required). After a dispute was upheld, only cured. What is
// written is kept until it is saved (kept-text.ts).

type Answer = 'cured' | 'disputed';
const NOTE_MAX = 2000;

export function AnswerForm({ finding, onBehalfOf }: { finding: Finding; onBehalfOf?: string }) {
  const kept = useKeptForm<{ answer: Answer; note: string }>(finding.id, 'answer', {
    answer: 'cured',
    note: '',
  });
  const answer: Answer = finding.upheld ? 'cured' : kept.value.answer;
  const note = kept.value.note;
  const [error, setError] = useState<string>();
  const save = useAnswerFinding(finding.id);
  const headingId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    if (answer === 'disputed' && text === '') {
      return setError('Say why this is not a defect: a QC manager reads it to settle the dispute.');
    }
    if (text.length > NOTE_MAX) return setError(`At most ${NOTE_MAX} characters.`);
    setError(undefined);
    save.mutate({ answer, note: text }, { onSuccess: () => kept.clear() });
  };

  return (
    <form
      className="finding-card finding-answer"
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
    >
      <h2 className="finding-card__title" id={headingId}>
        {onBehalfOf ? `Answer for ${onBehalfOf}` : 'Your answer'}
      </h2>
      {save.isError && (
        <p className="finding-alert" role="alert">
          {changeFailure(save.error)}
        </p>
      )}
      <fieldset className="answer-choice">
        <legend className="visually-hidden">Answer</legend>
        <label className="answer-choice__option">
          <input
            type="radio"
            name={`${headingId}-answer`}
            value="cured"
            checked={answer === 'cured'}
            onChange={() => kept.set({ ...kept.value, answer: 'cured' })}
          />
          <span>
            <strong>Cured</strong>
            <span className="answer-choice__hint">It is fixed.</span>
          </span>
        </label>
        <label
          className={`answer-choice__option${finding.upheld ? ' answer-choice__option--off' : ''}`}
        >
          <input
            type="radio"
            name={`${headingId}-answer`}
            value="disputed"
            checked={answer === 'disputed'}
            disabled={finding.upheld}
            aria-describedby={finding.upheld ? `${headingId}-upheld` : undefined}
            onChange={() => kept.set({ ...kept.value, answer: 'disputed' })}
          />
          <span>
            <strong>Disputed</strong>
            <span className="answer-choice__hint">It is not a defect.</span>
          </span>
        </label>
      </fieldset>
      {finding.upheld && (
        <p className="finding-card__note" id={`${headingId}-upheld`}>
          A QC manager upheld this finding after it was disputed: it can be cured, not disputed
          again.
        </p>
      )}
      <TextAreaField
        className="field__input finding-textarea"
        label={answer === 'disputed' ? 'Why it is not a defect' : 'What you did (optional)'}
        name="note"
        rows={3}
        maxLength={NOTE_MAX}
        value={note}
        error={error}
        hint={
          answer === 'disputed'
            ? 'Required. A QC manager reads it and settles the dispute.'
            : 'A line is enough, e.g. “Re-signed page 2 and re-sealed.”'
        }
        onChange={(e) => {
          kept.set({ ...kept.value, note: e.target.value });
          setError(undefined);
        }}
      />
      <div className="finding-card__actions">
        <Button type="submit" variant="primary" pending={save.isPending}>
          {answer === 'disputed' ? 'Send dispute' : 'Mark cured'}
        </Button>
      </div>
    </form>
  );
}
