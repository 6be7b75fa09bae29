import { z } from '../contract/zod.ts';
import type { ReceivedEvent } from '../contract/session.ts';
import type { Db } from './store.ts';

/** What GET /events/recent lists. */
export const RECENT_LIMIT = 200;
/** Verified deliveries kept per owner (Last-Event-ID replay and de-duplication reach back this far). */
const KEEP_VERIFIED_PER_OWNER = 2000;
/** At most this many events are replayed on one reconnect. */
const REPLAY_LIMIT = 1000;

export interface RefusedLimits {
  /** Refused deliveries kept per owner: the latest, as a ring. */
  perOwner: number;
  /** Owners that may have a ring at all, so invented owner names cannot grow the store. */
  owners: number;
}

/**
 * Anyone can post a refused delivery, so refused ones are kept apart from verified ones (they
 * never share a list or a bound) and only a few: enough to see why a sender's signatures fail.
 */
export const REFUSED_LIMITS: RefusedLimits = { perOwner: 50, owners: 100 };

interface EventRow {
  seq: number;
  hook_id: string;
  owner: string;
  type: string;
  verified: number;
  received_on: string;
  payload: string;
}

const PayloadSchema = z.record(z.string(), z.unknown());

function toEvent(row: EventRow): ReceivedEvent {
  const payload = PayloadSchema.safeParse(JSON.parse(row.payload));
  return {
    seq: row.seq,
    hookId: row.hook_id,
    type: row.type,
    owner: row.owner,
    receivedOn: row.received_on,
    verified: row.verified === 1,
    payload: payload.success ? payload.data : {},
  };
}

export type Delivery = Omit<ReceivedEvent, 'seq' | 'verified'>;

export type EventLog = ReturnType<typeof createEventLog>;

/** The webhook deliveries the gateway received, in gateway.db: verified, and refused apart. */
export function createEventLog(db: Db, refusedLimits: RefusedLimits = REFUSED_LIMITS) {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO received_events (hook_id, owner, type, verified, received_on, payload)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const add = (delivery: Delivery, verified: boolean): ReceivedEvent | null => {
    const result = insert.run(
      delivery.hookId,
      delivery.owner,
      delivery.type,
      verified ? 1 : 0,
      delivery.receivedOn,
      JSON.stringify(delivery.payload),
    );
    if (result.changes === 0) return null;
    return { ...delivery, verified, seq: Number(result.lastInsertRowid) };
  };

  const list = (sql: string, ...params: (string | number)[]) =>
    (db.prepare(sql).all(...params) as unknown as EventRow[]).map(toEvent);

  return {
    /**
     * Records a verified delivery. One whose hook-id is already recorded is a duplicate (a
     * retry, or a replay): nothing is written and null comes back.
     */
    recordVerified(delivery: Delivery): ReceivedEvent | null {
      const event = add(delivery, true);
      if (event) {
        db.prepare(
          `DELETE FROM received_events WHERE owner = ? AND verified = 1 AND seq <= (
             SELECT seq FROM received_events WHERE owner = ? AND verified = 1
             ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
        ).run(delivery.owner, delivery.owner, KEEP_VERIFIED_PER_OWNER);
      }
      return event;
    },

    /**
     * Records a refused delivery in its owner's ring, pushing out the ring's oldest. Null when
     * the owner has no ring and no more rings may be started: it is not kept.
     */
    recordRefused(delivery: Delivery): ReceivedEvent | null {
      const hasRing = db
        .prepare('SELECT 1 FROM received_events WHERE owner = ? AND verified = 0 LIMIT 1')
        .get(delivery.owner);
      if (!hasRing) {
        const { rings } = db
          .prepare('SELECT COUNT(DISTINCT owner) AS rings FROM received_events WHERE verified = 0')
          .get() as { rings: number };
        if (rings >= refusedLimits.owners) return null;
      }
      const event = add(delivery, false);
      db.prepare(
        `DELETE FROM received_events WHERE owner = ? AND verified = 0 AND seq <= (
           SELECT seq FROM received_events WHERE owner = ? AND verified = 0
           ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
      ).run(delivery.owner, delivery.owner, refusedLimits.perOwner);
      return event;
    },

    /**
     * Whether the owner is known to be real: a verified delivery of it is kept, or someone of
     * it signed in to the console (the upstream vouched for it). Invented names are neither.
     */
    isKnownOwner(owner: string): boolean {
      const row = db
        .prepare(
          `SELECT EXISTS (SELECT 1 FROM received_events WHERE owner = ? AND verified = 1)
               OR EXISTS (SELECT 1 FROM sessions WHERE owner = ?) AS known`,
        )
        .get(owner, owner) as { known: number };
      return row.known === 1;
    },

    /** The owner's verified events after `seq`, oldest first (Last-Event-ID replay). */
    after(owner: string, seq: number): ReceivedEvent[] {
      return list(
        `SELECT * FROM received_events WHERE owner = ? AND verified = 1 AND seq > ?
         ORDER BY seq LIMIT ?`,
        owner,
        seq,
        REPLAY_LIMIT,
      );
    },

    /** The owner's latest verified deliveries, newest first. */
    recent(owner: string, limit = RECENT_LIMIT): ReceivedEvent[] {
      return list(
        'SELECT * FROM received_events WHERE owner = ? AND verified = 1 ORDER BY seq DESC LIMIT ?',
        owner,
        limit,
      );
    },

    /** The owner's refused deliveries (its whole ring), newest first. */
    refused(owner: string): ReceivedEvent[] {
      return list(
        'SELECT * FROM received_events WHERE owner = ? AND verified = 0 ORDER BY seq DESC LIMIT ?',
        owner,
        refusedLimits.perOwner,
      );
    },
  };
}
