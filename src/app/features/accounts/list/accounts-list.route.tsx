import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../ui/page.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { EmptyState } from '../../../ui/states.tsx';
import { isStaleCursor, LoadingOrFailed, PageGone } from '../../../ui/query-states.tsx';
import { ListOptions, PageSizeSelect, ToolbarSelect } from '../../../ui/toolbar.tsx';
import { accountQueries } from '../accounts.queries.ts';
import { AccountsTable } from './accounts-table.tsx';
import {
  PAGE_SIZES,
  SORTS,
  rangeLabel,
  viewFromSearch,
  viewToSearch,
  withSize,
  withSort,
  type AccountListView,
} from './list-view.ts';
import '../accounts.css';
import './accounts-list.css';

const href = (view: AccountListView) => {
  const search = viewToSearch(view);
  return search ? `/accounts?${search}` : '/accounts';
};

/** Accounts (`/accounts`): a page at a time by cursor, the view held in the URL. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromSearch(params), [params]);
  const list = useQuery(accountQueries.list(view));
  const sort = `${view.order}:${view.dir}`;

  let content;
  if (!list.isSuccess) {
    // A cursor from an old link (or another sort) is refused: offer the first page.
    content = isStaleCursor(view.cursor, list.error) ? (
      <PageGone
        message="The link points into a list that has changed. Start again from the first page."
        action={
          <Link className="button button--secondary" to={href({ ...view, cursor: undefined })}>
            Go to the first page
          </Link>
        }
      />
    ) : (
      <LoadingOrFailed query={list} what="accounts" />
    );
  } else if (list.data.accounts.length === 0) {
    content = (
      <EmptyState title="No accounts yet">
        Accounts appear here once your systems send them to the service (the account upsert).
      </EmptyState>
    );
  } else {
    const { accounts, pagination } = list.data;
    const prev = pagination.previousCursor;
    const next = pagination.nextCursor;
    // The links point onward from the page on screen only once it has arrived.
    const settled = !list.isPlaceholderData;
    content = (
      <>
        <AccountsTable accounts={accounts} busy={list.isPlaceholderData} />
        <Pager
          summary={rangeLabel(view, accounts.length, pagination.totalCount)}
          single={!prev && !next}
          previous={
            !settled
              ? undefined
              : view.page > 1 && prev
                ? href({ ...view, cursor: prev, page: view.page - 1 })
                : view.cursor
                  ? href({ ...view, cursor: undefined })
                  : undefined
          }
          next={settled && next ? href({ ...view, cursor: next, page: view.page + 1 }) : undefined}
        />
      </>
    );
  }

  // Changing the order or size replaces the view in history; paging (links) adds to it.
  const setView = (next: AccountListView) => setParams(viewToSearch(next), { replace: true });

  return (
    <Page title="Accounts" subtitle="Accounts and the people on them, by their CRID.">
      <section className="panel panel--list" aria-label="Accounts">
        <ListOptions>
          <ToolbarSelect
            label="Sort"
            value={sort}
            onChange={(e) => setView(withSort(view, e.target.value))}
          >
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </ToolbarSelect>
          <PageSizeSelect
            sizes={PAGE_SIZES}
            value={view.size}
            onChange={(size) => setView(withSize(view, size))}
          />
        </ListOptions>
        {content}
      </section>
    </Page>
  );
}
