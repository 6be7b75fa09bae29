import { LinkTabs } from '../../../ui/tabs.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { QC_REQUEST_STATUSES, type QcRequestStatus } from '../../../../contract/qc.ts';
import { filtersToSearch, type QueueFilters } from '../queue-view.ts';
import './queue-tabs.css';

export const STATUS_LABELS: Record<QcRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** The "Second review" tab (ADR 021): sampled approvals, on a screen of their own. */
export interface SamplesTab {
  /** Open samples for the signed-in person; undefined while unknown. */
  count: number | undefined;
  /** Flagged samples waiting for a manager (managers only). */
  flagged?: number | undefined;
  /** The second-review list is the screen shown (no status tab is then current). */
  current: boolean;
}

/** Pending, approved and rejected, each with its count under the current filters. */
export function QueueTabs({
  filters,
  counts,
  samples,
  saving = 0,
}: {
  filters: QueueFilters;
  /** Decisions of the signed-in person kept in the browser, not yet saved (ADR 026). */
  saving?: number;
  /** Undefined while loading; null when the service cannot count by status. */
  counts: Record<QcRequestStatus, number> | null | undefined;
  samples?: SamplesTab;
}) {
  const statusTabs = QC_REQUEST_STATUSES.map((status) => ({
    key: status,
    // The path, not just the search: the tabs are also shown on /qc/second-review.
    to: `/qc?${filtersToSearch({ ...filters, status })}`,
    label: STATUS_LABELS[status],
    current: !samples?.current && status === filters.status,
    count: counts?.[status],
    countLoading: counts === undefined,
    countTestId: `count-${status}`,
    extra:
      status === 'pending' && saving > 0 ? (
        <Badge tone="success" data-testid="count-saving">
          {saving} saving
        </Badge>
      ) : undefined,
  }));
  const samplesTab = samples && {
    key: 'second-review',
    to: '/qc/second-review',
    label: 'Second review',
    current: samples.current,
    count: samples.count,
    countTestId: 'count-second-review',
    extra: samples.flagged ? <Badge tone="danger">{samples.flagged} flagged</Badge> : undefined,
  };
  return (
    <div className="qc-tabs">
      <LinkTabs
        label="Request status"
        counted
        tabs={samplesTab ? [...statusTabs, samplesTab] : statusTabs}
      />
    </div>
  );
}
