import { Link } from 'react-router';
import type { SignatureTransaction } from '../../../contract/signatures.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { when } from '../../ui/dates.ts';
import { otpLabel, outcome, shortId, statusLabel } from './transaction-format.ts';

export interface Names {
  /** The signed-in user's id: shown as "You". */
  me: string | undefined;
  people: ReadonlyMap<string, string> | undefined;
  matters: ReadonlyMap<string, string> | undefined;
}

function Time({ on }: { on: string }) {
  return <time dateTime={on}>{when(on)}</time>;
}

const TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  completed: 'success',
  failed: 'danger',
};

/** The colour says it at a glance, the word says it to everyone. */
export function StatusPill({ status }: { status: string }) {
  return (
    <Badge tone={TONES[status] ?? 'neutral'} className="tx-status">
      {statusLabel(status)}
    </Badge>
  );
}

function person(id: string | undefined, { me, people }: Names): string {
  if (!id) return '—';
  if (id === me) return 'You';
  return people?.get(id) ?? `User ${shortId(id)}`;
}

/**
 * One transaction: a row of columns on wide screens, a card with its labels on phones. The
 * labels (dt) are always there for assistive technology; wide screens show them once, in
 * the list's header.
 */
export function TransactionRow({
  transaction,
  names,
}: {
  transaction: SignatureTransaction;
  names: Names;
}) {
  const ended = outcome(transaction);
  return (
    <li className="tx-row row-list__row">
      <div className="tx-row__status">
        <StatusPill status={transaction.status} />
        <span className="tx-row__id" title={transaction.id}>
          <span className="visually-hidden">Transaction </span>#{shortId(transaction.id)}
        </span>
      </div>
      <dl className="tx-row__facts">
        <div className="tx-row__cell tx-row__created">
          <dt className="visually-hidden tx-row__label">Created</dt>
          <dd>
            <Time on={transaction.createdOn} />
          </dd>
        </div>
        <div className="tx-row__cell tx-row__requests">
          <dt className="visually-hidden tx-row__label">Signature requests</dt>
          <dd>
            {transaction.signatureRequests.length === 0 ? (
              <span className="tx-row__muted">None</span>
            ) : (
              <ul className="tx-row__links">
                {transaction.signatureRequests.map((id) => (
                  <li key={id}>
                    <Link to={`/signatures/${encodeURIComponent(id)}`} className="tx-row__link">
                      {names.matters?.get(id) ?? `Request ${shortId(id)}`}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div className="tx-row__cell tx-row__signer">
          <dt className="tx-row__label tx-row__label--inline">Signer</dt>
          <dd>{person(transaction.signerId, names)}</dd>
        </div>
        <div className="tx-row__cell tx-row__notary">
          <dt className="tx-row__label tx-row__label--inline">Notary</dt>
          <dd>{person(transaction.notaryId, names)}</dd>
        </div>
        <div className="tx-row__cell tx-row__otp">
          <dt className="visually-hidden tx-row__label">One-time password</dt>
          <dd className={transaction.otpRequired ? undefined : 'tx-row__muted'}>
            {otpLabel(transaction)}
          </dd>
        </div>
        <div className="tx-row__cell tx-row__ended">
          <dt className="visually-hidden tx-row__label">{ended?.label ?? 'Ended'}</dt>
          <dd>
            {ended ? (
              <>
                <span className="tx-row__ended-label" aria-hidden="true">
                  {ended.label}{' '}
                </span>
                <Time on={ended.on} />
              </>
            ) : (
              // Still running, or stopped without a time (cancelled): only the first is "not yet".
              <span className="tx-row__muted">
                {transaction.status === 'pending' ? 'Not yet' : '—'}
              </span>
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}
