import type { ReactNode } from 'react';
import { ApiError } from '../../client/api-error.ts';
import { Button } from './button.tsx';
import { ErrorState, Loading } from './states.tsx';

// The states of a screen's query (TanStack Query's result) before it has data, as every
// screen words them: a spinner while it loads, and its error with a way to ask again.

interface Retryable {
  error: Error | null;
  refetch: () => unknown;
}

interface MoreActions {
  /** Actions beside the retry, which then stand together in a row of this class. */
  className?: string;
  children?: ReactNode;
}

/** A failed request's error, with the button that asks again. */
export function RetryError({
  title,
  query,
  className,
  children,
}: { title: string; query: Retryable } & MoreActions) {
  const retry = <Button onClick={() => void query.refetch()}>Try again</Button>;
  return (
    <ErrorState
      title={title}
      message={query.error?.message ?? ''}
      action={
        className ? (
          <div className={className}>
            {retry}
            {children}
          </div>
        ) : (
          retry
        )
      }
    />
  );
}

/**
 * Whether a list's page failed for its cursor: a cursor is bound to the list's order, size and
 * owner and can expire (a new cursor secret), so an old or edited link fails with 400.
 */
export const isStaleCursor = (cursor: string | undefined, error: Error | null) =>
  Boolean(cursor) && error instanceof ApiError && error.status === 400;

/** The page of a list that a link pointed into is gone: why, and the way back (`action`). */
export function PageGone({ message, action }: { message: string; action: ReactNode }) {
  return (
    <ErrorState
      title="This page of the list is no longer available"
      message={message}
      action={action}
    />
  );
}

/**
 * A query that has no data yet: loading (`Loading users…`) or failed (`The users could not be
 * loaded`, with a retry). `what` is said as the loading line says it: `users`, `the queue`.
 */
export function LoadingOrFailed({
  query,
  what,
  ...more
}: { query: Retryable & { isPending: boolean }; what: string } & MoreActions) {
  if (query.isPending) return <Loading label={`Loading ${what}…`} />;
  const subject = what.replace(/^the /, '');
  return <RetryError title={`The ${subject} could not be loaded`} query={query} {...more} />;
}

/** What a list of pages (TanStack Query's infinite query) tells of its next page. */
interface NextPages {
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The next page of a list failed, its retries spent: said below what loaded, which stays,
 * with the button that asks for that page again. TanStack Query then calls the whole query
 * failed, so a list shows this state while it has data (`query.data`), not by `isSuccess`.
 * `what` names the page's items: `requests`, `findings`.
 */
export function NextPageFailed({ query, what }: { query: NextPages; what: string }) {
  if (!query.isFetchNextPageError || query.isFetchingNextPage) return null;
  return (
    <div className="next-page-failed" role="alert">
      <p>The next {what} could not be loaded.</p>
      <Button variant="secondary" onClick={() => void query.fetchNextPage()}>
        Try again
      </Button>
    </div>
  );
}
