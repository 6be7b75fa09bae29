import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './tabs.css';

export interface LinkTab {
  key: string;
  /** Where the tab leads: a view of the same screen, kept in the URL. */
  to: string;
  label: ReactNode;
  current: boolean;
  /** The tab's count: a number, or undefined (shown as –) while unknown. */
  count?: number | undefined;
  /** The count is being read (aria-busy): unknown for now, not for good. */
  countLoading?: boolean;
  /** Read after the count by screen readers, e.g. " events". */
  countSuffix?: string;
  /** A count that asks for attention (refused deliveries). */
  countTone?: 'danger';
  /** data-testid of the count, for specs that compare it with the service's. */
  countTestId?: string;
  /** Anything after the label, such as a tag. */
  extra?: ReactNode;
  onClick?: () => void;
}

interface LinkTabsProps {
  /** The navigation's accessible name. */
  label: string;
  tabs: readonly LinkTab[];
  /** Whether each tab shows its count in a pill. */
  counted?: boolean;
  /** Flush with the panel's edge and a little lower (tabs above a panel, not inside one). */
  flush?: boolean;
}

/** Views of one screen as links (each in the URL and history), the current one marked. */
export function LinkTabs({ label, tabs, counted = false, flush = false }: LinkTabsProps) {
  return (
    <nav className={`tabs${flush ? ' tabs--flush' : ''}`} aria-label={label}>
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          className="tab"
          aria-current={tab.current ? 'page' : undefined}
          onClick={tab.onClick}
        >
          {tab.label}
          {counted && (
            <span
              className={`count tab__count${tab.countTone === 'danger' && tab.count ? ' tab__count--danger' : ''}`}
              data-testid={tab.countTestId}
              aria-busy={tab.countLoading || undefined}
            >
              {tab.count === undefined ? '–' : tab.count.toLocaleString()}
              {tab.countSuffix && <span className="visually-hidden">{tab.countSuffix}</span>}
            </span>
          )}
          {tab.extra}
        </Link>
      ))}
    </nav>
  );
}
