import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { recentEvents } from '../../../client/session.ts';
import type { ReceivedEvent, ReceivedEventList } from '../../../contract/session.ts';
import { eventKeys } from './event-keys.ts';

/**
 * The gateway's received list (GET /events/recent). Here rather than in events.queries.ts,
 * which the shell's stream would pull (with the sandbox client) into every screen's code.
 */
export const recentQuery = () =>
  queryOptions({
    queryKey: eventKeys.recent(),
    queryFn: ({ signal }) => recentEvents({ signal }),
  });

/** What GET /events/recent lists at most (the gateway's RECENT_LIMIT): live rows keep to it. */
export const RECENT_LIMIT = 200;

/** Refused deliveries the gateway keeps per owner (its REFUSED_LIMITS.perOwner). */
export const REFUSED_KEPT = 50;

/**
 * The list with `incoming` added, newest (highest seq) first. A verified delivery whose
 * hook-id is already listed is the same message again (an SSE replay after a reconnect, or
 * a retry), so the list comes back unchanged; refused deliveries are never merged live.
 */
export function mergeReceived(
  list: readonly ReceivedEvent[],
  incoming: ReceivedEvent,
  limit = RECENT_LIMIT,
): readonly ReceivedEvent[] {
  const known = list.some(
    (event) =>
      event.seq === incoming.seq ||
      (incoming.verified && event.verified && event.hookId === incoming.hookId),
  );
  if (known) return list;
  const index = list.findIndex((event) => event.seq < incoming.seq);
  const next =
    index < 0 ? [...list, incoming] : [...list.slice(0, index), incoming, ...list.slice(index)];
  return next.slice(0, limit);
}

/**
 * Puts a live event into the cached recent list, so the events screen shows it without a
 * request. When no list is cached yet, its first load brings it. A load under way may have
 * been answered before the event was recorded, so the event is merged into its answer too.
 */
export function addLiveEvent(client: QueryClient, event: ReceivedEvent): void {
  const { queryKey } = recentQuery();
  const merge = () =>
    client.setQueryData<ReceivedEventList>(queryKey, (data) => {
      const events = data && mergeReceived(data.events, event);
      return data && events !== data.events ? { events: [...events!] } : data;
    });
  merge();
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (query?.state.fetchStatus !== 'fetching') return;
  const unsubscribe = cache.subscribe((change) => {
    if (change.query !== query || change.type !== 'updated') return;
    if (query.state.fetchStatus !== 'idle') return;
    // Gone before merging: the merge is itself an update of this query, told to this very
    // listener at once, and merged again it was, until the stack ran out (the load failed).
    unsubscribe();
    if (change.action.type === 'success') merge();
  });
}
