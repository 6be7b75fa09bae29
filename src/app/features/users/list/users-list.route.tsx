import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { Page } from '../../../ui/page.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { LoadingOrFailed } from '../../../ui/query-states.tsx';
import { EmptyState } from '../../../ui/states.tsx';
import { ListOptions, PageSizeSelect, ToolbarSelect } from '../../../ui/toolbar.tsx';
import {
  USER_ORDERS,
  USER_PAGE_SIZES,
  userQueries,
  viewToSearch,
  viewFromSearch,
  UsersViewSchema,
  type UsersView,
} from '../users.queries.ts';
import { UsersTable } from './users-table.tsx';
import './users-list.css';

/** `/users` (users.manage): every user of the organization, a page at a time. */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const view = viewFromSearch(search);
  const list = useQuery(userQueries.list(view));

  // A new order or page size starts again from the first page: cursors are bound to both.
  const reorder = (changes: Partial<UsersView>) =>
    setSearch(viewToSearch({ ...view, ...changes, cursor: undefined, page: 1 }));
  // Paging follows the page on screen, so not while the next one loads.
  const pageLink = (cursor: string, page: number) =>
    cursor === '' || list.isPlaceholderData
      ? undefined
      : { search: viewToSearch({ ...view, cursor, page }) };

  let content;
  if (!list.isSuccess) {
    content = (
      <LoadingOrFailed query={list} what="users" className="users-list__retry">
        {view.cursor && (
          <Button variant="ghost" onClick={() => reorder({})}>
            Back to the first page
          </Button>
        )}
      </LoadingOrFailed>
    );
  } else if (list.data.users.length === 0) {
    content = (
      <EmptyState title={view.cursor ? 'No more users' : 'No users yet'}>
        {view.cursor
          ? 'This page is past the end of the list.'
          : 'People appear here once your organization’s account manager adds them.'}
      </EmptyState>
    );
  } else {
    const { users, pagination } = list.data;
    const first = (view.page - 1) * view.size + 1;
    const single = pagination.previousCursor === '' && pagination.nextCursor === '';
    content = (
      <>
        <UsersTable users={users} listSearch={search.toString()} busy={list.isFetching} />
        <Pager
          summary={
            single
              ? `All ${pagination.totalCount} users`
              : `${first}–${first + users.length - 1} of ${pagination.totalCount}`
          }
          single={single}
          previous={pageLink(pagination.previousCursor, Math.max(1, view.page - 1))}
          next={pageLink(pagination.nextCursor, view.page + 1)}
        />
      </>
    );
  }

  return (
    <Page title="Users" subtitle="People in your organization, their signatures and notary seals.">
      <section className="panel panel--list" aria-label="Users">
        <ListOptions>
          <ToolbarSelect
            label="Sort by"
            value={view.order}
            onChange={(event) =>
              reorder({ order: UsersViewSchema.shape.order.parse(event.target.value) })
            }
          >
            {Object.entries(USER_ORDERS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </ToolbarSelect>
          <PageSizeSelect
            sizes={USER_PAGE_SIZES}
            value={view.size}
            onChange={(size) => reorder({ size })}
          />
          {list.data && (
            <p className="toolbar__count">
              {list.data.pagination.totalCount}{' '}
              {list.data.pagination.totalCount === 1 ? 'user' : 'users'}
            </p>
          )}
        </ListOptions>
        {content}
      </section>
    </Page>
  );
}
