import { queryOptions } from '@tanstack/react-query';
import { getDelivery, listDeliveries } from '../../../client/sandbox.ts';
import { ownerOf } from '../../session.queries.ts';
import { recentQuery } from './received-events.ts';

/** Sandbox deliveries shown at once: the latest are the ones being looked at. */
export const DELIVERIES_SHOWN = 25;

// The received list is the gateway's (GET /events/recent, scoped to the session's owner);
// live rows are merged into it from the shell's event stream (received-events.ts). The
// deliveries are the sandbox service's outbox, for admins of a sandbox only.
export const eventQueries = {
  all: () => ['events'] as const,
  recent: recentQuery,
  allDeliveries: () => [...eventQueries.all(), 'deliveries'] as const,
  deliveries: () =>
    queryOptions({
      queryKey: [...eventQueries.allDeliveries(), 'list'] as const,
      queryFn: async ({ signal, client }) =>
        listDeliveries({ owner: await ownerOf(client), limit: DELIVERIES_SHOWN }, { signal }),
    }),
  /** `version` changes with the list's view of the message, so a new attempt is fetched. */
  delivery: (id: string, version = '') =>
    queryOptions({
      queryKey: [...eventQueries.allDeliveries(), 'detail', id, version] as const,
      queryFn: ({ signal }) => getDelivery(id, { signal }),
    }),
};
