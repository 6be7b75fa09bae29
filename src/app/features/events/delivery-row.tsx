import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Delivery } from '../../../contract/sandbox.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { EventHead, HookIdFact } from './event-head.tsx';
import { formatTime, typeLabel } from './event-labels.ts';
import { eventQueries } from './events.queries.ts';
import { attemptAnswer } from './notice-labels.ts';
import { AttemptTable, LastAttemptFact, RedeliverAction } from './outbox.tsx';
import { PayloadBox } from './payload-box.tsx';
import { redeliverFailure, useRedeliver } from './redeliver-mutations.ts';

const STATUSES: Record<Delivery['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

function AttemptHistory({ id, version }: { id: string; version: string }) {
  const [open, setOpen] = useState(false);
  const detail = useQuery({
    ...eventQueries.delivery(id, version),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  let body;
  if (!open) body = null;
  else if (detail.isPending) body = <p className="delivery__note">Loading attempts…</p>;
  else if (detail.isError)
    body = (
      <p className="delivery__note delivery__note--error" role="alert">
        The attempts could not be loaded: {detail.error.message}
      </p>
    );
  else
    body = (
      <AttemptTable
        attempts={detail.data.attempts.map((attempt, index) => ({
          key: `${attempt.attemptedOn}-${index}`,
          // Attempt numbers restart at 1 when the message is redelivered.
          round: attempt.attempt === 1 && index > 0 ? 'redelivery' : `try ${attempt.attempt}`,
          attemptedOn: attempt.attemptedOn,
          answer: attemptAnswer(attempt),
          durationMs: attempt.durationMs,
        }))}
      />
    );
  return (
    <details className="payload" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="payload__summary">Attempt history</summary>
      {body}
    </details>
  );
}

/** One message of the service's outbox: its last attempt, and a button to send it again. */
export function DeliveryRow({ delivery, received }: { delivery: Delivery; received: boolean }) {
  const resend = useRedeliver();
  const titleId = `delivery-${delivery.id}`;
  const last = delivery.lastAttempt;
  return (
    <li className="event delivery" aria-labelledby={titleId}>
      <EventHead
        titleId={titleId}
        title={typeLabel(delivery.eventType)}
        badge={
          <Badge tone={STATUSES[delivery.status].tone}>{STATUSES[delivery.status].label}</Badge>
        }
        at={delivery.createdOn}
      />
      <dl className="event__facts">
        <HookIdFact label="hook-id" id={delivery.id} />
        <div>
          <dt>attempts this round</dt>
          <dd>{delivery.attemptCount} of 9</dd>
        </div>
        <LastAttemptFact attempt={last} />
        {delivery.nextAttemptOn && (
          <div>
            <dt>next attempt</dt>
            <dd>
              <time dateTime={delivery.nextAttemptOn}>{formatTime(delivery.nextAttemptOn)}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>in the console</dt>
          <dd>{received ? 'received' : 'not received'}</dd>
        </div>
      </dl>
      <RedeliverAction
        titleId={titleId}
        id={delivery.id}
        disabled={delivery.status === 'pending'}
        resend={resend}
        failure={redeliverFailure}
        sent="Sent again with the same hook-id."
      />
      <AttemptHistory id={delivery.id} version={`${delivery.status} ${last?.attemptedOn ?? ''}`} />
      <PayloadBox payload={delivery.payload} label="Payload as published" />
    </li>
  );
}
