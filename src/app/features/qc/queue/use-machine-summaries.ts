import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { QcRequest } from '../../../../contract/qc.ts';
import { checkQueries, type CheckSummaries } from '../checks.queries.ts';
import { TEAM_REFRESH_MS } from '../holds.ts';
import type { Summaries } from './machine-view.ts';

// The machine's counts for the queue's rows loaded (queue.route.tsx): asked once the rows are
// in, and again every few seconds while any is still being read. A read that stops moving
// (a document the machine gave up on stays waiting) is asked after as the queue itself is.

/** While documents are being read (about a second each). */
export const MACHINE_POLL_MS = 3_000;
/** Waiting rows unchanged this long: asked after at the queue's own pace. */
const STALLED_MS = 60_000;

export function machinePollInterval(data: CheckSummaries | undefined, now = Date.now()) {
  if (!data || !Object.values(data.byId).some((summary) => summary.state === 'waiting')) {
    return false;
  }
  return now - data.changedOn > STALLED_MS ? TEAM_REFRESH_MS : MACHINE_POLL_MS;
}

const NONE: Summaries = new Map();

/** The counts of `items` by request id (lower case); `failed` when they could not be read. */
export function useMachineSummaries(items: readonly QcRequest[], enabled: boolean) {
  const ids = useMemo(() => items.map((request) => request.id), [items]);
  const query = useQuery({
    ...checkQueries.summaries(ids),
    enabled: enabled && ids.length > 0,
    // A page more, or a row decided, asks again: the counts shown stay meanwhile.
    placeholderData: keepPreviousData,
    refetchInterval: (q) => machinePollInterval(q.state.data),
  });
  const summaries = useMemo(
    () => (query.data ? new Map(Object.entries(query.data.byId)) : NONE),
    [query.data],
  );
  return { summaries, failed: query.isError && !query.data };
}
