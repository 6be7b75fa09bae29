import { useId, useState, type FormEvent } from 'react';
import { decisionsCsvUrl } from '../../../../client/team.ts';
import { SubmitButton } from '../../../ui/button.tsx';
import { Field } from '../../../ui/field.tsx';

// The history of decisions made through the console, as CSV for a range of days (ADR 020).
// Fetched, then saved: an error answer is said here rather than saved as a file.

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function check(from: string, to: string): string | undefined {
  if (!from || !to) return 'Choose both days.';
  if (to < from) return 'The last day comes before the first.';
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > 366) return 'Choose at most a year.';
  return undefined;
}

export function DecisionsExport() {
  const [from, setFrom] = useState(() => isoDay(Date.now() - 29 * DAY_MS));
  const [to, setTo] = useState(() => isoDay(Date.now()));
  const [status, setStatus] = useState<{ busy?: boolean; error?: string; done?: string }>({});
  const headingId = useId();
  const invalid = check(from, to);

  const download = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return setStatus({ error: invalid });
    setStatus({ busy: true });
    try {
      const response = await fetch(decisionsCsvUrl(from, to), { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? `The console answered ${response.status}.`);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `qc-decisions-${from}-to-${to}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setStatus({ done: `Saved the decisions of ${from} to ${to}.` });
    } catch (error) {
      setStatus({ error: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <section className="qc-processes__section" aria-labelledby={headingId}>
      <h2 className="qc-processes__heading" id={headingId}>
        Decision history
      </h2>
      <form className="panel decisions-export" onSubmit={(event) => void download(event)}>
        <p className="decisions-export__text">
          Every approval and rejection made through this console: who, when, each failed check and
          its note, the rework notes, how long it took and any take-overs.
        </p>
        <div className="decisions-export__fields">
          <Field
            label="From"
            type="date"
            value={from}
            max={to}
            onChange={(e) => setFrom(e.target.value)}
          />
          <Field
            label="To"
            type="date"
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
          />
          <SubmitButton pending={status.busy} pendingLabel="Preparing…">
            Download CSV
          </SubmitButton>
        </div>
        <p
          className={status.error ? 'decisions-export__error' : 'decisions-export__status'}
          role="status"
        >
          {status.error ?? status.done ?? ''}
        </p>
      </form>
    </section>
  );
}
