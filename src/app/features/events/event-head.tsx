import type { ReactNode } from 'react';
import { formatTime } from './event-labels.ts';

/** A row's title line on the events screen: what it is, its state and when. */
export function EventHead({
  titleId,
  title,
  badge,
  at,
}: {
  titleId: string;
  title: string;
  badge: ReactNode;
  at: string;
}) {
  return (
    <div className="event__head">
      <h3 className="event__title" id={titleId}>
        {title}
      </h3>
      {badge}
      <time className="event__time" dateTime={at}>
        {formatTime(at)}
      </time>
    </div>
  );
}

/** The id a message was sent with, as a fact of its row. */
export function HookIdFact({ label, id }: { label: string; id: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <code className="event__hook-id">{id}</code>
      </dd>
    </div>
  );
}
