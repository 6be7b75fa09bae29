import { LinkTabs } from '../../../ui/tabs.tsx';
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
    <LinkTabs
      label="Request status"
      counted
      tabs={QC_REQUEST_STATUSES.map((status) => ({
        key: status,
        to: `?${queueSearch({ ...filters, status })}`,
        label: STATUS_LABELS[status],
        current: status === filters.status,
        count: counts?.[status],
        countTestId: `count-${status}`,
      }))}
    />
  );
}
