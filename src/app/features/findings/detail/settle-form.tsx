import { useId, useState, type FormEvent } from 'react';
import type { Finding } from '../../../../contract/findings.ts';
import { Button } from '../../../ui/button.tsx';
import { ChoiceCards } from '../../../ui/choice-cards.tsx';
import { TextAreaField } from '../../../ui/field.tsx';
import { useSettleFinding } from '../finding-mutations.ts';
import { FindingFormCard } from './finding-form-card.tsx';
import { useKeptForm } from '../kept-text.ts';

// A QC manager settles a dispute (ADR 029): upheld (the finding stands, open again with a
// new due date, and cannot be disputed twice) or withdrawn (it leaves the defect figures),
// with the reason either way. Four eyes: never by the manager who raised it or wrote the
// answer being settled, and never by a client without a person; the form says why instead.

type Outcome = 'upheld' | 'withdrawn';

export function SettleForm({ finding, me }: { finding: Finding; me: string | undefined }) {
  const headingId = useId();
  const kept = useKeptForm<{ outcome: Outcome | ''; note: string }>(finding.id, 'settle', {
    outcome: '',
    note: '',
  });
  const [errors, setErrors] = useState<{ outcome?: string; note?: string }>({});
  const save = useSettleFinding(finding.id);
  const { outcome, note } = kept.value;

  const refused = refusal(finding, me);
  if (refused) {
    return (
      <section className="finding-card" aria-labelledby={headingId}>
        <h2 className="finding-card__title" id={headingId}>
          Settle the dispute
        </h2>
        <p className="finding-card__note" data-testid="settle-refused">
          {refused}
        </p>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      outcome: outcome ? undefined : 'Choose whether the finding stands or is withdrawn.',
      note: note.trim() ? undefined : 'Say why: the person responsible reads it.',
    };
    setErrors(next);
    if (next.outcome || next.note || !outcome) return;
    save.mutate({ outcome, note: note.trim() }, { onSuccess: () => kept.clear() });
  };

  return (
    <FindingFormCard
      id={headingId}
      className="finding-settle"
      title="Settle the dispute"
      onSubmit={submit}
      failed={save.isError}
      error={save.error}
    >
      <ChoiceCards
        legend="Outcome"
        value={outcome}
        error={errors.outcome}
        onChange={(next) => {
          kept.set({ ...kept.value, outcome: next });
          setErrors({ ...errors, outcome: undefined });
        }}
        choices={[
          { value: 'upheld', label: 'Uphold', hint: 'It is a defect: open again, to be cured.' },
          {
            value: 'withdrawn',
            label: 'Withdraw',
            hint: 'The dispute is right: it leaves the figures.',
          },
        ]}
      />
      <TextAreaField
        className="field__input finding-textarea"
        label="Reason"
        name="note"
        rows={3}
        maxLength={2000}
        value={note}
        error={errors.note}
        hint="Required. The person responsible and the request's history show it."
        onChange={(e) => {
          kept.set({ ...kept.value, note: e.target.value });
          setErrors({ ...errors, note: undefined });
        }}
      />
      <div className="finding-card__actions">
        <Button type="submit" variant="primary" pending={save.isPending}>
          Settle dispute
        </Button>
      </div>
    </FindingFormCard>
  );
}

/** Why `me` may not settle this dispute (the gateway refuses it alike), or nothing. */
function refusal(finding: Finding, me: string | undefined): string | undefined {
  if (!me) {
    return 'You are signed in as a client without a user: only a person settles a dispute.';
  }
  if (finding.raisedBy.id === me) {
    return 'You raised this finding, so another QC manager settles its dispute: nobody judges their own finding.';
  }
  const answered = finding.steps.findLast((step) => step.kind === 'answered');
  if (answered?.by.id === me) {
    return 'You recorded the answer being settled, so another QC manager settles it: nobody judges their own answer.';
  }
  return undefined;
}
