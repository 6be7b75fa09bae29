import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { EVENTS_URL } from '../../client/session.ts';
import { ReceivedEventSchema, type ReceivedEvent } from '../../contract/session.ts';
import { EVENT_TYPES } from '../../contract/webhooks.ts';
import { addLiveEvent } from '../features/events/received-events.ts';
import { pushToast } from '../ui/toast-store.ts';

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

// Whether the stream is up, for screens that promise live updates (the events log says so).
export type LiveStatus = 'off' | 'connecting' | 'live';
let status: LiveStatus = 'off';
const statusListeners = new Set<() => void>();
function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  statusListeners.forEach((listener) => listener());
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
 * Listens to the gateway's event stream while signed in: each delivery becomes a toast (but
 * on the events screen) and a row of the cached recent-events list (the events screen reads it; no second stream).
 * EventSource reconnects by itself and sends Last-Event-ID, so nothing is missed.
 */
export function useLiveEvents(enabled: boolean, onEvent?: (event: ReceivedEvent) => void) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    let lastId = '';
    const handle = (message: MessageEvent<string>) => {
      lastId = message.lastEventId || lastId;
      let json: unknown;
      try {
        json = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = ReceivedEventSchema.safeParse(json);
      if (!parsed.success) return;
      addLiveEvent(client, parsed.data);
      // On the events screen the new row is the news: a toast there would say it twice.
      if (window.location.pathname !== '/events') toastFor(parsed.data);
      onEvent?.(parsed.data);
    };
    let source: EventSource | undefined;
    const open = () => {
      // Reopened, it asks for what came meanwhile, as the browser's own reconnection does.
      const query = lastId ? `?lastEventId=${encodeURIComponent(lastId)}` : '';
      const opened = new EventSource(`${EVENTS_URL}${query}`);
      source = opened;
      setStatus('connecting');
      opened.onopen = () => setStatus('live');
      // CONNECTING after an error means the browser is retrying; CLOSED means it gave up.
      opened.onerror = () =>
        setStatus(opened.readyState === EventSource.CLOSED ? 'off' : 'connecting');
      for (const type of EVENT_TYPES) opened.addEventListener(type, handle);
    };
    const close = () => {
      source?.close();
      source = undefined;
      setStatus('off');
    };
    // A page kept in the back-forward cache would keep its stream, one of the six
    // connections a browser opens to the console: after five pages left that way, the next
    // page load waited for one (close to a minute in Chromium). Closed while the page is
    // cached, opened again if it comes back.
    const cached = (event: PageTransitionEvent) => event.persisted && close();
    const restored = (event: PageTransitionEvent) => event.persisted && !source && open();
    window.addEventListener('pagehide', cached);
    window.addEventListener('pageshow', restored);
    open();
    return () => {
      window.removeEventListener('pagehide', cached);
      window.removeEventListener('pageshow', restored);
      close();
    };
  }, [enabled, onEvent, client]);
}
