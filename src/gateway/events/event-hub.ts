import type { ReceivedEvent } from '../../contract/session.ts';
import type { Audience, Bus, BusMessage } from '../db/bus.ts';
import type { Feed, LoggedEvent } from './event-log.ts';

export interface Subscriber extends Feed {
  /** The session's id hash, so signing out can close its streams. */
  sessionHash: string;
  send(event: ReceivedEvent): void;
  /**
   * A message of the gateway's own (the QC queue's changes, findings): not logged, not
   * replayed; for `audience` only, when it names one.
   */
  notify(type: string, data: string, audience?: Audience): void;
  close(): void;
}

export type EventHub = ReturnType<typeof createEventHub>;

/** What the hub reads back from the event log: a delivery another process recorded. */
export interface HubLog {
  byNumber(where: Feed, seq: number): Promise<LoggedEvent | undefined>;
  after(where: Feed, seq: number): Promise<ReceivedEvent[]>;
}

// Staging and production deliveries of one owner are two feeds (ADR 015).
const keyOf = (feed: Feed) => `${feed.environment}/${feed.owner}`;

/**
 * The open /events streams of this process, by feed: a delivery reaches the streams of its
 * own owner in its own environment only. What happens here is told to the other processes
 * of the same database through `bus`, and what they tell arrives here (ADR 023).
 */
export function createEventHub(bus: Bus, log: HubLog, onError: (error: unknown) => void) {
  const byFeed = new Map<string, Set<Subscriber>>();
  /** The newest delivery streamed per feed, to catch up from after the bus was lost. */
  const latest = new Map<string, { feed: Feed; seq: number }>();
  // Deliveries from other processes are read back in the order they were told.
  let readBack = Promise.resolve();

  function unsubscribe(subscriber: Subscriber): void {
    const key = keyOf(subscriber);
    const set = byFeed.get(key);
    set?.delete(subscriber);
    if (set?.size === 0) byFeed.delete(key);
  }

  function deliver(event: ReceivedEvent & Feed): void {
    const key = keyOf(event);
    const seen = latest.get(key);
    if (!seen || seen.seq < event.seq) {
      latest.set(key, {
        feed: { environment: event.environment, owner: event.owner },
        seq: event.seq,
      });
    }
    for (const subscriber of byFeed.get(key) ?? []) subscriber.send(event);
  }

  function notifyHere(feed: Feed, type: string, text: string, audience?: Audience): void {
    for (const subscriber of byFeed.get(keyOf(feed)) ?? []) {
      subscriber.notify(type, text, audience);
    }
  }

  function closeHere(sessionHash: string): void {
    for (const set of byFeed.values()) {
      for (const subscriber of set) if (subscriber.sessionHash === sessionHash) subscriber.close();
    }
  }

  const later = (read: () => Promise<void>) => {
    readBack = readBack.then(read).catch(onError);
  };

  bus.onMessage((message: BusMessage) => {
    if (message.kind === 'close-session') closeHere(message.sessionHash);
    else if (message.kind === 'notify') {
      notifyHere(message, message.type, message.data, message.audience);
    } else if (byFeed.has(keyOf(message))) {
      later(async () => {
        const event = await log.byNumber(message, message.seq);
        if (event) deliver(event);
      });
    }
  });
  bus.onReconnect(() => {
    for (const { feed, seq } of latest.values()) {
      if (!byFeed.has(keyOf(feed))) continue;
      later(async () => {
        for (const event of await log.after(feed, seq)) deliver({ ...event, ...feed });
      });
    }
  });

  return {
    subscribe(subscriber: Subscriber): () => void {
      const key = keyOf(subscriber);
      const set = byFeed.get(key) ?? new Set();
      set.add(subscriber);
      byFeed.set(key, set);
      return () => unsubscribe(subscriber);
    },

    publish(event: LoggedEvent): void {
      deliver(event);
      bus.send({
        kind: 'event',
        environment: event.environment,
        owner: event.owner,
        seq: event.seq,
      });
    },

    /**
     * The gateway's own news to every open stream of a feed, in every process; to `audience`
     * only, when given (each stream knows whom it serves).
     */
    notify(feed: Feed, type: string, data: unknown, audience?: Audience): void {
      const text = JSON.stringify(data);
      notifyHere(feed, type, text, audience);
      bus.send({
        kind: 'notify',
        environment: feed.environment,
        owner: feed.owner,
        type,
        data: text,
        ...(audience && { audience }),
      });
    },

    closeSession(sessionHash: string): void {
      closeHere(sessionHash);
      bus.send({ kind: 'close-session', sessionHash });
    },

    /** This process's streams only: it is closing. */
    closeAll(): void {
      for (const set of byFeed.values()) for (const subscriber of set) subscriber.close();
    },

    /** Open streams of an owner in this process (tests, logs); production's unless told. */
    count(owner: string, environment: Feed['environment'] = 'production'): number {
      return byFeed.get(keyOf({ environment, owner }))?.size ?? 0;
    },
  };
}
