import { Link } from 'react-router';
import { eventsSearch, type EventFilters } from './event-filters.ts';

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
    <nav className="events-checks" aria-label="Signature check">
      {tabs.map(({ check, label }) => {
        const count = counts[check];
        return (
          <Link
            key={check}
            to={`?${eventsSearch({ ...filters, check: check === 'refused' ? check : undefined })}`}
            className="events-check"
            aria-current={check === current ? 'page' : undefined}
            onClick={check === 'refused' ? onOpenRefused : undefined}
          >
            {label}
            <span
              className={`events-check__count${check === 'refused' && count ? ' events-check__count--refused' : ''}`}
            >
              {count === undefined ? '–' : count.toLocaleString()}
              <span className="visually-hidden">
                {count === undefined ? ' (not loaded)' : ` event${count === 1 ? '' : 's'}`}
              </span>
            </span>
          </Link>
        );
      })}
    </nav>
  );
}
