import { Button } from '../../ui/button.tsx';
import '../../ui/table.css';
import { formatShortTime, formatTime } from './event-labels.ts';
import { attemptAnswer, type AttemptAnswer } from './notice-labels.ts';
import './delivery.css';

// What the service's outbox (deliveries) and the console's (notices) show alike: the last
// attempt, the attempts table and the Redeliver button with its result.

export interface AttemptLine {
  key: string;
  /** "try 2", or "redelivery" for the first try of a later round. */
  round: string;
  attemptedOn: string;
  answer: string;
  durationMs: number;
}

/** Every attempt of a message, oldest first, in a table that scrolls on its own. */
export function AttemptTable({ attempts }: { attempts: readonly AttemptLine[] }) {
  return (
    <div
      className="table-scroller delivery__attempts-scroll"
      tabIndex={0}
      role="region"
      aria-label="Attempts"
    >
      <table className="table table--compact delivery__attempts">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Round</th>
            <th scope="col">Sent</th>
            <th scope="col">Answer</th>
            <th scope="col">Took</th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((attempt, index) => (
            <tr key={attempt.key}>
              <td>{index + 1}</td>
              <td>{attempt.round}</td>
              <td>
                <time dateTime={attempt.attemptedOn}>{formatShortTime(attempt.attemptedOn)}</time>
              </td>
              <td>{attempt.answer}</td>
              <td>{attempt.durationMs} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The "last attempt" fact: its answer and when; nothing before the first attempt. */
export function LastAttemptFact({
  attempt,
}: {
  attempt: (AttemptAnswer & { attemptedOn: string }) | null | undefined;
}) {
  if (!attempt) return null;
  return (
    <div>
      <dt>last attempt</dt>
      <dd>
        {attemptAnswer(attempt)} at{' '}
        <time dateTime={attempt.attemptedOn}>{formatTime(attempt.attemptedOn)}</time>
      </dd>
    </div>
  );
}

/** Redeliver (or the message's own word for it), and beside it what came of the last press (read out when it changes). */
export function RedeliverAction({
  titleId,
  id,
  disabled,
  resend,
  failure,
  sent,
  label = 'Redeliver',
  pendingLabel = 'Redelivering…',
}: {
  /** The row's title id; the result line's id is made from it. */
  titleId: string;
  id: string;
  disabled: boolean;
  resend: {
    mutate: (id: string) => void;
    isPending: boolean;
    isError: boolean;
    isSuccess: boolean;
    error: unknown;
  };
  failure: (error: unknown) => string;
  /** What the result line says once the message went out again. */
  sent: string;
  /** The button's words, and its words while the answer is awaited. */
  label?: string;
  pendingLabel?: string;
}) {
  return (
    <div className="delivery__actions">
      <Button
        onClick={() => resend.mutate(id)}
        disabled={disabled}
        pending={resend.isPending}
        pendingLabel={pendingLabel}
        aria-describedby={`${titleId}-result`}
      >
        {label}
      </Button>
      <p className="delivery__note" id={`${titleId}-result`} aria-live="polite">
        {resend.isError ? failure(resend.error) : resend.isSuccess ? sent : ''}
      </p>
    </div>
  );
}
