import type { ReceivedEvent } from '../contract/session.ts';

export interface Subscriber {
  owner: string;
  /** The session's id hash, so signing out can close its streams. */
  sessionHash: string;
  send(event: ReceivedEvent): void;
  close(): void;
}

export type EventHub = ReturnType<typeof createEventHub>;

/** The open /events streams, by owner: a delivery reaches its own owner's streams only. */
export function createEventHub() {
  const byOwner = new Map<string, Set<Subscriber>>();

  function unsubscribe(subscriber: Subscriber): void {
    const set = byOwner.get(subscriber.owner);
    set?.delete(subscriber);
    if (set?.size === 0) byOwner.delete(subscriber.owner);
  }

  return {
    subscribe(subscriber: Subscriber): () => void {
      const set = byOwner.get(subscriber.owner) ?? new Set();
      set.add(subscriber);
      byOwner.set(subscriber.owner, set);
      return () => unsubscribe(subscriber);
    },

    publish(event: ReceivedEvent): void {
      for (const subscriber of byOwner.get(event.owner) ?? []) subscriber.send(event);
    },

    closeSession(sessionHash: string): void {
      for (const set of byOwner.values()) {
        for (const subscriber of set)
          if (subscriber.sessionHash === sessionHash) subscriber.close();
      }
    },

    closeAll(): void {
      for (const set of byOwner.values()) for (const subscriber of set) subscriber.close();
    },

    /** Open streams of an owner (tests, logs). */
    count(owner: string): number {
      return byOwner.get(owner)?.size ?? 0;
    },
  };
}
