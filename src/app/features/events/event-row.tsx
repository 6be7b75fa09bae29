import type { ReceivedEvent } from '../../../contract/session.ts';
import { DocumentReadyPayloadSchema } from '../../../contract/webhooks.ts';
import { Badge } from '../../ui/badge.tsx';
import { downloadExpiry } from './download-expiry.ts';
import { DownloadLine } from './download-line.tsx';
import { addressList, formatTime, payloadText, typeLabel } from './event-labels.ts';
import { PayloadBox } from './payload-box.tsx';

function Summary({ event }: { event: ReceivedEvent }) {
  const crid = payloadText(event.payload, 'crid');
  const account = crid ? (
    <>
      account <strong>{crid}</strong>
    </>
  ) : (
    'a document without an account'
  );
  if (event.type === 'DOCUMENT_READY') {
    return <p className="event__summary">A signed document is ready on {account}.</p>;
  }
  if (event.type === 'ADDRESS_CHANGE') {
    const addresses = addressList(event.payload);
    const what = addresses
      ? `${addresses.charAt(0).toUpperCase()}${addresses.slice(1)} address${addresses.includes(' and ') ? 'es' : ''}`
      : 'An address';
    return (
      <p className="event__summary">
        {what} written for an entity on {crid ? account : 'an account'}.
      </p>
    );
  }
  return null;
}

/**
 * One received delivery. A refused one (its signature did not verify) may have been posted
 * by anyone, so nothing in it becomes a link: its payload is shown as text only.
 */
export function EventRow({ event }: { event: ReceivedEvent }) {
  const titleId = `event-${event.seq}`;
  const document =
    event.verified && event.type === 'DOCUMENT_READY'
      ? DocumentReadyPayloadSchema.safeParse(event.payload)
      : undefined;
  const expiresAt = document?.success
    ? downloadExpiry(document.data.downloadUrl, event.receivedOn)
    : null;
  return (
    <li className={`event${event.verified ? '' : ' event--refused'}`} aria-labelledby={titleId}>
      <div className="event__head">
        <h3 className="event__title" id={titleId}>
          {typeLabel(event.type)}
        </h3>
        {event.verified ? (
          <Badge tone="success">Verified</Badge>
        ) : (
          <Badge tone="danger">Refused</Badge>
        )}
        <time className="event__time" dateTime={event.receivedOn}>
          {formatTime(event.receivedOn)}
        </time>
      </div>
      <dl className="event__facts">
        <div>
          <dt>hook-id</dt>
          <dd>
            <code className="event__hook-id">{event.hookId || '(none)'}</code>
          </dd>
        </div>
        <div>
          <dt>type</dt>
          <dd>
            <code>{event.type}</code>
          </dd>
        </div>
      </dl>
      {event.verified ? (
        <Summary event={event} />
      ) : (
        <p className="event__summary event__summary--refused">
          The signature did not verify, so this delivery was not acted on.
        </p>
      )}
      {document?.success && expiresAt && (
        <DownloadLine url={document.data.downloadUrl} expiresAt={expiresAt} />
      )}
      <PayloadBox payload={event.payload} />
    </li>
  );
}
