import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { Page } from '../../../ui/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../ui/states.tsx';
import {
  USER_ORDERS,
  USER_PAGE_SIZES,
  userQueries,
  usersSearch,
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
  const ids = { order: useId(), limit: useId() };

  const go = (next: UsersView) => setSearch(usersSearch(next));
  // A new order or page size starts again from the first page: cursors are bound to both.
  const reorder = (changes: Partial<UsersView>) =>
    go({ ...view, ...changes, cursor: undefined, page: 1 });

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
    const first = (view.page - 1) * view.limit + 1;
    content = (
      <>
        <UsersTable users={users} listSearch={search.toString()} />
        <nav className="users-pager" aria-label="Pages">
          <p className="users-pager__where" aria-live="polite">
            {pagination.previousCursor === '' && pagination.nextCursor === ''
              ? `All ${pagination.totalCount} users`
              : `${first}–${first + users.length - 1} of ${pagination.totalCount}`}
          </p>
          {(pagination.previousCursor !== '' || pagination.nextCursor !== '') && (
            <div className="users-pager__buttons">
              <Button
                disabled={pagination.previousCursor === '' || list.isPlaceholderData}
                onClick={() =>
                  go({
                    ...view,
                    cursor: pagination.previousCursor,
                    page: Math.max(1, view.page - 1),
                  })
                }
              >
                ← Previous
              </Button>
              <Button
                disabled={pagination.nextCursor === '' || list.isPlaceholderData}
                onClick={() => go({ ...view, cursor: pagination.nextCursor, page: view.page + 1 })}
              >
                Next →
              </Button>
            </div>
          )}
        </nav>
      </>
    );
  }

  return (
    <Page title="Users" subtitle="People in your organization, their signatures and notary seals.">
      <section className="panel users-list" aria-label="Users" aria-busy={list.isFetching}>
        <div className="users-list__toolbar">
          <div className="users-list__filter">
            <label htmlFor={ids.order}>Sort by</label>
            <select
              id={ids.order}
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
            </select>
          </div>
          <div className="users-list__filter">
            <label htmlFor={ids.limit}>Per page</label>
            <select
              id={ids.limit}
              value={view.limit}
              onChange={(event) => reorder({ limit: Number(event.target.value) })}
            >
              {USER_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
          {list.data && (
            <p className="users-list__count">
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
