import type { QcClaim, TakeOver, TeamMember } from '../../contract/team.ts';
import type { Feed } from '../events/event-log.ts';
import type { Sql } from '../db/sql.ts';

/**
 * A claim lasts this long unless renewed. The review screen renews it every minute while
 * its reviewer is active, so a closed laptop frees the document within a few minutes.
 */
export const CLAIM_MS = 3 * 60_000;

interface ClaimRow {
  request_id: string;
  holder_id: string;
  holder_name: string;
  claimed_at: number;
  expires_at: number;
}

export type TakeResult =
  | { kind: 'granted'; claim: QcClaim; fresh: boolean; takenFrom?: TeamMember }
  | { kind: 'held'; claim: QcClaim };

export type ReleaseResult = 'released' | 'none' | 'held-by-other';

const toClaim = (row: ClaimRow): QcClaim => ({
  requestId: row.request_id,
  holder: { id: row.holder_id, name: row.holder_name },
  claimedOn: new Date(row.claimed_at).toISOString(),
  expiresOn: new Date(row.expires_at).toISOString(),
});

export type ClaimStore = ReturnType<typeof createClaimStore>;

const CLAIM_COLUMNS = 'request_id, holder_id, holder_name, claimed_at, expires_at';

/** Tries of a claim that keeps changing under it before the last holder seen is answered. */
const TRIES = 5;

/**
 * Claims on pending QC requests, one holder per request and feed (environment and owner):
 * every reviewer of an owner sees the same claims, in every gateway process of the same
 * database. An expired claim is no claim; rows past their time are dropped on the next write.
 */
export function createClaimStore(sql: Sql, now: () => number) {
  const active = (feed: Feed, requestId: string, at: number) =>
    sql.get<ClaimRow>(
      `SELECT ${CLAIM_COLUMNS} FROM qc_claims
       WHERE environment = ? AND owner = ? AND request_id = ? AND expires_at > ?`,
      [feed.environment, feed.owner, requestId, at],
    );

  /**
   * Writes `row` unless the claim changed since it was read as `held` (absent or expired when
   * undefined): a compare-and-set on the row the primary key makes one, so two processes that
   * read the same claim cannot both take it. True when written.
   */
  async function swap(feed: Feed, row: ClaimRow, held: ClaimRow | undefined, at: number) {
    const [guard, params] = held
      ? [
          'qc_claims.holder_id = ? AND qc_claims.claimed_at = ? AND qc_claims.expires_at = ?',
          [held.holder_id, held.claimed_at, held.expires_at],
        ]
      : ['qc_claims.expires_at <= ?', [at]];
    const written = await sql.all(
      `INSERT INTO qc_claims (environment, owner, ${CLAIM_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (environment, owner, request_id) DO UPDATE SET holder_id = excluded.holder_id,
         holder_name = excluded.holder_name, claimed_at = excluded.claimed_at,
         expires_at = excluded.expires_at
       WHERE ${guard}
       RETURNING request_id`,
      [
        feed.environment,
        feed.owner,
        row.request_id,
        row.holder_id,
        row.holder_name,
        row.claimed_at,
        row.expires_at,
        ...params,
      ],
    );
    return written.length === 1;
  }

  return {
    async list(feed: Feed): Promise<QcClaim[]> {
      const rows = await sql.all<ClaimRow>(
        `SELECT ${CLAIM_COLUMNS} FROM qc_claims
         WHERE environment = ? AND owner = ? AND expires_at > ? ORDER BY claimed_at LIMIT 1000`,
        [feed.environment, feed.owner, now()],
      );
      return rows.map(toClaim);
    },

    async get(feed: Feed, requestId: string): Promise<QcClaim | undefined> {
      const row = await active(feed, requestId, now());
      return row && toClaim(row);
    },

    /**
     * Claims `requestId` for `member`, or renews their claim. Another holder's claim stands
     * unless `takeOver`, which hands it over and records who took it from whom.
     */
    async take(
      feed: Feed,
      requestId: string,
      member: TeamMember,
      takeOver = false,
    ): Promise<TakeResult> {
      await sql.run('DELETE FROM qc_claims WHERE expires_at <= ?', [now()]);
      let held: ClaimRow | undefined;
      for (let attempt = 0; attempt < TRIES; attempt++) {
        const at = now();
        held = await active(feed, requestId, at);
        if (held && held.holder_id !== member.id && !takeOver) {
          return { kind: 'held', claim: toClaim(held) };
        }
        const mine = held?.holder_id === member.id;
        const row: ClaimRow = {
          request_id: requestId,
          holder_id: member.id,
          holder_name: member.name,
          claimed_at: mine && held ? held.claimed_at : at,
          expires_at: at + CLAIM_MS,
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
          claim: toClaim(row),
          fresh: !mine,
          ...(takenFrom && { takenFrom }),
        };
      }
      // Contended past every try: whoever holds it now holds it.
      const current = await active(feed, requestId, now());
      if (current) return { kind: 'held', claim: toClaim(current) };
      throw new Error(`claim on ${requestId} kept changing`);
    },

    /** Ends `member`'s claim on `requestId`; `anyHolder` ends anyone's (an admin's release). */
    async release(
      feed: Feed,
      requestId: string,
      member: TeamMember,
      anyHolder = false,
    ): Promise<ReleaseResult> {
      const held = await active(feed, requestId, now());
      if (!held) return 'none';
      if (held.holder_id !== member.id && !anyHolder) return 'held-by-other';
      // Only the claim that was read: one taken over meanwhile stays its new holder's.
      await sql.run(
        `DELETE FROM qc_claims WHERE environment = ? AND owner = ? AND request_id = ?
           AND holder_id = ? AND claimed_at = ?`,
        [feed.environment, feed.owner, requestId, held.holder_id, held.claimed_at],
      );
      return 'released';
    },

    /** Ends every claim of a member (signing out); answers the requests it freed. */
    async releaseAll(feed: Feed, memberId: string): Promise<string[]> {
      const rows = await sql.all<ClaimRow>(
        `DELETE FROM qc_claims WHERE environment = ? AND owner = ? AND holder_id = ?
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
