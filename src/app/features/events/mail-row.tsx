import { Link } from 'react-router';
import { MAIL_ATTEMPTS, type Mail } from '../../../contract/mail.ts';
import { Badge } from '../../ui/badge.tsx';
import { Countdown } from './countdown.tsx';
import { EventHead } from './event-head.tsx';
import { formatTime } from './event-labels.ts';
import { mailKindLabel, mailState, mayResend } from './mail-labels.ts';
import { RedeliverAction } from './outbox.tsx';
import { resendMailFailure, useResendMail } from './redeliver-mutations.ts';
import './mail.css';

/** Held and digested e-mails are never tried themselves: their digest is. */
const triedItself = (mail: Mail) => mail.state !== 'held' && mail.state !== 'digested';

/** Who it is for, and where it went or goes: the address is learnt when it is first sent. */
function Recipient({ mail }: { mail: Mail }) {
  return (
    <div>
      <dt>to</dt>
      <dd>
        {mail.to.name}{' '}
        {mail.address ? (
          <span className="mail__address">&lt;{mail.address}&gt;</span>
        ) : (
          <span className="mail__no-address">address not known yet</span>
        )}
      </dd>
    </div>
  );
}

/**
 * One e-mail the console sent about findings (ADR 040): what it was for, to whom, where it
 * stands, its next try and last error, and a button to send it again once it went or failed.
 */
export function MailRow({ mail }: { mail: Mail }) {
  const resend = useResendMail();
  const titleId = `mail-${mail.id}`;
  const state = mailState(mail.state);
  const resendable = mayResend(mail);
  // Once pressed, the button and what came of it stay while the e-mail goes out again.
  const pressed = resend.isPending || resend.isSuccess || resend.isError;
  return (
    <li className="event delivery mail" aria-labelledby={titleId}>
      <EventHead
        titleId={titleId}
        title={mailKindLabel(mail.kind)}
        badge={<Badge tone={state.tone}>{state.label}</Badge>}
        at={mail.createdOn}
      />
      <p className="event__summary mail__subject">{mail.subject}</p>
      <dl className="event__facts">
        <Recipient mail={mail} />
        {mail.sentOn && (
          <div>
            <dt>sent</dt>
            <dd>
              <time dateTime={mail.sentOn}>{formatTime(mail.sentOn)}</time>
            </dd>
          </div>
        )}
        {triedItself(mail) && (
          <div>
            <dt>attempts</dt>
            {/* Out of how many only while it may still fail: a sent one is done. */}
            <dd>
              {mail.state === 'sent'
                ? mail.attemptCount
                : `${mail.attemptCount} of ${MAIL_ATTEMPTS}`}
            </dd>
          </div>
        )}
        {mail.nextAttemptOn && (
          <div>
            <dt>next attempt</dt>
            <dd>
              <time dateTime={mail.nextAttemptOn}>{formatTime(mail.nextAttemptOn)}</time> (
              <Countdown at={mail.nextAttemptOn} />)
            </dd>
          </div>
        )}
        {mail.findingId && (
          <div>
            <dt>finding</dt>
            <dd>
              <Link to={`/findings/${encodeURIComponent(mail.findingId)}`}>Open the finding</Link>
            </dd>
          </div>
        )}
        {mail.lastError && (
          <div className="mail__error">
            <dt>last error</dt>
            <dd>{mail.lastError}</dd>
          </div>
        )}
      </dl>
      {(resendable || pressed) && (
        <RedeliverAction
          titleId={titleId}
          id={mail.id}
          disabled={!resendable}
          resend={resend}
          failure={resendMailFailure}
          sent="Sent again: it goes out in a moment."
          label="Send again"
          pendingLabel="Sending again…"
        />
      )}
    </li>
  );
}
