import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getReportRecipients, putReportRecipients } from '../../../../client/report.ts';
import { SubmitButton } from '../../../ui/button.tsx';
import { failureMessage } from '../../../ui/failure-message.ts';
import { TextAreaField } from '../../../ui/field.tsx';
import { RetryError } from '../../../ui/query-states.tsx';
import { Loading } from '../../../ui/states.tsx';
import { teamQueries } from './team.queries.ts';
import '../../../ui/alert.css';

// Who gets last month's report by e-mail, its PDF attached, on the first business day of
// each month (ADR 041; with ATTEST_SMTP_URL, ADR 040): the owner's list, kept by the gateway.

const recipientsQuery = () =>
  queryOptions({
    queryKey: [...teamQueries.all(), 'report-recipients'] as const,
    queryFn: ({ signal }) => getReportRecipients({ signal }),
  });

/** Addresses as people paste them: one a line, or separated by commas, spaces or semicolons. */
export const addressesIn = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function RecipientsForm({ saved }: { saved: string[] }) {
  const client = useQueryClient();
  // What was typed and not saved yet; null: the saved list.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const save = useMutation({
    mutationFn: putReportRecipients,
    onSuccess: (kept) => {
      client.setQueryData(recipientsQuery().queryKey, kept);
      setTyped(null);
    },
  });
  const text = typed ?? saved.join('\n');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const addresses = addressesIn(text);
    const wrong = addresses.filter((a) => !EMAIL.test(a));
    setError(wrong.length ? `Not an e-mail address: ${wrong.join(', ')}` : undefined);
    if (!wrong.length) save.mutate(addresses);
  };
  return (
    <form className="report-recipients__form" onSubmit={submit} noValidate>
      <TextAreaField
        label="Send last month's report to"
        hint="E-mail addresses, one a line. On the first business day of each month each gets the PDF, once. Empty: nobody."
        rows={3}
        value={text}
        error={error}
        onChange={(e) => {
          setTyped(e.target.value);
          save.reset();
        }}
      />
      {save.isError && (
        <p className="alert" role="alert">
          {failureMessage(save.error, {
            network: 'The console cannot be reached. What you typed is kept; try again.',
            said: (sentence) => `${sentence} What you typed is kept.`,
            otherwise: 'The list could not be saved. What you typed is kept; try again.',
          })}
        </p>
      )}
      <div className="report-recipients__actions">
        <p role="status" className="report-recipients__status">
          {save.isSuccess && typed === null ? 'Saved.' : ''}
        </p>
        <SubmitButton pending={save.isPending} disabled={typed === null}>
          Save recipients
        </SubmitButton>
      </div>
    </form>
  );
}

export function ReportRecipients() {
  const query = useQuery(recipientsQuery());
  return (
    <div className="report-recipients">
      <h3 className="report-subheading">By e-mail, monthly</h3>
      {query.data ? (
        <RecipientsForm saved={query.data.recipients} />
      ) : query.isPending ? (
        <Loading label="Loading the report's recipients…" />
      ) : (
        <RetryError title="The report's recipients could not be loaded" query={query} />
      )}
    </div>
  );
}
