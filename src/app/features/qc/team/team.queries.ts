import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getSettings, getTeamStats } from '../../../../client/qc-management.ts';
import { listQcRequests } from '../../../../client/qc.ts';
import type { QcProcess } from '../../../../contract/qc.ts';
import { areaKeys } from '../../../area-keys.ts';
import { ownerOf } from '../../../session.queries.ts';
import type { TeamRange } from './team-range.ts';

// The team view's data: the gateway's figures for a range, the processes' settings (their
// target ages), and each active process's pending queue from the service.

/** How the pending queue of one process stands; null when the service's answer cannot say. */
export interface QueueHealth {
  pending: number;
  /** The oldest pending request's creation; absent when nothing is pending. */
  oldestOn?: string | undefined;
}

const QUEUE_REFRESH = 60_000;

export const teamQueries = {
  all: areaKeys.qcTeam,
  stats: (range: TeamRange) =>
    queryOptions({
      queryKey: [...teamQueries.all(), 'stats', range] as const,
      queryFn: ({ signal }) => getTeamStats(range, { signal }),
      // The figures on screen stay (dimmed) while another range loads.
      placeholderData: keepPreviousData,
    }),
  settings: () =>
    queryOptions({
      queryKey: [...teamQueries.all(), 'settings'] as const,
      queryFn: ({ signal }) => getSettings({ signal }),
      staleTime: 60_000,
    }),
  queueHealth: (process: Pick<QcProcess, 'id' | 'displayName'>) =>
    queryOptions({
      queryKey: [...teamQueries.all(), 'queue', process.id, process.displayName] as const,
      queryFn: async ({ signal, client }): Promise<QueueHealth | null> => {
        const page = await listQcRequests(
          {
            owner: await ownerOf(client),
            status: 'pending',
            processId: process.id,
            orderBy: 'createdOn',
            orderDirection: 'asc',
            limit: 1,
          },
          { signal },
        );
        const oldest = page.qcRequests[0];
        // A deployment that ignores a filter would count another status or process: an
        // unknown says so, where a wrong number would mislead (docs/interface-gaps.md).
        if (oldest && (oldest.status !== 'pending' || oldest.processName !== process.displayName))
          return null;
        return { pending: page.pagination.totalCount, oldestOn: oldest?.createdOn };
      },
      refetchInterval: QUEUE_REFRESH,
    }),
};
