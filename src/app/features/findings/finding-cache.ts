import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { countMyFindings } from '../../../client/findings.ts';
import type { Finding } from '../../../contract/findings.ts';
import { areaKeys } from '../../area-keys.ts';
import { readBefore } from '../../shell/live-events.ts';
import { findingKeys } from './finding-keys.ts';

// What every screen's code carries of findings (the navigation's badge, the stream's news):
// the count, and how a changed finding reaches the cache. The rest of the feature's data
// (findings.queries.ts) loads with its screens.

export const countQuery = () =>
  queryOptions({
    queryKey: findingKeys.count(),
    queryFn: ({ signal }) => countMyFindings({ signal }),
    // Kept current by the event stream (live.ts); read again on a return to the tab.
    staleTime: 60_000,
  });

/**
 * The findings read before the event stream came up (`since`): a change made meanwhile was
 * told to nobody (a page's badge read as its stream was still connecting), so they are read
 * again. What was read after is current.
 */
export function findingsMissed(client: QueryClient, since: number): Promise<unknown> {
  return client.invalidateQueries({
    queryKey: findingKeys.all(),
    predicate: readBefore(since),
  });
}

/**
 * A finding as it now is, everywhere the console shows it: its page, the lists and the badge
 * (read again: a change may move it between views), the request's history and the team's
 * figures (the QC area's, named in area-keys.ts).
 */
export function findingChanged(client: QueryClient, finding: Finding): Promise<unknown> {
  client.setQueryData(findingKeys.detail(finding.id), finding);
  return Promise.all([
    client.invalidateQueries({ queryKey: findingKeys.lists() }),
    client.invalidateQueries({ queryKey: findingKeys.count() }),
    client.invalidateQueries({ queryKey: areaKeys.qcHistory(finding.requestId) }),
    client.invalidateQueries({ queryKey: areaKeys.qcTeam() }),
  ]);
}
