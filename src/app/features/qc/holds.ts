import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { listHolds } from '../../../client/team.ts';
import {
  memberIdOf,
  type QcHold,
  type QcHoldList,
  type QueueChange,
} from '../../../contract/team.ts';
import { grants, sessionQueries } from '../../session.queries.ts';
import { readBefore } from '../../shell/live-events.ts';
import { areaFor } from '../../shell/nav.ts';
import { cachedQueue, dropFromLists, removeFromQueue } from './queue-cache.ts';
import { outbox } from './review/outbox/outbox.ts';
import { qcQueries } from './qc.queries.ts';
import type { QueueFilters } from './queue-view.ts';

// The QC team's holds as the queue and the review screen see them: read from the gateway,
// kept current by the event stream's QC_QUEUE messages, and read again now and then for
// what a dropped stream missed.

/** How often the holds and the queue are read again while on screen, stream or not. */
export const TEAM_REFRESH_MS = 30_000;

export const holdsQuery = () =>
  queryOptions({
    queryKey: qcQueries.holds(),
    queryFn: ({ signal }) => listHolds({ signal }),
    refetchInterval: TEAM_REFRESH_MS,
  });

/**
 * The holds read before the event stream came up (`since`), read again: a hold taken meanwhile
 * was told to nobody, and the next poll is up to 30 s away.
 */
export function holdsMissed(client: QueryClient, since: number): Promise<unknown> {
  return client.invalidateQueries({ queryKey: qcQueries.holds(), predicate: readBefore(since) });
}

/** Holds that are still running, by request id. */
export function activeHolds(list: QcHoldList | undefined, now = Date.now()) {
  const byId = new Map<string, QcHold>();
  for (const hold of list?.holds ?? []) {
    if (Date.parse(hold.expiresOn) > now) byId.set(hold.requestId, hold);
  }
  return byId;
}

/**
 * Whether the signed-in session may read the team layer (holds, history, second reviews):
 * the gateway grants it only to permissions a session names (session.queries.ts `grants`),
 * and nothing is asked of it that it would refuse.
 */
export function useOnTeam(): boolean {
  const { data: session } = useQuery(sessionQueries.current());
  return Boolean(session && grants(session, areaFor('/qc').anyOf));
}

/** The holds of the owner's team, and the signed-in member's id to tell theirs apart. */
export function useHolds() {
  const { data: session } = useQuery(sessionQueries.current());
  const { data } = useQuery({ ...holdsQuery(), enabled: useOnTeam() });
  const me = session ? memberIdOf(session) : undefined;
  const holds = activeHolds(data);
  /** Held by someone other than the signed-in member. */
  const heldByOther = (id: string) => {
    const hold = holds.get(id);
    return hold !== undefined && hold.holder.id !== me;
  };
  return { holds, me, heldByOther };
}

function setHold(client: QueryClient, requestId: string, hold: QcHold | undefined) {
  const { queryKey } = holdsQuery();
  const state = client.getQueryState(queryKey);
  if (state?.fetchStatus === 'fetching' || (state && state.data === undefined)) {
    // A read under way may have been answered before this change: its answer would put back
    // what the change moved, and one not yet answered has no list to move it in. Read again,
    // from after the change.
    // (A first read has no data, and TanStack's `cancelRefetch` would keep it: cancel it here.)
    void client.cancelQueries({ queryKey }).then(() => client.invalidateQueries({ queryKey }));
    return;
  }
  client.setQueryData(queryKey, (list) => {
    if (!list) return list;
    const others = list.holds.filter((c) => c.requestId !== requestId);
    return { holds: hold ? [...others, hold] : others };
  });
}

const inAnyPendingList = (client: QueryClient, id: string) =>
  client
    .getQueryCache()
    .findAll({ queryKey: qcQueries.lists() })
    .some((query) => {
      const filters = query.queryKey[2] as QueueFilters | undefined;
      return filters?.status === 'pending' && cachedQueue(client, filters).some((r) => r.id === id);
    });

/**
 * A change the team made, applied in place: holds move, a decided request leaves the
 * pending lists (once: the decider's own screen removed it already) and its cached detail
 * is read again, so a screen showing it learns the outcome.
 */
export function applyQueueChange(client: QueryClient, change: QueueChange): void {
  if (change.kind === 'held') {
    const { requestId } = change.hold;
    if (change.takenFrom) {
      void client.invalidateQueries({ queryKey: qcQueries.history(requestId) });
    }
    return setHold(client, requestId, change.hold);
  }
  setHold(client, change.requestId, undefined);
  if (change.kind !== 'decided') return;
  if (inAnyPendingList(client, change.requestId)) {
    // This reviewer's own decision, listed as "saving": its counts moved when it was made.
    if (outbox.holds(change.requestId)) dropFromLists(client, change.requestId);
    else removeFromQueue(client, change.requestId, change.status);
  }
  void client.invalidateQueries({ queryKey: qcQueries.detail(change.requestId).queryKey });
  void client.invalidateQueries({ queryKey: qcQueries.history(change.requestId) });
}
