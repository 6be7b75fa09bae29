import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { Pager } from '../../ui/pager.tsx';
import { EmptyState } from '../../ui/states.tsx';
import { isStaleCursor, LoadingOrFailed, PageGone } from '../../ui/query-states.tsx';
import { FirmTable } from './firm-table.tsx';
import {
  firstPage,
  nextPage,
  previousPage,
  shownRange,
  viewFromSearch,
  viewToSearch,
  type FirmsView,
} from './firms-view.ts';
import { firmsQueries } from './firms.queries.ts';
import { FirmsToolbar } from './firms-toolbar.tsx';
import './firms.css';

const count = (n: number) => n.toLocaleString();

/** The owner's firms (`/firms`), by name, a page at a time; the page is in the URL. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromSearch(params), [params]);
  const list = useQuery(firmsQueries.page(view));
  const panelRef = useRef<HTMLElement>(null);

  // A new page starts at the top of the list, if that has scrolled away.
  const bringIntoView = () => {
    const top = panelRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) panelRef.current?.scrollIntoView({ block: 'start' });
  };
  // Pages are history entries (the pager's links), so the browser's Back goes back a page; a
  // new order or size replaces the entry, as the QC queue's filters do.
  const goTo = (next: FirmsView, replace = false) => {
    setParams(viewToSearch(next), { replace });
    bringIntoView();
  };
  const href = (page: FirmsView | undefined) => page && `?${viewToSearch(page)}`;

  const data = list.isPlaceholderData ? undefined : list.data;
  const pagination = data?.pagination;
  const next = pagination && nextPage(view, pagination.nextCursor);
  const previous = pagination && previousPage(view, pagination.previousCursor);
  // From the rows on screen, so the links stay put while another page loads.
  const shown = list.data?.pagination;
  const onePage = shown && !shown.previousCursor && !shown.nextCursor;

  let content;
  // While another page loads, the rows on screen stay (dimmed) and the count says so.
  let summary = list.isPlaceholderData ? 'Loading firms…' : '';
  if (!list.isSuccess) {
    // The first page is the way back from an old or edited link.
    content = isStaleCursor(view.cursor, list.error) ? (
      <PageGone
        message="The link may be out of date. Start again from the first page."
        action={<Button onClick={() => goTo(firstPage(view))}>Go to the first page</Button>}
      />
    ) : (
      <LoadingOrFailed query={list} what="firms" />
    );
  } else if (list.data.firms.length === 0) {
    summary = view.cursor ? 'No firms on this page' : 'No firms';
    content = view.cursor ? (
      <EmptyState title="No firms on this page">
        <Button onClick={() => goTo(firstPage(view))}>Go to the first page</Button>
      </EmptyState>
    ) : (
      <EmptyState title="No firms yet">
        Firms appear here once your organization has firms servicing its accounts.
      </EmptyState>
    );
  } else {
    content = <FirmTable firms={list.data.firms} dir={view.dir} busy={list.isPlaceholderData} />;
    if (pagination) {
      const range = shownRange(view, { rows: list.data.firms.length, ...pagination });
      summary = `Showing ${count(range.from)}–${count(range.to)} of ${count(range.total)}`;
    }
  }

  return (
    <Page title="Firms" subtitle="The firms servicing your organization's accounts.">
      <section className="firms panel panel--list" aria-label="Firm list" ref={panelRef}>
        <FirmsToolbar view={view} onChange={(changed) => goTo(changed, true)} />
        {content}
        {!list.isError && (
          <Pager
            summary={summary}
            previous={href(previous)}
            next={href(next)}
            single={onePage}
            onNavigate={bringIntoView}
          />
        )}
      </section>
    </Page>
  );
}
