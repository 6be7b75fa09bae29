import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { FINDING_EVENT, FindingChangeSchema, type FindingChange } from '../../contract/findings.ts';
import { ReceivedEventSchema, type ReceivedEvent } from '../../contract/session.ts';
import { QUEUE_EVENT, QueueChangeSchema, type QueueChange } from '../../contract/team.ts';
import { pushToast } from '../ui/toast-store.ts';
import { shareEventStream, type StreamListener, type StreamStatus } from './shared-event-stream.ts';

function toastFor(event: ReceivedEvent) {
  const payload = event.payload;
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : '');
  if (event.type === 'DOCUMENT_READY') {
    const url = text('downloadUrl');
    pushToast({
      tone: 'success',
      title: 'Document ready',
      description: text('crid')
        ? `Account ${text('crid')}: a signed document is ready.`
        : 'A signed document is ready.',
      ...(url ? { action: { label: 'Download', href: url } } : {}),
    });
  } else if (event.type === 'ADDRESS_CHANGE') {
    pushToast({
      title: 'Address changed',
      description: text('crid') ? `Account ${text('crid')}` : undefined,
    });
  }
}

/**
 * What the features do with what the stream brings: the shell knows no feature, so each one
 * tells it. `on` subscribes and answers the unsubscribe.
 */
function listeners<Args extends unknown[]>() {
  const all = new Set<(client: QueryClient, ...args: Args) => void>();
  return {
    on(listener: (client: QueryClient, ...args: Args) => void): () => void {
      all.add(listener);
      return () => all.delete(listener);
    },
    tell: (client: QueryClient, ...args: Args) => all.forEach((listen) => listen(client, ...args)),
  };
}

/** Each delivery as it arrives (the events screen caches it). */
const deliveries = listeners<[event: ReceivedEvent]>();
export const onLiveEvent = deliveries.on;
/** The QC queue's changes (holds, releases, decisions). */
const queueChanges = listeners<[change: QueueChange]>();
export const onQueueChange = queueChanges.on;
/** A finding's news (ADR 029): raised, answered, settled, reassigned. */
const findingChanges = listeners<[change: FindingChange]>();
export const onFindingChange = findingChanges.on;
/**
 * The stream come up (at first, and after every gap): the gateway's own news (a finding's,
 * the queue's) is not logged, so what came before the stream was up is read again. `since`
 * is when this stream came up: data read after it is current.
 */
const streamUp = listeners<[since: number]>();
export const onStreamUp = streamUp.on;

/**
 * For `invalidateQueries`: a query whose data was read before `since`. One being read now is
 * left to finish: aborting it would only ask again.
 */
export const readBefore =
  (since: number) =>
  ({ state }: Query) =>
    state.status === 'success' && state.fetchStatus === 'idle' && state.dataUpdatedAt < since;

// Whether the stream is up, for screens that promise live updates (the events log says so).
export type LiveStatus = StreamStatus;
let status: LiveStatus = 'off';
const statusListeners = new Set<() => void>();
function setStatus(next: LiveStatus, client: QueryClient) {
  if (next === status) return;
  status = next;
  statusListeners.forEach((listener) => listener());
  if (next === 'live') streamUp.tell(client, Date.now());
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
  );
}

/**
 * Listens to the gateway's event stream while signed in (one per browser, shared by its
 * tabs: shared-event-stream.ts): each delivery becomes a toast (but on the events screen) and
 * a row of the cached recent-events list (the events screen reads it; no second stream).
 * EventSource reconnects by itself and sends Last-Event-ID, so nothing is missed.
 */
export function useLiveEvents(enabled: boolean, onEvent?: (event: ReceivedEvent) => void) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    const listener: StreamListener = {
      status: (next) => setStatus(next, client),
      event(type, data) {
        let json: unknown;
        try {
          json = JSON.parse(data);
        } catch {
          return;
        }
        if (type === QUEUE_EVENT) {
          const change = QueueChangeSchema.safeParse(json);
          if (change.success) queueChanges.tell(client, change.data);
          return;
        }
        if (type === FINDING_EVENT) {
          const change = FindingChangeSchema.safeParse(json);
          if (change.success) findingChanges.tell(client, change.data);
          return;
        }
        const parsed = ReceivedEventSchema.safeParse(json);
        if (!parsed.success) return;
        deliveries.tell(client, parsed.data);
        // On the events screen the new row is the news: a toast there would say it twice.
        if (window.location.pathname !== '/events') toastFor(parsed.data);
        onEvent?.(parsed.data);
      },
    };
    const lastId = { current: '' };
    let stop: (() => void) | undefined = shareEventStream(listener, lastId);
    // A page kept in the back-forward cache would keep its stream (a connection the other
    // pages need): stopped while the page is cached, started again, from the last event
    // seen, if it comes back.
    const cached = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      stop?.();
      stop = undefined;
    };
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted && !stop) stop = shareEventStream(listener, lastId);
    };
    window.addEventListener('pagehide', cached);
    window.addEventListener('pageshow', restored);
    return () => {
      window.removeEventListener('pagehide', cached);
      window.removeEventListener('pageshow', restored);
      stop?.();
    };
  }, [enabled, onEvent, client]);
}
