import { EVENTS_URL } from '../../client/session.ts';
import { FINDING_EVENT } from '../../contract/findings.ts';
import { QUEUE_EVENT } from '../../contract/team.ts';
import { EVENT_TYPES } from '../../contract/webhooks.ts';

// One event stream per browser, shared by all of its console tabs. A browser opens at most
// six connections to a host over HTTP/1.1, and a stream holds one for as long as it is open:
// with a stream per tab, a seventh tab would wait for a connection that never frees. The tab
// holding a Web Lock reads the stream and relays it over a BroadcastChannel; when that tab
// goes, the lock passes to another, which reopens from the last event it saw.

export type StreamStatus = 'off' | 'connecting' | 'live';

export interface StreamListener {
  event(type: string, data: string): void;
  status(status: StreamStatus): void;
}

type Relayed =
  | { kind: 'event'; type: string; data: string; id: string }
  | { kind: 'status'; status: StreamStatus }
  | { kind: 'ask' };

const NAME = 'attest-events';

/**
 * Listens to the gateway's event stream, reading it in this tab or through the tab that
 * does. `lastId` carries the last event id seen across calls (a page back from the
 * back-forward cache asks for what came meanwhile). Returns a function that stops.
 */
export function shareEventStream(
  listener: StreamListener,
  lastId: { current: string },
): () => void {
  const stop = new AbortController();
  const channel = new BroadcastChannel(NAME);
  let leading: { status: StreamStatus } | undefined;

  const deliver = (type: string, data: string, id: string) => {
    lastId.current = id || lastId.current;
    listener.event(type, data);
  };
  channel.onmessage = ({ data: message }: MessageEvent<Relayed>) => {
    if (message.kind === 'event') deliver(message.type, message.data, message.id);
    else if (message.kind === 'status') listener.status(message.status);
    else if (leading) channel.postMessage({ kind: 'status', status: leading.status });
  };

  const lead = () =>
    new Promise<void>((release) => {
      const query = lastId.current ? `?lastEventId=${encodeURIComponent(lastId.current)}` : '';
      const source = new EventSource(`${EVENTS_URL}${query}`);
      const state = { status: 'connecting' as StreamStatus };
      leading = state;
      const setStatus = (status: StreamStatus) => {
        state.status = status;
        listener.status(status);
        channel.postMessage({ kind: 'status', status } satisfies Relayed);
      };
      setStatus('connecting');
      source.onopen = () => setStatus('live');
      // CONNECTING after an error means the browser is retrying; CLOSED means it gave up.
      source.onerror = () =>
        setStatus(source.readyState === EventSource.CLOSED ? 'off' : 'connecting');
      // The webhook deliveries, and the gateway's own news: the QC queue's (holds, decisions)
      // and findings' (ADR 029).
      for (const type of [...EVENT_TYPES, QUEUE_EVENT, FINDING_EVENT]) {
        source.addEventListener(type, ({ data, lastEventId }: MessageEvent<string>) => {
          deliver(type, data, lastEventId);
          channel.postMessage({ kind: 'event', type, data, id: lastEventId } satisfies Relayed);
        });
      }
      stop.signal.addEventListener('abort', () => {
        source.close();
        leading = undefined;
        release();
      });
    });

  listener.status('connecting');
  if ('locks' in navigator) {
    // Rejects with an AbortError when stopped while still waiting: nothing to undo then.
    navigator.locks.request(NAME, { signal: stop.signal }, lead).catch(() => {});
    // Whoever leads says how the stream is doing.
    channel.postMessage({ kind: 'ask' } satisfies Relayed);
  } else {
    void lead();
  }
  return () => {
    stop.abort();
    channel.close();
    listener.status('off');
  };
}
