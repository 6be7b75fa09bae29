import { useId, type ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { failureMessage } from '../../../ui/failure-message.ts';
import { ErrorState, Loading } from '../../../ui/states.tsx';
import { downloadCsv, type CsvFile } from './team-csv.ts';

/** One section of the team view: a heading, a line saying what it answers, its export. */
export function TeamSection({
  title,
  description,
  csv,
  busy = false,
  toolbar,
  children,
}: {
  title: string;
  description: string;
  /** The section's figures as a file; absent while there are none. */
  csv?: (() => CsvFile) | undefined;
  /** The figures on screen are for another range while this one loads. */
  busy?: boolean;
  /** Controls under the heading (the defects' views). */
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="team-section panel" aria-labelledby={headingId} aria-busy={busy}>
      <header className="team-section__header">
        <div className="team-section__titles">
          <h2 className="section-title" id={headingId}>
            {title}
          </h2>
          <p className="team-section__description">{description}</p>
        </div>
        {csv && (
          <Button
            className="team-section__export"
            aria-label={`Export ${title.toLowerCase()} as CSV`}
            onClick={() => downloadCsv(csv())}
          >
            <DownloadIcon />
            CSV
          </Button>
        )}
      </header>
      {toolbar}
      <div className="team-section__body">{children}</div>
    </section>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className="team-icon">
      <path
        d="M8 2v8m0 0L4.5 6.5M8 10l3.5-3.5M3 13h10"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** What a section shows while its data is not there: loading, or why not and a way to retry. */
export function SectionState({
  pending,
  error,
  what,
  retry,
}: {
  pending: boolean;
  error: Error | null;
  /** "the team's figures" */
  what: string;
  retry: () => void;
}) {
  if (pending) return <Loading label={`Loading ${what}…`} />;
  return (
    <ErrorState
      title={`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded`}
      message={failureMessage(error, {
        network: 'The console could not be reached. Check the connection and try again.',
        otherwise: 'Something went wrong.',
      })}
      action={<Button onClick={retry}>Try again</Button>}
    />
  );
}
