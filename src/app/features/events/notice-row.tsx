import { NOTICE_ATTEMPTS, type Notice, type NoticeState } from '../../../contract/notices.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import '../../ui/table.css';
import { formatShortTime, formatTime } from './event-labels.ts';
import { redeliverNoticeFailure, useRedeliverNotice } from './notice-mutations.ts';
import { attemptAnswer, changeOf, changeSummary, noticeTypeLabel } from './notice-labels.ts';
import { PayloadBox } from './payload-box.tsx';
import { useNow } from './use-now.ts';
import './delivery.css';

const STATES: Record<NoticeState, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  retrying: { label: 'Retrying', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** "in 25 s", "in 4 min", "now": how long until the next attempt, kept current. */
function Countdown({ at }: { at: string }) {
  const now = useNow();
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  if (seconds <= 0) return <>now</>;
  if (seconds < 90) return <>in {seconds} s</>;
  if (seconds < 90 * 60) return <>in {Math.round(seconds / 60)} min</>;
  return <>in {Math.round(seconds / 3600)} h</>;
}

function Attempts({ notice }: { notice: Notice }) {
  if (notice.attempts.length === 0) return null;
  return (
    <details className="payload">
      <summary className="payload__summary">Attempt history ({notice.attempts.length})</summary>
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
            {notice.attempts.map((attempt, index) => (
              <tr key={`${attempt.round}-${attempt.attempt}`}>
                <td>{index + 1}</td>
                <td>
                  {attempt.round > 1 && attempt.attempt === 1
                    ? 'redelivery'
                    : `try ${attempt.attempt}`}
                </td>
                <td>
                  <time dateTime={attempt.attemptedOn}>{formatShortTime(attempt.attemptedOn)}</time>
                </td>
                <td>{attemptAnswer(attempt)}</td>
                <td>{attempt.durationMs} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** One notice the console sent: its state, last answer, next try, and a button to send it again. */
export function NoticeRow({ notice }: { notice: Notice }) {
  const resend = useRedeliverNotice();
  const titleId = `notice-${notice.id}`;
  const change = changeOf(notice.payload);
  const last = notice.attempts.at(-1);
  const state = STATES[notice.state];
  return (
    <li className="event delivery" aria-labelledby={titleId}>
      <div className="event__head">
        <h3 className="event__title" id={titleId}>
          {noticeTypeLabel(notice.type)}
        </h3>
        <Badge tone={state.tone}>{state.label}</Badge>
        <time className="event__time" dateTime={notice.createdOn}>
          {formatTime(notice.createdOn)}
        </time>
      </div>
      {change && (
        <p className="event__summary">
          <strong>{change.finding.matterReference}</strong> · {change.finding.processName} ·{' '}
          {change.finding.itemName}. {changeSummary(change)}
        </p>
      )}
      <dl className="event__facts">
        <div>
          <dt>webhook-id</dt>
          <dd>
            <code className="event__hook-id">{notice.id}</code>
          </dd>
        </div>
        <div>
          <dt>attempts this round</dt>
          <dd>
            {notice.attemptCount} of {NOTICE_ATTEMPTS}
          </dd>
        </div>
        {last && (
          <div>
            <dt>last attempt</dt>
            <dd>
              {attemptAnswer(last)} at{' '}
              <time dateTime={last.attemptedOn}>{formatTime(last.attemptedOn)}</time>
            </dd>
          </div>
        )}
        {notice.nextAttemptOn && (
          <div>
            <dt>next attempt</dt>
            <dd>
              <time dateTime={notice.nextAttemptOn}>{formatTime(notice.nextAttemptOn)}</time> (
              <Countdown at={notice.nextAttemptOn} />)
            </dd>
          </div>
        )}
        {notice.round > 1 && (
          <div>
            <dt>redelivered</dt>
            <dd>
              {notice.round - 1} time{notice.round === 2 ? '' : 's'}
            </dd>
          </div>
        )}
      </dl>
      <div className="delivery__actions">
        <Button
          onClick={() => resend.mutate(notice.id)}
          disabled={notice.state === 'pending'}
          pending={resend.isPending}
          pendingLabel="Redelivering…"
          aria-describedby={`${titleId}-result`}
        >
          Redeliver
        </Button>
        <p className="delivery__note" id={`${titleId}-result`} aria-live="polite">
          {resend.isError
            ? redeliverNoticeFailure(resend.error)
            : resend.isSuccess
              ? 'Sent again with the same webhook-id.'
              : ''}
        </p>
      </div>
      <Attempts notice={notice} />
      <PayloadBox payload={notice.payload} label="Finding change as sent (data)" />
    </li>
  );
}
