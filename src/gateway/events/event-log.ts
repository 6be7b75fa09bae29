import { z } from '../../contract/zod.ts';
import { EnvironmentSchema, type Environment, type ReceivedEvent } from '../../contract/session.ts';
import type { Sql } from '../db/sql.ts';

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
 * One owner's deliveries from one environment's service (ADR 015): what a session sees. The
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

/** Numbers asked for in one statement by `byNumbers`. */
const BY_NUMBER_AT_ONCE = 500;

export type EventLog = ReturnType<typeof createEventLog>;

/** The webhook deliveries the gateway received, in its database: verified, and refused apart. */
export function createEventLog(sql: Sql, refusedLimits: RefusedLimits = REFUSED_LIMITS) {
  const add = async (delivery: Delivery, verified: boolean): Promise<LoggedEvent | null> => {
    // A verified hook-id already kept is a duplicate: the unique index turns it away.
    const row = await sql.get<{ seq: number }>(
      `INSERT INTO received_events
         (hook_id, environment, owner, type, verified, received_on, payload)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING seq`,
      [
        delivery.hookId,
        delivery.environment,
        delivery.owner,
        delivery.type,
        verified ? 1 : 0,
        delivery.receivedOn,
        JSON.stringify(delivery.payload),
      ],
    );
    return row ? { ...delivery, verified, seq: row.seq } : null;
  };

  /** Keeps the feed's newest `keep` of one kind (verified or refused). */
  const trim = (where: Feed, verified: 0 | 1, keep: number) =>
    sql.run(
      `DELETE FROM received_events
       WHERE environment = ? AND owner = ? AND verified = ? AND seq <= (
         SELECT seq FROM received_events WHERE environment = ? AND owner = ? AND verified = ?
         ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
      [...feed(where), verified, ...feed(where), verified, keep],
    );

  const list = async (text: string, params: (string | number)[]) =>
    (await sql.all<EventRow>(text, params)).map(toEvent);

  return {
    /**
     * Records a verified delivery. One whose hook-id is already recorded is a duplicate (a
     * retry, or a replay): nothing is written and null comes back.
     */
    async recordVerified(delivery: Delivery): Promise<LoggedEvent | null> {
      const event = await add(delivery, true);
      if (event) await trim(delivery, 1, KEEP_VERIFIED_PER_OWNER);
      return event;
    },

    /**
     * Records a refused delivery in its owner's ring, pushing out the ring's oldest. Null when
     * the owner has no ring and no more rings may be started: it is not kept.
     */
    async recordRefused(delivery: Delivery): Promise<LoggedEvent | null> {
      const hasRing = await sql.get(
        `SELECT 1 AS one FROM received_events
         WHERE environment = ? AND owner = ? AND verified = 0 LIMIT 1`,
        [...feed(delivery)],
      );
      if (!hasRing) {
        const counted = await sql.get<{ rings: number }>(
          `SELECT COUNT(*) AS rings FROM (SELECT DISTINCT environment, owner
             FROM received_events WHERE verified = 0) AS refused_feeds`,
        );
        if ((counted?.rings ?? 0) >= refusedLimits.owners) return null;
      }
      const event = await add(delivery, false);
      await trim(delivery, 0, refusedLimits.perOwner);
      return event;
    },

    /**
     * Whether the owner is known to be real in that environment: a verified delivery of it is
     * kept, or someone of it signed in to the console (the environment's service vouched for
     * it). Invented names are neither.
     */
    async isKnownOwner(where: Feed): Promise<boolean> {
      const row = await sql.get<{ known: number }>(
        `SELECT CASE WHEN EXISTS (SELECT 1 FROM received_events
                                  WHERE environment = ? AND owner = ? AND verified = 1)
                       OR EXISTS (SELECT 1 FROM sessions WHERE environment = ? AND owner = ?)
                THEN 1 ELSE 0 END AS known`,
        [...feed(where), ...feed(where)],
      );
      return row?.known === 1;
    },

    /**
     * Verified deliveries of the feed by their numbers (what other processes streamed),
     * oldest first; numbers not the feed's, or refused, are left out.
     */
    async byNumbers(where: Feed, seqs: readonly number[]): Promise<LoggedEvent[]> {
      const found: LoggedEvent[] = [];
      for (let i = 0; i < seqs.length; i += BY_NUMBER_AT_ONCE) {
        const chunk = seqs.slice(i, i + BY_NUMBER_AT_ONCE);
        found.push(
          ...(await list(
            `SELECT * FROM received_events
             WHERE environment = ? AND owner = ? AND verified = 1
               AND seq IN (${chunk.map(() => '?').join(', ')})`,
            [...feed(where), ...chunk],
          )),
        );
      }
      return found.sort((a, b) => a.seq - b.seq);
    },

    /** The feed's verified events after `seq`, oldest first (Last-Event-ID replay). */
    after(where: Feed, seq: number): Promise<ReceivedEvent[]> {
      return list(
        `SELECT * FROM received_events
         WHERE environment = ? AND owner = ? AND verified = 1 AND seq > ?
         ORDER BY seq LIMIT ?`,
        [...feed(where), seq, REPLAY_LIMIT],
      );
    },

    /** The feed's latest verified deliveries, newest first. */
    recent(where: Feed, limit = RECENT_LIMIT): Promise<ReceivedEvent[]> {
      return list(
        `SELECT * FROM received_events WHERE environment = ? AND owner = ? AND verified = 1
         ORDER BY seq DESC LIMIT ?`,
        [...feed(where), limit],
      );
    },

    /** The feed's refused deliveries (its whole ring), newest first. */
    refused(where: Feed): Promise<ReceivedEvent[]> {
      return list(
        `SELECT * FROM received_events WHERE environment = ? AND owner = ? AND verified = 0
         ORDER BY seq DESC LIMIT ?`,
        [...feed(where), refusedLimits.perOwner],
      );
    },
  };
}
