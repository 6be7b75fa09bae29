import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Finding } from '../../../../contract/findings.ts';
import { Button } from '../../../ui/button.tsx';
import { ChoiceCards } from '../../../ui/choice-cards.tsx';
import { WetInkPanel } from '../../signatures/index.ts';
import { TextAreaField } from '../../../ui/field.tsx';
import { useAnswerFinding } from '../finding-mutations.ts';
import { FindingFormCard } from './finding-form-card.tsx';
import { useKeptForm } from '../kept-text.ts';

// The responsible party's answer (ADR 029): cured, with a line of what was done, or
// disputed, with the reason (required). After a dispute was upheld, only cured. What is
// written is kept until it is saved (kept-text.ts). A wet-ink scan QC returned is cured the
// one way the spec takes a new document: a rescan, uploaded here with the signatures'
// panel; once it is confirmed the finding is answered cured, saying so. Any other document
// has no way to be replaced through the interface, and the form says that.

type Answer = 'cured' | 'disputed';
const NOTE_MAX = 2000;

/** The signature request awaiting the rescan of a finding's document, when there is one. */
export interface Rescan {
  id: string;
}

/** What the note says of a rescan, after what was typed. */
const withRescan = (text: string, fileName: string | undefined) =>
  fileName ? [text, `A rescan was uploaded: ${fileName}.`].filter(Boolean).join(' ') : text;

export function AnswerForm({
  finding,
  onBehalfOf,
  rescan,
}: {
  finding: Finding;
  onBehalfOf?: string;
  /**
   * The signature request awaiting a rescan of this finding's document; null when there is
   * none (then no replacement can be sent); undefined while unknown or not asked.
   */
  rescan?: Rescan | null | undefined;
}) {
  const kept = useKeptForm<{ answer: Answer; note: string }>(finding.id, 'answer', {
    answer: 'cured',
    note: '',
  });
  const answer: Answer = finding.upheld ? 'cured' : kept.value.answer;
  const note = kept.value.note;
  const [error, setError] = useState<string>();
  // The name of the rescan uploaded here: the cure's note says so, on a retry too.
  const [rescanned, setRescanned] = useState<string>();
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
    const sent = answer === 'cured' ? withRescan(text, rescanned) : text;
    save.mutate({ answer, note: sent }, { onSuccess: () => kept.clear() });
  };

  const { mutate } = save;
  const { clear } = kept;
  const cureByRescan = useCallback(
    (fileName: string) => {
      setRescanned(fileName);
      mutate(
        { answer: 'cured', note: withRescan(note.trim().slice(0, NOTE_MAX - 200), fileName) },
        { onSuccess: () => clear() },
      );
    },
    [mutate, clear, note],
  );

  return (
    <FindingFormCard
      id={headingId}
      className="finding-answer"
      title={onBehalfOf ? `Answer for ${onBehalfOf}` : 'Your answer'}
      onSubmit={submit}
      failed={save.isError}
      error={save.error}
    >
      <ChoiceCards
        legend="Answer"
        value={answer}
        onChange={(next) => kept.set({ ...kept.value, answer: next })}
        choices={[
          { value: 'cured', label: 'Cured', hint: 'It is fixed.' },
          {
            value: 'disputed',
            label: 'Disputed',
            hint: 'It is not a defect.',
            disabled: finding.upheld,
            describedBy: `${headingId}-upheld`,
          },
        ]}
      />
      {finding.upheld && (
        <p className="finding-card__note" id={`${headingId}-upheld`}>
          A QC manager upheld this finding after it was disputed: it can be cured, not disputed
          again.
        </p>
      )}
      {answer === 'cured' &&
        (rescan ? (
          <section className="finding-rescan" aria-labelledby={`${headingId}-rescan`}>
            <h3 className="finding-rescan__title" id={`${headingId}-rescan`}>
              Upload the rescan
            </h3>
            <p className="finding-card__note">
              Once the corrected scan is uploaded and confirmed, this finding is marked cured, with
              a note that a rescan was uploaded.
            </p>
            <WetInkPanel
              requestId={rescan.id}
              awaitingScan
              canSeeQueue={false}
              again
              onConfirmed={cureByRescan}
            />
            <Link
              className="finding-rescan__link"
              to={`/signatures/${encodeURIComponent(rescan.id)}`}
            >
              Open its signature request
            </Link>
          </section>
        ) : rescan === null ? (
          <p className="finding-card__note" data-testid="no-replacement">
            No replacement PDF can be sent from here: the interface takes a new document only as a
            wet-ink rescan, and this document is not waiting for one. Say what you did below.
          </p>
        ) : null)}
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
    </FindingFormCard>
  );
}
