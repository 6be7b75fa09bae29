import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Delivery, DeliveryAttempt } from '../../../contract/sandbox.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import '../../ui/table.css';
import { redeliverFailure, useRedeliver } from './delivery-mutations.ts';
import { formatShortTime, formatTime, typeLabel } from './event-labels.ts';
import { eventQueries } from './events.queries.ts';
import { PayloadBox } from './payload-box.tsx';
import './delivery.css';

const STATUSES: Record<Delivery['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

function answer(attempt: DeliveryAttempt): string {
  if (attempt.statusCode !== null) return `HTTP ${attempt.statusCode}`;
  return attempt.error ?? 'no answer';
}

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
            {detail.data.attempts.map((attempt, index) => (
              <tr key={`${attempt.attemptedOn}-${index}`}>
                <td>{index + 1}</td>
                <td>
                  {/* Attempt numbers restart at 1 when the message is redelivered. */}
                  {attempt.attempt === 1 && index > 0 ? 'redelivery' : `try ${attempt.attempt}`}
                </td>
                <td>
                  <time dateTime={attempt.attemptedOn}>{formatShortTime(attempt.attemptedOn)}</time>
                </td>
                <td>{answer(attempt)}</td>
                <td>{attempt.durationMs} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
      <div className="event__head">
        <h3 className="event__title" id={titleId}>
          {typeLabel(delivery.eventType)}
        </h3>
        <Badge tone={STATUSES[delivery.status].tone}>{STATUSES[delivery.status].label}</Badge>
        <time className="event__time" dateTime={delivery.createdOn}>
          {formatTime(delivery.createdOn)}
        </time>
      </div>
      <dl className="event__facts">
        <div>
          <dt>hook-id</dt>
          <dd>
            <code className="event__hook-id">{delivery.id}</code>
          </dd>
        </div>
        <div>
          <dt>attempts this round</dt>
          <dd>{delivery.attemptCount} of 9</dd>
        </div>
        {last && (
          <div>
            <dt>last attempt</dt>
            <dd>
              {answer(last)} at{' '}
              <time dateTime={last.attemptedOn}>{formatTime(last.attemptedOn)}</time>
            </dd>
          </div>
        )}
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
      <div className="delivery__actions">
        <Button
          onClick={() => resend.mutate(delivery.id)}
          disabled={delivery.status === 'pending'}
          pending={resend.isPending}
          pendingLabel="Redelivering…"
          aria-describedby={`${titleId}-result`}
        >
          Redeliver
        </Button>
        <p className="delivery__note" id={`${titleId}-result`} aria-live="polite">
          {resend.isError
            ? redeliverFailure(resend.error)
            : resend.isSuccess
              ? 'Sent again with the same hook-id.'
              : ''}
        </p>
      </div>
      <AttemptHistory id={delivery.id} version={`${delivery.status} ${last?.attemptedOn ?? ''}`} />
      <PayloadBox payload={delivery.payload} label="Payload as published" />
    </li>
  );
}
