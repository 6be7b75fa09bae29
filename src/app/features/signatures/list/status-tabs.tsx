import { LinkTabs } from '../../../ui/tabs.tsx';
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
    <LinkTabs
      label="Request status"
      counted
      tabs={TABS.map(({ status, label }) => ({
        key: label,
        to: `?${searchOf({ order: view.order, status })}`,
        label,
        current: status === view.status,
        count: counts?.[status ?? 'all'],
        countTestId: `count-${status ?? 'all'}`,
      }))}
    />
  );
}
