import { DecisionRecordSchema, type DecisionRecord } from '../../contract/team.ts';
import type { Feed } from '../events/event-log.ts';
import type { Sql } from '../db/sql.ts';

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
    /**
     * Adds `record` unless the very same record is there: a decision retried after the
     * database failed part-way, or after an insert whose answer was lost, is kept once. A
     * decision is its request, its time to the millisecond and what was recorded of it; two
     * different decisions of one request never share all three. Only the process that saw the
     * service accept a decision records it, one retry at a time, so no two writers race here.
     * False when it was there already.
     */
    async record(feed: Feed, record: DecisionRecord): Promise<boolean> {
      const decidedAt = Date.parse(record.decidedOn);
      const text = JSON.stringify(record);
      const written = await sql.run(
        `INSERT INTO qc_decisions (environment, owner, request_id, decided_at, record)
         SELECT ?, ?, ?, ?, ? WHERE NOT EXISTS (
           SELECT 1 FROM qc_decisions WHERE environment = ? AND owner = ? AND request_id = ?
             AND decided_at = ? AND record = ?)`,
        [
          feed.environment,
          feed.owner,
          record.requestId,
          decidedAt,
          text,
          feed.environment,
          feed.owner,
          record.requestId,
          decidedAt,
          text,
        ],
      );
      return written > 0;
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
