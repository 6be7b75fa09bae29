import type { ReceivedEvent } from '../../../contract/session.ts';
import { DocumentReadyPayloadSchema } from '../../../contract/webhooks.ts';
import { Badge } from '../../ui/badge.tsx';
import { downloadExpiry } from './download-expiry.ts';
import { DownloadLine } from './download-line.tsx';
import { EventHead, HookIdFact } from './event-head.tsx';
import { addressList, payloadText, typeLabel } from './event-labels.ts';
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
      <EventHead
        titleId={titleId}
        title={typeLabel(event.type)}
        badge={
          event.verified ? (
            <Badge tone="success">Verified</Badge>
          ) : (
            <Badge tone="danger">Refused</Badge>
          )
        }
        at={event.receivedOn}
      />
      <dl className="event__facts">
        <HookIdFact label="hook-id" id={event.hookId || '(none)'} />
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
