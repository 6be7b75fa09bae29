import { DecisionRecordSchema, type DecisionRecord } from '../../contract/team.ts';
import type { Feed } from '../events/event-log.ts';
import type { Sql } from '../db/sql.ts';

/** The most decisions one export holds: a year of a busy team, and a bounded answer. */
export const EXPORT_LIMIT = 50_000;

export type DecisionLog = ReturnType<typeof createDecisionLog>;

/** Parsed decision records kept per process (a few KB each). */
const PARSED_KEPT = 20_000;
/** Rows asked for by `seq` in one statement. */
const READ_AT_ONCE = 500;

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
};

/** Decisions made through the console, per feed, as recorded when the service accepted them. */
export function createDecisionLog(sql: Sql) {
  const parseOne = (text: string): DecisionRecord | null => {
    const parsed = DecisionRecordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  };
  const parse = (rows: { record: string }[]) =>
    rows.flatMap((row) => {
      const record = parseOne(row.record);
      return record ? [record] : [];
    });
  /** Rows read for `between`, by `seq`, frozen: shared by every caller, changed by none. */
  const parsed = new Map<number, DecisionRecord | null>();
  const keep = (seq: number, record: DecisionRecord | null) => {
    parsed.set(seq, record && deepFreeze(record));
    // The oldest kept first out: a quarter of a busy team's decisions stay.
    if (parsed.size > PARSED_KEPT) parsed.delete(parsed.keys().next().value as number);
  };

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

    /**
     * Decided in [from, to), oldest first. The team view asks for a quarter's decisions every
     * few seconds per manager: a row never changes once written (nothing updates or deletes
     * one, and `seq` is never reused), so each is read and checked once, then kept, frozen,
     * and later asks read only which rows are in range.
     */
    async between(feed: Feed, from: number, to: number): Promise<DecisionRecord[]> {
      const rows = await sql.all<{ seq: number }>(
        `SELECT seq FROM qc_decisions
         WHERE environment = ? AND owner = ? AND decided_at >= ? AND decided_at < ?
         ORDER BY decided_at, seq LIMIT ${EXPORT_LIMIT}`,
        [feed.environment, feed.owner, from, to],
      );
      const found = new Map<number, DecisionRecord | null>();
      const missing: number[] = [];
      for (const { seq } of rows) {
        const kept = parsed.get(Number(seq));
        if (kept === undefined) missing.push(Number(seq));
        else found.set(Number(seq), kept);
      }
      for (let i = 0; i < missing.length; i += READ_AT_ONCE) {
        const chunk = missing.slice(i, i + READ_AT_ONCE);
        const read = await sql.all<{ seq: number; record: string }>(
          `SELECT seq, record FROM qc_decisions WHERE seq IN (${chunk.map(() => '?').join(', ')})`,
          chunk,
        );
        for (const row of read) {
          const record = parseOne(row.record);
          found.set(Number(row.seq), record);
          keep(Number(row.seq), record);
        }
      }
      return rows.flatMap(({ seq }) => {
        const record = found.get(Number(seq));
        return record ? [record] : [];
      });
    },
  };
}
