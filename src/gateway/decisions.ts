import { DecisionRecordSchema, type DecisionRecord } from '../contract/team.ts';
import type { Feed } from './event-log.ts';
import type { Sql } from './db/sql.ts';

/** The most decisions one export holds: a year of a busy team, and a bounded answer. */
export const EXPORT_LIMIT = 50_000;

export type DecisionLog = ReturnType<typeof createDecisionLog>;

/** Decisions made through the console, per feed, as recorded when the service accepted them. */
export function createDecisionLog(sql: Sql) {
  const parse = (rows: { record: string }[]) =>
    rows.flatMap((row) => {
      const parsed = DecisionRecordSchema.safeParse(JSON.parse(row.record));
      return parsed.success ? [parsed.data] : [];
    });

  return {
    async record(feed: Feed, record: DecisionRecord): Promise<void> {
      await sql.run(
        `INSERT INTO qc_decisions (environment, owner, request_id, decided_at, record)
         VALUES (?, ?, ?, ?, ?)`,
        [
          feed.environment,
          feed.owner,
          record.requestId,
          Date.parse(record.decidedOn),
          JSON.stringify(record),
        ],
      );
    },

    async forRequest(feed: Feed, requestId: string): Promise<DecisionRecord[]> {
      return parse(
        await sql.all<{ record: string }>(
          `SELECT record FROM qc_decisions WHERE environment = ? AND owner = ? AND request_id = ?
           ORDER BY seq LIMIT 100`,
          [feed.environment, feed.owner, requestId],
        ),
      );
    },

    /** Decided in [from, to), oldest first. */
    async between(feed: Feed, from: number, to: number): Promise<DecisionRecord[]> {
      return parse(
        await sql.all<{ record: string }>(
          `SELECT record FROM qc_decisions
           WHERE environment = ? AND owner = ? AND decided_at >= ? AND decided_at < ?
           ORDER BY decided_at, seq LIMIT ${EXPORT_LIMIT}`,
          [feed.environment, feed.owner, from, to],
        ),
      );
    },
  };
}
