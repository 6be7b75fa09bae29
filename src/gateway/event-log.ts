import { z } from '../contract/zod.ts';
import type { ReceivedEvent } from '../contract/session.ts';
import type { Db } from './store.ts';

/** What GET /events/recent lists. */
export const RECENT_LIMIT = 200;
/** Verified deliveries kept per owner (Last-Event-ID replay and de-duplication reach back this far). */
const KEEP_VERIFIED_PER_OWNER = 2000;
/**
 * Refused deliveries kept in all: anyone can post them, under any owner name, so they are
 * capped globally and never crowd out verified ones.
 */
const KEEP_REFUSED = 2000;
/** At most this many events are replayed on one reconnect. */
const REPLAY_LIMIT = 1000;

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

export type EventLog = ReturnType<typeof createEventLog>;

/** Every webhook delivery the gateway received, in gateway.db. */
export function createEventLog(db: Db) {
  return {
    /**
     * Records a delivery. A verified one whose hook-id is already recorded is a duplicate
     * (a retry, or a replay): nothing is written and null comes back.
     */
    record(delivery: Omit<ReceivedEvent, 'seq'>): ReceivedEvent | null {
      const result = db
        .prepare(
          `INSERT OR IGNORE INTO received_events (hook_id, owner, type, verified, received_on, payload)
           VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(
          delivery.hookId,
          delivery.owner,
          delivery.type,
          delivery.verified ? 1 : 0,
          delivery.receivedOn,
          JSON.stringify(delivery.payload),
        );
      if (result.changes === 0) return null;
      const seq = Number(result.lastInsertRowid);
      if (delivery.verified) {
        db.prepare(
          `DELETE FROM received_events WHERE owner = ? AND verified = 1 AND seq <= (
             SELECT seq FROM received_events WHERE owner = ? AND verified = 1
             ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
        ).run(delivery.owner, delivery.owner, KEEP_VERIFIED_PER_OWNER);
      } else {
        db.prepare(
          `DELETE FROM received_events WHERE verified = 0 AND seq <= (
             SELECT seq FROM received_events WHERE verified = 0 ORDER BY seq DESC LIMIT 1 OFFSET ?)`,
        ).run(KEEP_REFUSED);
      }
      return { ...delivery, seq };
    },

    /** The owner's verified events after `seq`, oldest first (Last-Event-ID replay). */
    after(owner: string, seq: number): ReceivedEvent[] {
      const rows = db
        .prepare(
          `SELECT * FROM received_events WHERE owner = ? AND verified = 1 AND seq > ?
           ORDER BY seq LIMIT ?`,
        )
        .all(owner, seq, REPLAY_LIMIT) as unknown as EventRow[];
      return rows.map(toEvent);
    },

    /** The owner's latest deliveries, verified or not, newest first. */
    recent(owner: string, limit = RECENT_LIMIT): ReceivedEvent[] {
      const rows = db
        .prepare('SELECT * FROM received_events WHERE owner = ? ORDER BY seq DESC LIMIT ?')
        .all(owner, limit) as unknown as EventRow[];
      return rows.map(toEvent);
    },
  };
}
