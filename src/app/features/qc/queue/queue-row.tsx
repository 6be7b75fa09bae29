import { Link } from 'react-router';
import type { CheckSummary } from '../../../../contract/checks.ts';
import type { QcRequest } from '../../../../contract/qc.ts';
import type { QcHold } from '../../../../contract/team.ts';
import { shortDate } from '../../../ui/dates.ts';
import { MachineBadge } from './machine-badge.tsx';
import { machineBadge } from './machine-view.ts';
import { age, ageInWords, roleNames } from './queue-format.ts';
import './queue-row.css';

interface QueueRowProps {
  request: QcRequest;
  href: string;
  selected: boolean;
  /** Who is reviewing it now, if anyone; `mine` when it is the signed-in member. */
  hold?: { hold: QcHold; mine: boolean } | undefined;
  /** Decided by the signed-in person and kept in the browser until the service has it. */
  saving?: boolean | undefined;
  /** The machine's first read of its document (ADR 042); absent while not asked. */
  machine?: CheckSummary | undefined;
  onActivate: () => void;
}

/** How long a request has been held, as the queue says it: "3 min". */
export function heldFor(heldSince: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(heldSince)) / 60_000);
  if (minutes < 1) return 'just now';
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h`;
}

function HoldChip({ id, hold, mine }: { id: string; hold: QcHold; mine: boolean }) {
  return (
    <span id={id} className={`qc-row__hold${mine ? ' qc-row__hold--mine' : ''}`}>
      <span className="visually-hidden">In review by </span>
      {mine ? 'You' : hold.holder.name}
      <span aria-hidden="true"> · </span>
      <span className="visually-hidden">, </span>
      {heldFor(hold.heldSince)}
    </span>
  );
}

/**
 * One request in the queue. The matter reference is the row's link (its name, short and
 * unique) and stretches over the whole row; the rest of the row describes it, so a screen
 * reader moving with j/k hears the row's facts after its name.
 */
export function QueueRow(props: QueueRowProps) {
  const { request, href, selected, hold, saving, machine, onActivate } = props;
  const { document: doc } = request;
  const detailsId = `qc-row-${request.id}`;
  const holdId = `qc-hold-${request.id}`;
  const machineId = `qc-machine-${request.id}`;
  const rework = request.status === 'rejected' && request.notes;
  const chip = saving || hold;
  const describedBy = [chip && holdId, machineBadge(machine) && machineId, detailsId];
  const classes = ['qc-row', selected && 'qc-row--selected', saving && 'qc-row--saving'];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <div className="qc-row__main">
        <span className="qc-row__ref">
          <Link
            className="row-link qc-row__link"
            to={href}
            aria-describedby={describedBy.filter(Boolean).join(' ')}
            aria-current={selected ? 'true' : undefined}
            onClick={onActivate}
            onFocus={onActivate}
          >
            {doc.matterReference}
          </Link>
          {saving ? (
            <span id={holdId} className="qc-row__hold qc-row__hold--saving">
              Saving your decision…
            </span>
          ) : (
            hold && <HoldChip id={holdId} {...hold} />
          )}
          <MachineBadge id={machineId} summary={machine} />
        </span>
        <span className="qc-row__age" title={`Waiting ${ageInWords(request.createdOn)}`}>
          <span className="visually-hidden">Waiting </span>
          {age(request.createdOn)}
        </span>
      </div>
      <div className="qc-row__details" id={detailsId}>
        <p className="qc-row__process">
          {request.processName}
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden">, checklist </span>
          <span className="qc-row__checklist">{request.checklistName}</span>
        </p>
        <p className="qc-row__cell qc-row__prepared">
          <span className="visually-hidden qc-row__label">Prepared by </span>
          <span className="qc-row__value">{doc.preparedBy}</span>
          <span className="qc-row__muted">
            <span className="visually-hidden"> on </span>
            {shortDate(doc.preparedOn)}
          </span>
        </p>
        <p className="qc-row__cell qc-row__signed">
          <span className="visually-hidden qc-row__label">Signed on </span>
          <span className="qc-row__value">
            {doc.signedOn ? shortDate(doc.signedOn) : 'Not signed'}
          </span>
        </p>
        <p className="qc-row__roles">
          <span className="visually-hidden qc-row__label">Roles </span>
          {roleNames(request.actors).map((role, i) => (
            <span className="qc-row__role" key={role}>
              {i > 0 && <span className="visually-hidden">, </span>}
              {role}
            </span>
          ))}
        </p>
        {rework && (
          <p className="qc-row__note">
            <span className="qc-row__note-label">Rework</span> {request.notes}
          </p>
        )}
      </div>
    </div>
  );
}
