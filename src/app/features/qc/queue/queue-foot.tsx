import { NextPageFailed } from '../../../ui/query-states.tsx';
import type { QueuePages } from './use-queue-rows.ts';

/**
 * The list's foot (queue-list.tsx): how much of the queue is loaded, and the next page's
 * failure with its retry. `loaded` counts the rows loaded, shown or not (the machine's
 * filter may hide some: machine-note.tsx says so).
 */
export function QueueFoot({
  loaded,
  total,
  narrowed,
  pages,
}: {
  loaded: number;
  total: number;
  /** The machine's filter or sort is on: the list is not the queue's own. */
  narrowed: boolean;
  pages: QueuePages;
}) {
  return (
    <>
      <p className="qc-list__foot" role="status">
        {pages.isFetchingNextPage
          ? 'Loading more…'
          : pages.hasNextPage
            ? `${loaded.toLocaleString()} of ${total.toLocaleString()} loaded`
            : `All ${total.toLocaleString()} ${narrowed ? 'loaded' : 'shown'}`}
      </p>
      <NextPageFailed query={pages} what="requests" />
    </>
  );
}
