import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { MailChoice, MailPreference } from '../../../../contract/mail.ts';
import { SubmitButton } from '../../../ui/button.tsx';
import { ChoiceCards, type Choice } from '../../../ui/choice-cards.tsx';
import { RetryError } from '../../../ui/query-states.tsx';
import { Loading } from '../../../ui/states.tsx';
import {
  mailChoiceFailure,
  mailPreferenceQuery,
  useSaveMailChoice,
} from './mail-preference.queries.ts';
import '../../../ui/alert.css';
import './mail-preference.css';

const CHOICES: readonly Choice<MailChoice>[] = [
  {
    value: 'each',
    label: 'Each at once',
    hint: 'An e-mail for each finding raised for you or handed to you, a reminder the day before it is due and on the day.',
  },
  {
    value: 'digest',
    label: 'A daily digest',
    hint: 'The same, gathered into one e-mail a day.',
  },
  {
    value: 'none',
    label: 'None',
    hint: 'No e-mail: your findings wait for you under My findings.',
  },
];

/** Where the e-mail goes, or that it cannot go anywhere yet. */
function Address({ address }: { address: string | null }) {
  if (address) {
    return (
      <p className="mail-preference__address">
        E-mail goes to <strong>{address}</strong>, the address on your user record.
      </p>
    );
  }
  return (
    <p className="mail-preference__address mail-preference__address--none">
      No e-mail address is known for you yet, so none can be sent. E-mail goes to the address on
      your user record.
    </p>
  );
}

/** The choice, saved with its button: a failed save keeps what was chosen and says so. */
function ChoiceForm({ saved }: { saved: MailPreference }) {
  // What the person chose here and has not saved yet; null: what is saved.
  const [chosen, setChosen] = useState<MailChoice | null>(null);
  const save = useSaveMailChoice();
  const value = chosen ?? saved.choice;
  const changed = value !== saved.choice;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value, { onSuccess: () => setChosen(null) });
  };
  // A failure says itself (the alert); so does a pending save (its button).
  const status =
    save.isPending || save.isError
      ? ''
      : changed
        ? 'Not saved yet.'
        : save.isSuccess
          ? 'Saved.'
          : '';

  return (
    <form className="mail-preference__form" onSubmit={submit} noValidate>
      <ChoiceCards
        legend="How often to e-mail you about your findings"
        columns={3}
        choices={CHOICES}
        value={value}
        onChange={(next) => {
          setChosen(next);
          // What the last save said no longer describes what is chosen.
          save.reset();
        }}
      />
      <p className="mail-preference__note">
        Escalations of overdue findings to QC managers always go, whatever is chosen here.
      </p>
      <div className="mail-preference__actions">
        <div className="mail-preference__outcome">
          {save.isError && (
            <p className="alert" role="alert">
              {mailChoiceFailure(save.error)}
            </p>
          )}
          <p className="mail-preference__status" role="status">
            {status}
          </p>
        </div>
        <SubmitButton pending={save.isPending} disabled={!changed}>
          Save choice
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * "E-mail about findings" on the profile (ADR 040), for a person signed in: each at once, a
 * daily digest or none, and where it goes. Said plainly when the console sends no e-mail at
 * all; the choice is kept for the day it does.
 */
export function MailPreferenceCard() {
  const headingId = useId();
  const query = useQuery(mailPreferenceQuery());
  const preference = query.data;
  return (
    <section className="panel mail-preference" aria-labelledby={headingId}>
      <h2 className="section-title" id={headingId}>
        E-mail about findings
      </h2>
      {preference ? (
        <>
          <Address address={preference.address} />
          {!preference.configured && (
            <p className="mail-preference__off">
              This console sends no e-mail at present: no mail server is set up for it. You can
              still choose, and your choice applies once one is.
            </p>
          )}
          <ChoiceForm saved={preference} />
        </>
      ) : query.isPending ? (
        <Loading label="Loading your e-mail choice…" />
      ) : (
        <RetryError title="Your e-mail choice could not be loaded" query={query} />
      )}
    </section>
  );
}
