import { useMemo } from 'react';
import type { QcRequest } from '../../../../contract/qc.ts';
import type { QueueFilters } from '../queue-view.ts';
import type { MachineScope } from './machine-note.tsx';
import { machineRows, machineViewOf, machineViewOn, unreadCount } from './machine-view.ts';
import { useMachineSummaries } from './use-machine-summaries.ts';
import type { QueuePages } from './use-queue-rows.ts';

// The machine's part of the queue screen (queue.route.tsx): its view from the URL, the counts
// of the pending rows loaded, and the rows as its filter and sort show them.

interface MachineQueueOptions {
  params: URLSearchParams;
  filters: QueueFilters;
  /** Every row loaded, in the queue's order. */
  items: QcRequest[];
  total: number;
  pages: Pick<QueuePages, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  /** The rows are in: the counts wait for them, as the tabs' do. */
  rowsIn: boolean;
}

export function useMachineQueue({
  params,
  filters,
  items,
  total,
  pages,
  rowsIn,
}: MachineQueueOptions) {
  const view = useMemo(() => machineViewOf(params), [params]);
  // Pending rows only: asking queues a read, which a decided document no longer needs.
  const pending = filters.status === 'pending';
  const { summaries, failed } = useMachineSummaries(items, pending && rowsIn);
  const shown = useMemo(() => machineRows(items, summaries, view), [items, summaries, view]);
  const scope: MachineScope = {
    view,
    shown: shown.length,
    loaded: items.length,
    total,
    unread: pending ? unreadCount(items, summaries) : 0,
    failed,
    hasNextPage: pages.hasNextPage,
    isFetchingNextPage: pages.isFetchingNextPage,
    fetchNextPage: pages.fetchNextPage,
  };
  return { view, on: machineViewOn(view), summaries, shown, scope };
}
