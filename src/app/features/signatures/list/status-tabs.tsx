import { Link } from 'react-router';
import {
  SIGNATURE_REQUEST_STATUSES,
  type SignatureRequestStatus,
} from '../../../../contract/signatures.ts';
import { STATUS_LABELS } from '../request-status.tsx';
import { searchOf, type ListView, type StatusCounts } from '../signatures.queries.ts';

const TABS: { status: SignatureRequestStatus | undefined; label: string }[] = [
  { status: undefined, label: 'All' },
  ...SIGNATURE_REQUEST_STATUSES.map((status) => ({ status, label: STATUS_LABELS[status] })),
];

/**
 * All, then each status, with its count; a tab starts its list from the first page. Only for
 * a deployment whose requests carry `status` (status-field.ts).
 */
export function StatusTabs({
  view,
  counts,
}: {
  view: ListView;
  counts: StatusCounts | null | undefined;
}) {
  return (
    <nav className="sig-tabs" aria-label="Request status">
      {TABS.map(({ status, label }) => (
        <Link
          key={label}
          to={`?${searchOf({ order: view.order, status })}`}
          className="sig-tab"
          aria-current={status === view.status ? 'page' : undefined}
        >
          {label}
          <span className="sig-tab__count" data-testid={`count-${status ?? 'all'}`}>
            {counts ? counts[status ?? 'all'].toLocaleString() : '–'}
          </span>
        </Link>
      ))}
    </nav>
  );
}
