import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { Page } from '../../../ui/page.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { EmptyState, ErrorState, Loading } from '../../../ui/states.tsx';
import { ToolbarSelect } from '../../../ui/toolbar.tsx';
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
  if (list.isPending) {
    content = <Loading label="Loading users…" />;
  } else if (list.isError) {
    content = (
      <ErrorState
        title="The users could not be loaded"
        message={list.error.message}
        action={
          <div className="users-list__retry">
            <Button onClick={() => void list.refetch()}>Try again</Button>
            {view.cursor && (
              <Button variant="ghost" onClick={() => reorder({})}>
                Back to the first page
              </Button>
            )}
          </div>
        }
      />
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
        <div className="toolbar" role="group" aria-label="List options">
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
          <ToolbarSelect
            label="Per page"
            value={view.size}
            onChange={(event) => reorder({ size: Number(event.target.value) })}
          >
            {USER_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </ToolbarSelect>
          {list.data && (
            <p className="toolbar__count">
              {list.data.pagination.totalCount}{' '}
              {list.data.pagination.totalCount === 1 ? 'user' : 'users'}
            </p>
          )}
        </div>
        {content}
      </section>
    </Page>
  );
}
