import { z } from '../contract/zod.ts';
import { EnvironmentSchema, type Environment, type ReceivedEvent } from '../contract/session.ts';
import type { Db } from './store.ts';

/** What GET /events/recent lists. */
export const RECENT_LIMIT = 200;
/** Verified deliveries kept per feed (Last-Event-ID replay and de-duplication reach back this far). */
const KEEP_VERIFIED_PER_OWNER = 2000;
/** At most this many events are replayed on one reconnect. */
const REPLAY_LIMIT = 1000;

export interface RefusedLimits {
  /** Refused deliveries kept per feed: the latest, as a ring. */
  perOwner: number;
  /** Feeds that may have a ring at all, so invented owner names cannot grow the store. */
  owners: number;
}

/**
 * One owner's deliveries from one environment's service (issue 14): what a session sees. The
 * same owner in staging and production are two feeds that never mix.
 */
export interface Feed {
  environment: Environment;
  owner: string;
}

/**
 * Anyone can post a refused delivery, so refused ones are kept apart from verified ones (they
 * never share a list or a bound) and only a few: enough to see why a sender's signatures fail.
 */
export const REFUSED_LIMITS: RefusedLimits = { perOwner: 50, owners: 100 };

interface EventRow {
  seq: number;
  hook_id: string;
  environment: string;
  owner: string;
  type: string;
  verified: number;
  received_on: string;
  payload: string;
}

const PayloadSchema = z.record(z.string(), z.unknown());

/** A feed as the two SQL parameters every query starts with. */
const feed = (where: Feed) => [where.environment, where.owner] as const;

function toEvent(row: EventRow): LoggedEvent {
  const payload = PayloadSchema.safeParse(JSON.parse(row.payload));
  return {
    seq: row.seq,
    hookId: row.hook_id,
    type: row.type,
    owner: row.owner,
    environment: EnvironmentSchema.parse(row.environment),
    receivedOn: row.received_on,
    verified: row.verified === 1,
    payload: payload.success ? payload.data : {},
  };
}

export type Delivery = Omit<ReceivedEvent, 'seq' | 'verified' | 'environment'> & Feed;

/** A kept delivery: the contract's event, whose environment the log always knows. */
export type LoggedEvent = ReceivedEvent & Feed;

export type EventLog = ReturnType<typeof createEventLog>;

/** The webhook deliveries the gateway received, in gateway.db: verified, and refused apart. */
export function createEventLog(db: Db, refusedLimits: RefusedLimits = REFUSED_LIMITS) {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO received_events
       (hook_id, environment, owner, type, verified, received_on, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const add = (delivery: Delivery, verified: boolean): LoggedEvent | null => {
    const result = insert.run(
      delivery.hookId,
      delivery.environment,
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
    recordVerified(delivery: Delivery): LoggedEvent | null {
      const event = add(delivery, true);
      if (event) {
        db.prepare(
          `DELETE FROM received_events
           WHERE environment = ? AND owner = ? AND verified = 1 AND seq <= (
             SELECT seq FROM received_events WHERE environment = ? AND owner = ? AND verified = 1
             ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
        ).run(...feed(delivery), ...feed(delivery), KEEP_VERIFIED_PER_OWNER);
      }
      return event;
    },

    /**
     * Records a refused delivery in its owner's ring, pushing out the ring's oldest. Null when
     * the owner has no ring and no more rings may be started: it is not kept.
     */
    recordRefused(delivery: Delivery): LoggedEvent | null {
      const hasRing = db
        .prepare(
          `SELECT 1 FROM received_events WHERE environment = ? AND owner = ? AND verified = 0
           LIMIT 1`,
        )
        .get(...feed(delivery));
      if (!hasRing) {
        const { rings } = db
          .prepare(
            `SELECT COUNT(*) AS rings FROM (SELECT DISTINCT environment, owner
               FROM received_events WHERE verified = 0)`,
          )
          .get() as { rings: number };
        if (rings >= refusedLimits.owners) return null;
      }
      const event = add(delivery, false);
      db.prepare(
        `DELETE FROM received_events
         WHERE environment = ? AND owner = ? AND verified = 0 AND seq <= (
           SELECT seq FROM received_events WHERE environment = ? AND owner = ? AND verified = 0
           ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
      ).run(...feed(delivery), ...feed(delivery), refusedLimits.perOwner);
      return event;
    },

    /**
     * Whether the owner is known to be real in that environment: a verified delivery of it is
     * kept, or someone of it signed in to the console (the environment's service vouched for
     * it). Invented names are neither.
     */
    isKnownOwner(where: Feed): boolean {
      const row = db
        .prepare(
          `SELECT EXISTS (SELECT 1 FROM received_events
                          WHERE environment = ? AND owner = ? AND verified = 1)
               OR EXISTS (SELECT 1 FROM sessions WHERE environment = ? AND owner = ?) AS known`,
        )
        .get(...feed(where), ...feed(where)) as { known: number };
      return row.known === 1;
    },

    /** The feed's verified events after `seq`, oldest first (Last-Event-ID replay). */
    after(where: Feed, seq: number): ReceivedEvent[] {
      return list(
        `SELECT * FROM received_events
         WHERE environment = ? AND owner = ? AND verified = 1 AND seq > ?
         ORDER BY seq LIMIT ?`,
        ...feed(where),
        seq,
        REPLAY_LIMIT,
      );
    },

    /** The feed's latest verified deliveries, newest first. */
    recent(where: Feed, limit = RECENT_LIMIT): ReceivedEvent[] {
      return list(
        `SELECT * FROM received_events WHERE environment = ? AND owner = ? AND verified = 1
         ORDER BY seq DESC LIMIT ?`,
        ...feed(where),
        limit,
      );
    },

    /** The feed's refused deliveries (its whole ring), newest first. */
    refused(where: Feed): ReceivedEvent[] {
      return list(
        `SELECT * FROM received_events WHERE environment = ? AND owner = ? AND verified = 0
         ORDER BY seq DESC LIMIT ?`,
        ...feed(where),
        refusedLimits.perOwner,
      );
    },
  };
}
