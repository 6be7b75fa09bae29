import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listMails } from '../../../client/mail.ts';
import { listNotices } from '../../../client/notices.ts';
import { getDelivery, listDeliveries } from '../../../client/sandbox.ts';
import { refusedEvents } from '../../../client/session.ts';
import { ownerOf } from '../../session.queries.ts';
import { eventKeys } from './event-keys.ts';
import { recentQuery } from './received-events.ts';

/** Sandbox deliveries shown at once: the latest are the ones being looked at. */
export const DELIVERIES_SHOWN = 25;
/** Notices per page of the sent notices (QC managers). */
export const NOTICES_SHOWN = 25;
/** E-mails shown at first, and how many more each "Older e-mails" adds, up to the most. */
export const MAILS_SHOWN = 25;
/** The most the gateway lists (it keeps no cursor: the newest, up to this many). */
export const MAILS_MAX = 100;

// The received lists are the gateway's (GET /events/recent, scoped to the session's owner):
// verified deliveries, into which live rows are merged from the shell's event stream
// (received-events.ts), and refused ones, never streamed. The deliveries are the sandbox
// service's outbox, for admins of a sandbox only. The notices are the gateway's own outbox
// of finding changes (ADR 030), for QC managers; the e-mails are what it mailed about
// findings (ADR 040), for QC managers too.
export const eventQueries = {
  all: eventKeys.all,
  recent: recentQuery,
  refused: () =>
    queryOptions({
      queryKey: [...eventQueries.all(), 'refused'] as const,
      queryFn: ({ signal }) => refusedEvents({ signal }),
    }),
  allDeliveries: () => [...eventQueries.all(), 'deliveries'] as const,
  deliveries: () =>
    queryOptions({
      queryKey: [...eventQueries.allDeliveries(), 'list'] as const,
      queryFn: async ({ signal, client }) =>
        listDeliveries({ owner: await ownerOf(client), limit: DELIVERIES_SHOWN }, { signal }),
    }),
  allNotices: () => [...eventQueries.all(), 'notices'] as const,
  notices: () =>
    infiniteQueryOptions({
      queryKey: [...eventQueries.allNotices(), 'list'] as const,
      queryFn: ({ signal, pageParam }) =>
        listNotices({ limit: NOTICES_SHOWN, cursor: pageParam }, { signal }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next,
    }),
  allMails: () => [...eventQueries.all(), 'mails'] as const,
  /** The newest `limit` e-mails; a longer list keeps the shorter one on screen meanwhile. */
  mails: (limit: number) =>
    queryOptions({
      queryKey: [...eventQueries.allMails(), 'list', limit] as const,
      queryFn: ({ signal }) => listMails(limit, { signal }),
      placeholderData: keepPreviousData,
    }),
  /** `version` changes with the list's view of the message, so a new attempt is fetched. */
  delivery: (id: string, version = '') =>
    queryOptions({
      queryKey: [...eventQueries.allDeliveries(), 'detail', id, version] as const,
      queryFn: ({ signal }) => getDelivery(id, { signal }),
    }),
};
