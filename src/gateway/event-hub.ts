import type { ReceivedEvent } from '../contract/session.ts';
import type { Feed, LoggedEvent } from './event-log.ts';

export interface Subscriber extends Feed {
  /** The session's id hash, so signing out can close its streams. */
  sessionHash: string;
  send(event: ReceivedEvent): void;
  /** A message of the gateway's own (the QC queue's changes): not logged, not replayed. */
  notify(type: string, data: string): void;
  close(): void;
}

export type EventHub = ReturnType<typeof createEventHub>;

// Staging and production deliveries of one owner are two feeds (issue 14).
const keyOf = (feed: Feed) => `${feed.environment}/${feed.owner}`;

/**
 * The open /events streams, by feed: a delivery reaches the streams of its own owner in its
 * own environment only.
 */
export function createEventHub() {
  const byFeed = new Map<string, Set<Subscriber>>();

  function unsubscribe(subscriber: Subscriber): void {
    const key = keyOf(subscriber);
    const set = byFeed.get(key);
    set?.delete(subscriber);
    if (set?.size === 0) byFeed.delete(key);
  }

  return {
    subscribe(subscriber: Subscriber): () => void {
      const key = keyOf(subscriber);
      const set = byFeed.get(key) ?? new Set();
      set.add(subscriber);
      byFeed.set(key, set);
      return () => unsubscribe(subscriber);
    },

    publish(event: LoggedEvent): void {
      for (const subscriber of byFeed.get(keyOf(event)) ?? []) subscriber.send(event);
    },

    /** The gateway's own news to every open stream of a feed. */
    notify(feed: Feed, type: string, data: unknown): void {
      const text = JSON.stringify(data);
      for (const subscriber of byFeed.get(keyOf(feed)) ?? []) subscriber.notify(type, text);
    },

    closeSession(sessionHash: string): void {
      for (const set of byFeed.values()) {
        for (const subscriber of set)
          if (subscriber.sessionHash === sessionHash) subscriber.close();
      }
    },

    closeAll(): void {
      for (const set of byFeed.values()) for (const subscriber of set) subscriber.close();
    },

    /** Open streams of an owner (tests, logs); production's unless told. */
    count(owner: string, environment: Feed['environment'] = 'production'): number {
      return byFeed.get(keyOf({ environment, owner }))?.size ?? 0;
    },
  };
}
