import { TRANSACTION_STATUSES, type TransactionStatus } from '../../../contract/signatures.ts';
import { statusLabel } from './transaction-format.ts';
import { toggleStatus } from './transactions-filter.ts';
import './status-filter.css';

interface StatusFilterProps {
  statuses: readonly TransactionStatus[];
  /** Per status over all the user's transactions; absent while they load. */
  counts: ReadonlyMap<string, number> | undefined;
  total: number | undefined;
  onChange: (statuses: TransactionStatus[]) => void;
}

function Count({ n }: { n: number | undefined }) {
  return n === undefined ? null : <span className="tx-filter__count">{n}</span>;
}

/** Toggle buttons: any mix of statuses, or all of them. */
export function StatusFilter({ statuses, counts, total, onChange }: StatusFilterProps) {
  return (
    <div className="tx-filter" role="group" aria-label="Filter by status">
      <button
        type="button"
        className="tx-filter__option"
        aria-pressed={statuses.length === 0}
        onClick={() => onChange([])}
      >
        All <Count n={total} />
      </button>
      {TRANSACTION_STATUSES.map((status) => (
        <button
          key={status}
          type="button"
          className="tx-filter__option"
          aria-pressed={statuses.includes(status)}
          onClick={() => onChange(toggleStatus(statuses, status))}
        >
          <span className={`tx-filter__dot tx-status--${status}`} aria-hidden="true" />
          {statusLabel(status)} <Count n={counts && (counts.get(status) ?? 0)} />
        </button>
      ))}
    </div>
  );
}
