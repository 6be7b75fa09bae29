import { describe, expect, it } from 'vitest';
import type { ReceivedEvent } from '../../contract/session.ts';
import type { Bus, BusMessage } from '../db/bus.ts';
import { createEventHub, type HubLog, type Subscriber } from './event-hub.ts';
import type { Feed, LoggedEvent } from './event-log.ts';

// What the hub reads back of the deliveries other processes tell it of, and its catch-up
// after its bus connection was lost. The bus and the log are in memory: what is under test
// is which deliveries the hub reads back and to whom, and PostgreSQL cannot be made to
// commit two deliveries in a chosen order on demand.

const acme: Feed = { environment: 'production', owner: 'acme' };

const event = (seq: number, feed: Feed = acme): LoggedEvent => ({
  seq,
  hookId: `msg_${seq}`,
  type: 'request.updated',
  receivedOn: '2026-12-04T12:00:00.000Z',
  verified: true,
  payload: { seq },
  ...feed,
});

function setUp() {
  const logged: LoggedEvent[] = [];
  let onMessage: (message: BusMessage) => void = () => undefined;
  let onReconnect: () => void = () => undefined;
  const bus: Bus = {
    send: () => undefined,
    onMessage: (handler) => void (onMessage = handler),
    onReconnect: (handler) => void (onReconnect = handler),
    close: async () => undefined,
  };
  const sameFeed = (e: LoggedEvent, where: Feed) =>
    e.environment === where.environment && e.owner === where.owner;
  const reads: number[][] = [];
  const log: HubLog = {
    byNumbers: async (where, seqs) => {
      reads.push([...seqs]);
      return logged.filter((e) => sameFeed(e, where) && seqs.includes(e.seq));
    },
    after: async (where, seq) =>
      logged.filter((e) => sameFeed(e, where) && e.seq > seq).sort((a, b) => a.seq - b.seq),
  };
  const errors: unknown[] = [];
  const hub = createEventHub(bus, log, (error) => errors.push(error));
  const subscriber = (feed: Feed = acme) => {
    const got: number[] = [];
    const s: Subscriber = {
      ...feed,
      sessionHash: 'h',
      send: (e: ReceivedEvent) => got.push(e.seq),
      notify: () => undefined,
      close: () => undefined,
    };
    return { got, unsubscribe: hub.subscribe(s) };
  };
  /** Another process received `e` and told the bus. */
  const fromElsewhere = (e: LoggedEvent) => {
    logged.push(e);
    onMessage({ kind: 'event', environment: e.environment, owner: e.owner, seq: e.seq });
  };
  /** Another process received `e` while this one's bus was down: nothing heard. */
  const missed = (e: LoggedEvent) => void logged.push(e);
  const reconnect = () => onReconnect();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
  return { hub, logged, reads, subscriber, fromElsewhere, missed, reconnect, settle, errors };
}

describe('the event hub reading back what other processes received', () => {
  it('reads a burst told at once in one read, and streams it in the order told', async () => {
    const t = setUp();
    const stream = t.subscriber();
    for (const seq of [11, 13, 12, 14]) t.fromElsewhere(event(seq));
    await t.settle();
    expect(stream.got).toEqual([11, 13, 12, 14]);
    expect(t.reads).toEqual([[11, 13, 12, 14]]);
  });

  it('reads nothing for a feed with no stream here', async () => {
    const t = setUp();
    t.subscriber({ environment: 'production', owner: 'globex' });
    t.fromElsewhere(event(21));
    await t.settle();
    expect(t.reads).toEqual([]);
  });
});

describe('the event hub catching up after a lost bus', () => {
  it('streams a delivery committed late with a lower number, and nothing twice', async () => {
    const t = setUp();
    const stream = t.subscriber();
    t.hub.publish(event(5));
    t.fromElsewhere(event(7));
    await t.settle();
    // Number 6 was taken before 7 but committed after it, while the bus was down.
    t.missed(event(6));
    t.missed(event(8));
    t.reconnect();
    await t.settle();
    expect(t.errors).toEqual([]);
    expect([...stream.got].sort((a, b) => a - b)).toEqual([5, 6, 7, 8]);
  });

  it('does not replay what came before the feed had a stream here', async () => {
    const t = setUp();
    t.missed(event(1));
    t.missed(event(2));
    const stream = t.subscriber();
    t.fromElsewhere(event(3));
    await t.settle();
    t.missed(event(4));
    t.reconnect();
    await t.settle();
    expect(stream.got).toEqual([3, 4]);
  });

  it('streams what came while the bus was down to a stream opened meanwhile', async () => {
    const t = setUp();
    // This process received 3 itself, before any stream here.
    t.logged.push(event(3));
    t.hub.publish(event(3));
    const stream = t.subscriber();
    t.missed(event(4));
    t.reconnect();
    await t.settle();
    expect(stream.got).toEqual([4]);
  });
});
