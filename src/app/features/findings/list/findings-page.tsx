import type { ReactNode } from 'react';
import { Page } from '../../../ui/page.tsx';
import { LinkTabs } from '../../../ui/tabs.tsx';
import { VIEW_LABELS, VIEW_ORDER, type FindingView } from '../finding-filters.ts';

/**
 * A list of findings by view (My findings, a manager's Findings): the page, its panel named by
 * its title, and a tab a view, each a link to `searchOf(view)`, with its count if there is one.
 */
export function FindingsPage({
  title,
  subtitle,
  view,
  searchOf,
  counts = {},
  children,
}: {
  title: string;
  subtitle: string;
  view: FindingView;
  searchOf: (view: FindingView) => string;
  counts?: Partial<Record<FindingView, number>>;
  children: ReactNode;
}) {
  const tabs = VIEW_ORDER.map((key) => {
    const n = counts[key];
    return {
      key,
      label: VIEW_LABELS[key],
      to: `?${searchOf(key)}`,
      current: key === view,
      extra: n !== undefined && (
        <span className={`count tab__count${key === 'overdue' && n ? ' tab__count--danger' : ''}`}>
          {n}
          <span className="visually-hidden"> findings</span>
        </span>
      ),
    };
  });
  return (
    <Page title={title} subtitle={subtitle}>
      <section className="panel panel--list" aria-label={title}>
        <LinkTabs label="Findings by state" tabs={tabs} />
        {children}
      </section>
    </Page>
  );
}
