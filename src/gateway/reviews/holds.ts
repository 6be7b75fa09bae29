import type { QcHold, TakeOver, TeamMember } from '../../contract/team.ts';
import type { Feed } from '../events/event-log.ts';
import type { Sql } from '../db/sql.ts';

/**
 * A hold lasts this long unless renewed. The review screen renews it every minute while
 * its reviewer is active, so a closed laptop frees the document within a few minutes.
 */
export const HOLD_MS = 3 * 60_000;

interface HoldRow {
  request_id: string;
  holder_id: string;
  holder_name: string;
  held_since: number;
  expires_at: number;
}

export type TakeResult =
  | { kind: 'granted'; hold: QcHold; fresh: boolean; takenFrom?: TeamMember }
  | { kind: 'held'; hold: QcHold };

export type ReleaseResult = 'released' | 'none' | 'held-by-other';

const toHold = (row: HoldRow): QcHold => ({
  requestId: row.request_id,
  holder: { id: row.holder_id, name: row.holder_name },
  heldSince: new Date(row.held_since).toISOString(),
  expiresOn: new Date(row.expires_at).toISOString(),
});

export type HoldStore = ReturnType<typeof createHoldStore>;

const HOLD_COLUMNS = 'request_id, holder_id, holder_name, held_since, expires_at';

/** Tries of a hold that keeps changing under it before the last holder seen is answered. */
const TRIES = 5;

/**
 * Holds on pending QC requests, one holder per request and feed (environment and owner):
 * every reviewer of an owner sees the same holds, in every gateway process of the same
 * database. An expired hold is no hold; rows past their time are dropped on the next write.
 */
