import { useQuery } from '@tanstack/react-query';
import { NOTICE_ATTEMPTS, type Notice, type NoticeState } from '../../../contract/notices.ts';
import { lookupQueries } from '../../lookups.queries.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Countdown } from './countdown.tsx';
import { EventHead, HookIdFact } from './event-head.tsx';
import { formatTime } from './event-labels.ts';
import { attemptAnswer, changeOf, changeSummary, noticeTypeLabel } from './notice-labels.ts';
import { AttemptTable, LastAttemptFact, RedeliverAction } from './outbox.tsx';
import { PayloadBox } from './payload-box.tsx';
import { redeliverNoticeFailure, useRedeliverNotice } from './redeliver-mutations.ts';

const STATES: Record<NoticeState, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  retrying: { label: 'Retrying', tone: 'warning' },
  sent: { label: 'Sent', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

function Attempts({ notice }: { notice: Notice }) {
  if (notice.attempts.length === 0) return null;
  return (
    <details className="payload">
      <summary className="payload__summary">Attempt history ({notice.attempts.length})</summary>
      <AttemptTable
        attempts={notice.attempts.map((attempt) => ({
          key: `${attempt.round}-${attempt.attempt}`,
          round:
            attempt.round > 1 && attempt.attempt === 1 ? 'redelivery' : `try ${attempt.attempt}`,
          attemptedOn: attempt.attemptedOn,
          answer: attemptAnswer(attempt),
          durationMs: attempt.durationMs,
        }))}
      />
    </details>
  );
}

/** The owner's users' names, by id: a notice names a party by id where the gateway had no name. */
const byId = (users: { id: string; displayName: string }[]) =>
  new Map(users.map((user) => [user.id, user.displayName]));

/** One notice the console sent: its state, last answer, next try, and a button to send it again. */
export function NoticeRow({ notice }: { notice: Notice }) {
  const resend = useRedeliverNotice();
  const change = changeOf(notice.payload);
  // Asked for only when the notice names someone by id alone (every page of the users).
  const step = change?.finding.steps.at(-1);
  const unnamed = [
    change?.finding.responsible,
    step?.kind === 'reassigned' ? step.from : null,
  ].some((person) => person && !person.name);
  const { data: names } = useQuery({ ...lookupQueries.users(), select: byId, enabled: unnamed });
  const titleId = `notice-${notice.id}`;
  const last = notice.attempts.at(-1);
  const state = STATES[notice.state];
  return (
    <li className="event delivery" aria-labelledby={titleId}>
      <EventHead
        titleId={titleId}
        title={noticeTypeLabel(notice.type)}
        badge={<Badge tone={state.tone}>{state.label}</Badge>}
        at={notice.createdOn}
      />
      {change && (
        <p className="event__summary">
          <strong>{change.finding.matterReference}</strong> · {change.finding.processName} ·{' '}
          {change.finding.itemName}. {changeSummary(change, names)}
        </p>
      )}
      <dl className="event__facts">
        <HookIdFact label="webhook-id" id={notice.id} />
        <div>
          <dt>attempts this round</dt>
          <dd>
            {notice.attemptCount} of {NOTICE_ATTEMPTS}
          </dd>
        </div>
        <LastAttemptFact attempt={last} />
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
      <RedeliverAction
        titleId={titleId}
        id={notice.id}
        disabled={notice.state === 'pending'}
        resend={resend}
        failure={redeliverNoticeFailure}
        sent="Sent again with the same webhook-id."
      />
      <Attempts notice={notice} />
      <PayloadBox payload={notice.payload} label="Finding change as sent (data)" />
    </li>
  );
}
