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
  byNumbers(where: Feed, seqs: readonly number[]): Promise<LoggedEvent[]>;
  after(where: Feed, seq: number): Promise<ReceivedEvent[]>;
}

// Staging and production deliveries of one owner are two feeds (ADR 015).
const keyOf = (feed: Feed) => `${feed.environment}/${feed.owner}`;

/**
 * How far below the newest delivery streamed a catch-up looks. Two deliveries may be numbered
 * in one order and committed in the other (PostgreSQL), so one missed while the bus was down
 * may have a lower number than one heard: a few hundred covers every delivery in flight.
 */
export const CATCH_UP_BELOW = 1_000;
/** The numbers streamed per feed, remembered so a catch-up sends none twice. */
const STREAMED_KEPT = 4_096;

/** What a feed's streams here were sent, since the feed first had one. */
interface Streamed {
  feed: Feed;
  /**
   * The newest delivery this process knew of when the feed's first stream opened here, or
   * the first one streamed: a catch-up reads nothing older. Unknown: no catch-up yet.
   */
  first?: number;
  newest: number;
  seqs: Set<number>;
}

/**
 * The open /events streams of this process, by feed: a delivery reaches the streams of its
 * own owner in its own environment only. What happens here is told to the other processes
 * of the same database through `bus`, and what they tell arrives here (ADR 023).
 */
export function createEventHub(bus: Bus, log: HubLog, onError: (error: unknown) => void) {
  const byFeed = new Map<string, Set<Subscriber>>();
  /** Per feed with a stream here: what was streamed, to catch up from after the bus was lost. */
  const streamed = new Map<string, Streamed>();
  /** The newest delivery number this process heard of per feed, streamed or not. */
  const known = new Map<string, number>();
  const heard = (key: string, seq: number) => {
    if (seq > (known.get(key) ?? 0)) known.set(key, seq);
  };
  // Deliveries from other processes are read back in the order they were told.
  let readBack = Promise.resolve();
  /**
   * Numbers told by the bus and not read back yet, per feed. A burst of webhooks at another
   * process is hundreds told at once: read in one statement, not one each behind the other.
   */
  let told = new Map<string, { feed: Feed; seqs: number[] }>();

  function unsubscribe(subscriber: Subscriber): void {
    const key = keyOf(subscriber);
    const set = byFeed.get(key);
    set?.delete(subscriber);
    if (set?.size !== 0) return;
    // A stream opened later asks for what it missed by its own Last-Event-ID.
    byFeed.delete(key);
    streamed.delete(key);
  }

  function deliver(event: ReceivedEvent & Feed): void {
    const key = keyOf(event);
    heard(key, event.seq);
    const subscribers = byFeed.get(key);
    const record = streamed.get(key);
    if (!subscribers || !record) return;
    record.first ??= event.seq;
    if (record.seqs.has(event.seq)) return;
    record.seqs.add(event.seq);
    if (record.seqs.size > STREAMED_KEPT) {
      record.seqs.delete(record.seqs.values().next().value as number);
    }
    record.newest = Math.max(record.newest, event.seq);
    for (const subscriber of subscribers) subscriber.send(event);
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

  async function readTold(): Promise<void> {
    const batch = told;
    told = new Map();
    for (const { feed, seqs } of batch.values()) {
      const found = new Map((await log.byNumbers(feed, seqs)).map((e) => [e.seq, e]));
      for (const seq of seqs) {
        const event = found.get(seq);
        if (event) deliver(event);
      }
    }
  }

  const later = (read: () => Promise<void>) => {
    readBack = readBack.then(read).catch(onError);
  };

  /** A delivery another process received: read back with the others told meanwhile. */
  function toldOf(feed: Feed, seq: number): void {
    const key = keyOf(feed);
    heard(key, seq);
    if (!byFeed.has(key)) return;
    const waiting = told.get(key);
    if (waiting) {
      waiting.seqs.push(seq);
      return;
    }
    told.set(key, { feed: { environment: feed.environment, owner: feed.owner }, seqs: [seq] });
    // One read under way or queued takes every number told before it starts.
    if (told.size === 1) later(readTold);
  }

  bus.onMessage((message: BusMessage) => {
    if (message.kind === 'close-session') closeHere(message.sessionHash);
    else if (message.kind === 'notify') {
      notifyHere(message, message.type, message.data, message.audience);
    } else toldOf(message, message.seq);
  });
  bus.onReconnect(() => {
    for (const { feed, first, newest } of streamed.values()) {
      if (first === undefined) continue;
      later(async () => {
        const from = Math.max(first, newest - CATCH_UP_BELOW);
        for (const event of await log.after(feed, from)) deliver({ ...event, ...feed });
      });
    }
  });

  return {
    subscribe(subscriber: Subscriber): () => void {
      const key = keyOf(subscriber);
      const set = byFeed.get(key) ?? new Set();
      set.add(subscriber);
      byFeed.set(key, set);
      if (!streamed.has(key)) {
        const feed = { environment: subscriber.environment, owner: subscriber.owner };
        const first = known.get(key);
        streamed.set(key, { feed, first, newest: first ?? 0, seqs: new Set() });
      }
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