export function createHoldStore(sql: Sql, now: () => number) {
  const active = (feed: Feed, requestId: string, at: number) =>
    sql.get<HoldRow>(
      `SELECT ${HOLD_COLUMNS} FROM qc_holds
       WHERE environment = ? AND owner = ? AND request_id = ? AND expires_at > ?`,
      [feed.environment, feed.owner, requestId, at],
    );

  /**
   * Writes `row` unless the hold changed since it was read as `held` (absent or expired when
   * undefined): a compare-and-set on the row the primary key makes one, so two processes that
   * read the same hold cannot both take it. True when written.
   */
  async function swap(feed: Feed, row: HoldRow, held: HoldRow | undefined, at: number) {
    const [guard, params] = held
      ? [
          'qc_holds.holder_id = ? AND qc_holds.held_since = ? AND qc_holds.expires_at = ?',
          [held.holder_id, held.held_since, held.expires_at],
        ]
      : ['qc_holds.expires_at <= ?', [at]];
    const written = await sql.all(
      `INSERT INTO qc_holds (environment, owner, ${HOLD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (environment, owner, request_id) DO UPDATE SET holder_id = excluded.holder_id,
         holder_name = excluded.holder_name, held_since = excluded.held_since,
         expires_at = excluded.expires_at
       WHERE ${guard}
       RETURNING request_id`,
      [
        feed.environment,
        feed.owner,
        row.request_id,
        row.holder_id,
        row.holder_name,
        row.held_since,
        row.expires_at,
        ...params,
      ],
    );
    return written.length === 1;
  }

  return {
    async list(feed: Feed): Promise<QcHold[]> {
      const rows = await sql.all<HoldRow>(
        `SELECT ${HOLD_COLUMNS} FROM qc_holds
         WHERE environment = ? AND owner = ? AND expires_at > ? ORDER BY held_since LIMIT 1000`,
        [feed.environment, feed.owner, now()],
      );
      return rows.map(toHold);
    },

    async get(feed: Feed, requestId: string): Promise<QcHold | undefined> {
      const row = await active(feed, requestId, now());
      return row && toHold(row);
    },

    /**
     * Holds `requestId` for `member`, or renews their hold. Another holder's hold stands
     * unless `takeOver`, which hands it over and records who took it from whom.
     */
    async take(
      feed: Feed,
      requestId: string,
      member: TeamMember,
      takeOver = false,
    ): Promise<TakeResult> {
      await sql.run('DELETE FROM qc_holds WHERE expires_at <= ?', [now()]);
      let held: HoldRow | undefined;
      for (let attempt = 0; attempt < TRIES; attempt++) {
        const at = now();
        held = await active(feed, requestId, at);
        if (held && held.holder_id !== member.id && !takeOver) {
          return { kind: 'held', hold: toHold(held) };
        }
        const mine = held?.holder_id === member.id;
        const row: HoldRow = {
          request_id: requestId,
          holder_id: member.id,
          holder_name: member.name,
          held_since: mine && held ? held.held_since : at,
          expires_at: at + HOLD_MS,
        };
        // Someone else wrote between the read and the write: read again.
        if (!(await swap(feed, row, held, at))) continue;
        const takenFrom =
          held && !mine ? { id: held.holder_id, name: held.holder_name } : undefined;
        if (takenFrom) {
          await sql.run(
            `INSERT INTO qc_take_overs (environment, owner, request_id, from_id, from_name, to_id, to_name, at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              feed.environment,
              feed.owner,
              requestId,
              takenFrom.id,
              takenFrom.name,
              member.id,
              member.name,
              at,
            ],
          );
        }
        return {
          kind: 'granted',
          hold: toHold(row),
          fresh: !mine,
          ...(takenFrom && { takenFrom }),
        };
      }
      // Contended past every try: whoever holds it now holds it. When that is `member` (their
      // own calls racing through several processes), it is theirs: never a 409 for one's own.
      const current = await active(feed, requestId, now());
      if (current?.holder_id === member.id) {
        return { kind: 'granted', hold: toHold(current), fresh: false };
      }
      if (current) return { kind: 'held', hold: toHold(current) };
      throw new Error(`hold on ${requestId} kept changing`);
    },

    /** Ends `member`'s hold on `requestId`; `anyHolder` ends anyone's (an admin's release). */
    async release(
      feed: Feed,
      requestId: string,
      member: TeamMember,
      anyHolder = false,
    ): Promise<ReleaseResult> {
      const held = await active(feed, requestId, now());
      if (!held) return 'none';
      if (held.holder_id !== member.id && !anyHolder) return 'held-by-other';
      // Only the hold that was read: one taken over meanwhile stays its new holder's.
      await sql.run(
        `DELETE FROM qc_holds WHERE environment = ? AND owner = ? AND request_id = ?
           AND holder_id = ? AND held_since = ?`,
        [feed.environment, feed.owner, requestId, held.holder_id, held.held_since],
      );
      return 'released';
    },

    /** Ends every hold of a member (signing out); answers the requests it freed. */
    async releaseAll(feed: Feed, memberId: string): Promise<string[]> {
      const rows = await sql.all<HoldRow>(
        `DELETE FROM qc_holds WHERE environment = ? AND owner = ? AND holder_id = ?
         RETURNING request_id, expires_at`,
        [feed.environment, feed.owner, memberId],
      );
      const at = now();
      return rows.filter((row) => row.expires_at > at).map((row) => row.request_id);
    },

    async takeOvers(feed: Feed, requestId: string): Promise<TakeOver[]> {
      const rows = await sql.all<{
        from_id: string;
        from_name: string;
        to_id: string;
        to_name: string;
        at: number;
      }>(
        `SELECT from_id, from_name, to_id, to_name, at FROM qc_take_overs
         WHERE environment = ? AND owner = ? AND request_id = ? ORDER BY seq LIMIT 100`,
        [feed.environment, feed.owner, requestId],
      );
      return rows.map((row) => ({
        from: { id: row.from_id, name: row.from_name },
        to: { id: row.to_id, name: row.to_name },
        on: new Date(row.at).toISOString(),
      }));
    },
  };
}
