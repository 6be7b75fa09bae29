import { LinkTabs } from '../../ui/tabs.tsx';
import { filtersToSearch, type EventFilters } from './event-filters.ts';

export type Check = 'verified' | 'refused';

interface CheckTabsProps {
  filters: EventFilters;
  /** Events in each list, undefined while it loads or when it failed. */
  counts: Record<Check, number | undefined>;
  /** Opening the refused list looks again: it is not kept current live. */
  onOpenRefused: () => void;
}

/** Verified deliveries, the default, or the refused ones: two lists the gateway keeps apart. */
export function CheckTabs({ filters, counts, onOpenRefused }: CheckTabsProps) {
  const current: Check = filters.check ?? 'verified';
  const tabs: { check: Check; label: string }[] = [
    { check: 'verified', label: 'Verified' },
    { check: 'refused', label: 'Refused' },
  ];
  return (
    <LinkTabs
      label="Signature check"
      counted
      tabs={tabs.map(({ check, label }) => {
        const count = counts[check];
        return {
          key: check,
          to: `?${filtersToSearch({ ...filters, check: check === 'refused' ? check : undefined })}`,
          label,
          current: check === current,
          count,
          countSuffix: count === undefined ? ' (not loaded)' : ` event${count === 1 ? '' : 's'}`,
          ...(check === 'refused' && { countTone: 'danger' as const, onClick: onOpenRefused }),
        };
      })}
    />
  );
}
