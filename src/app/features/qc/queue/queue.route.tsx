import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { Page } from '../../../ui/page.tsx';
import { EmptyState } from '../../../ui/states.tsx';
import { LoadingOrFailed } from '../../../ui/query-states.tsx';
import { TEAM_REFRESH_MS } from '../holds.ts';
import { qcQueries } from '../qc.queries.ts';
import { filtersFromSearch, filtersToSearch, type QueueFilters } from '../queue-view.ts';
import { useSavingIds } from '../review/index.ts';
import { ReviewAhead } from './review-ahead.tsx';
import { useSamplesTab } from '../second-review/index.ts';
import { MachineNote, NoneFlagged } from './machine-note.tsx';
import { withMachineView, type MachineView } from './machine-view.ts';
import { QueueList } from './queue-list.tsx';
import { STATUS_LABELS, QueueTabs } from './queue-tabs.tsx';
import { QueueToolbar } from './queue-toolbar.tsx';
import { useMachineQueue } from './use-machine-queue.ts';
import './queue.css';

function KeyHints() {
  return (
    <p
      className="qc-keys"
      aria-label="Keyboard shortcuts: j and k move, Enter opens, slash filters"
    >
      <kbd>j</kbd>
      <kbd>k</kbd> move <kbd>Enter</kbd> open <kbd>/</kbd> filter
    </p>
  );
}

/** The QC queue (`/qc`): the view (tab, filters, sort) lives in the URL. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  // Decisions made elsewhere (another console, the service's own tools) show within a
  // bounded time; the team's own arrive over the event stream at once (holds.ts).
  const list = useInfiniteQuery({
    ...qcQueries.list(filters),
    refetchInterval: TEAM_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  // The tab counts and the filter choices wait for the rows: on one service, asked for at
  // the same time, they would slow the first page down (speed target: rows in under 300 ms).
  const rowsIn = !list.isPending;
  const counts = useQuery({ ...qcQueries.counts(filters), enabled: rowsIn });
  // The second-review tab's count (the gateway's, ADR 021) waits for the rows as well.
  const samples = useSamplesTab(rowsIn);
  const saving = useSavingIds().size;
  const filterRef = useRef<HTMLSelectElement>(null);
  const items = useMemo(
    () => list.data?.pages.flatMap((page) => page.qcRequests) ?? [],
    [list.data],
  );
  const total = list.data?.pages.at(-1)?.pagination.totalCount ?? 0;
  const anyRows = items.length > 0;
  const label = STATUS_LABELS[filters.status];
  const filtered = Boolean(filters.processId || filters.checklistId || filters.firmId);
  const machine = useMachineQueue({ params, filters, items, total, pages: list, rowsIn });
  const search = withMachineView(filtersToSearch(filters), machine.view);
  // Filters replace the view in history; tabs (links) add to it.
  const setFilters = (next: QueueFilters, view: MachineView = machine.view) =>
    setParams(withMachineView(filtersToSearch(next), view), { replace: true });
  const backToList = () =>
    (
      document.querySelector<HTMLElement>('.qc-row--selected .qc-row__link') ??
      document.querySelector<HTMLElement>('.qc-row__link')
    )?.focus();

  let content;
  // Rows loaded stay when a later page fails (TanStack Query then calls the whole query
  // failed): the list's foot says so and offers that page again.
  if (!list.data) {
    content = <LoadingOrFailed query={list} what="the queue" />;
  } else if (items.length === 0) {
    content = (
      <EmptyState title={`No ${label.toLowerCase()} requests`}>
        {filtered ? (
          <>
            <p>Nothing matches these filters.</p>
            <Button
              variant="secondary"
              onClick={() => setFilters({ status: filters.status, order: filters.order })}
            >
              Clear filters
            </Button>
          </>
        ) : filters.status === 'pending' ? (
          'Signed documents appear here when they are ready for review.'
        ) : null}
      </EmptyState>
    );
  } else if (machine.shown.length === 0) {
    content = (
      <NoneFlagged
        scope={machine.scope}
        showAll={() => setFilters(filters, { ...machine.view, flaggedOnly: false })}
      />
    );
  } else {
    content = (
      <QueueList
        key={search}
        filters={filters}
        search={search}
        label={`${label} requests`}
        items={machine.shown}
        total={total}
        loaded={items.length}
        narrowed={machine.on}
        summaries={machine.summaries}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        isFetchNextPageError={list.isFetchNextPageError}
        fetchNextPage={list.fetchNextPage}
        focusFilter={() => filterRef.current?.focus()}
      />
    );
  }

  return (
    <Page
      className="app-page--queue"
      title="QC queue"
      subtitle="Signed documents waiting for quality control."
      actions={<KeyHints />}
    >
      <section className="qc-queue panel panel--list" aria-label="Queue">
        <QueueTabs filters={filters} counts={counts.data} samples={samples} saving={saving} />
        <QueueToolbar
          filters={filters}
          machine={machine.view}
          onChange={setFilters}
          onDone={backToList}
          filterRef={filterRef}
          load={rowsIn}
        />
        <div className="qc-queue__body">
          {machine.on && anyRows && <MachineNote {...machine.scope} />}
          {content}
        </div>
      </section>
      {anyRows && typeof window !== 'undefined' && <ReviewAhead />}
    </Page>
  );
}
