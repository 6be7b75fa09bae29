import { Link } from 'react-router';
import { QC_REQUEST_STATUSES, type QcRequestStatus } from '../../../../contract/qc.ts';
import { queueSearch, type QueueFilters } from '../queue-view.ts';

export const STATUS_LABELS: Record<QcRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Pending, approved and rejected, each with its count under the current filters. */
export function QueueTabs({
  filters,
  counts,
}: {
  filters: QueueFilters;
  /** Undefined while loading; null when the service cannot count by status. */
  counts: Record<QcRequestStatus, number> | null | undefined;
}) {
  return (
    <nav className="qc-tabs" aria-label="Request status">
      {QC_REQUEST_STATUSES.map((status) => (
        <Link
          key={status}
          to={`?${queueSearch({ ...filters, status })}`}
          className="qc-tab"
          aria-current={status === filters.status ? 'page' : undefined}
        >
          {STATUS_LABELS[status]}
          <span className="qc-tab__count" data-testid={`count-${status}`}>
            {counts ? counts[status].toLocaleString() : '–'}
          </span>
        </Link>
      ))}
    </nav>
  );
}
