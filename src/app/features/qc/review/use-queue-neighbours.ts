import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useHolds } from '../holds.ts';
import { qcQueries } from '../qc.queries.ts';
import { queueNeighbours } from '../queue-cache.ts';
import type { QueueFilters } from '../queue-view.ts';
import { useSavingIds } from './outbox/use-outbox.ts';

/**
 * The documents before and after this one in the queue view, passing over those another
 * reviewer holds (holds.ts). On the last one loaded, the
 * queue's next page comes in, so "next" never runs dry while the queue has more (a reviewer
 * works through far more than one page).
 */
export function useQueueNeighbours(filters: QueueFilters, id: string) {
  const client = useQueryClient();
  // Re-render when the queue pages change, so neighbours follow the list.
  const list = useInfiniteQuery({ ...qcQueries.list(filters), refetchOnMount: false });
  const { heldByOther } = useHolds();
  // And over those this reviewer has decided, listed as saving until the service has them.
  const saving = useSavingIds();
  const skip = (other: string) => heldByOther(other) || saving.has(other);
  const neighbours = queueNeighbours(client, filters, id, skip);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const atEnd = Boolean(neighbours.last);
  useEffect(() => {
    if (atEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage().catch(() => {});
  }, [atEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return neighbours;
}
