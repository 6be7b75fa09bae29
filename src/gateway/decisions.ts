import { DecisionRecordSchema, type DecisionRecord } from '../contract/team.ts';
import type { Feed } from './event-log.ts';
import type { Db } from './store.ts';

/** The most decisions one export holds: a year of a busy team, and a bounded answer. */
export const EXPORT_LIMIT = 50_000;

export type DecisionLog = ReturnType<typeof createDecisionLog>;

/** Decisions made through the console, per feed, as recorded when the service accepted them. */
export function createDecisionLog(db: Db) {
  const parse = (rows: { record: string }[]) =>
    rows.flatMap((row) => {
      const parsed = DecisionRecordSchema.safeParse(JSON.parse(row.record));
      return parsed.success ? [parsed.data] : [];
    });

  return {
    record(feed: Feed, record: DecisionRecord): void {
      db.prepare(
        `INSERT INTO qc_decisions (environment, owner, request_id, decided_at, record)
         VALUES (?, ?, ?, ?, ?)`,
      ).run(
        feed.environment,
        feed.owner,
        record.requestId,
        Date.parse(record.decidedOn),
        JSON.stringify(record),
      );
    },

    forRequest(feed: Feed, requestId: string): DecisionRecord[] {
      return parse(
        db
          .prepare(
            `SELECT record FROM qc_decisions WHERE environment = ? AND owner = ? AND request_id = ?
             ORDER BY seq LIMIT 100`,
          )
          .all(feed.environment, feed.owner, requestId) as unknown as { record: string }[],
      );
    },

    /** Decided in [from, to), oldest first. */
    between(feed: Feed, from: number, to: number): DecisionRecord[] {
      return parse(
        db
          .prepare(
            `SELECT record FROM qc_decisions
             WHERE environment = ? AND owner = ? AND decided_at >= ? AND decided_at < ?
             ORDER BY decided_at, seq LIMIT ${EXPORT_LIMIT}`,
          )
          .all(feed.environment, feed.owner, from, to) as unknown as { record: string }[],
      );
    },
  };
}
