import type { QcClaim, TakeOver, TeamMember } from '../contract/team.ts';
import type { Feed } from './event-log.ts';
import type { Db } from './store.ts';

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

/**
 * Claims on pending QC requests, one holder per request and feed (environment and owner):
 * every reviewer of an owner sees the same claims. An expired claim is no claim; rows past
 * their time are dropped on the next write.
 */
export function createClaimStore(db: Db, now: () => number) {
  const active = (feed: Feed, requestId: string) =>
    db
      .prepare(
        `SELECT request_id, holder_id, holder_name, claimed_at, expires_at FROM qc_claims
         WHERE environment = ? AND owner = ? AND request_id = ? AND expires_at > ?`,
      )
      .get(feed.environment, feed.owner, requestId, now()) as ClaimRow | undefined;

  const prune = () => db.prepare('DELETE FROM qc_claims WHERE expires_at <= ?').run(now());

  return {
    list(feed: Feed): QcClaim[] {
      const rows = db
        .prepare(
          `SELECT request_id, holder_id, holder_name, claimed_at, expires_at FROM qc_claims
           WHERE environment = ? AND owner = ? AND expires_at > ? ORDER BY claimed_at LIMIT 1000`,
        )
        .all(feed.environment, feed.owner, now()) as unknown as ClaimRow[];
      return rows.map(toClaim);
    },

    get(feed: Feed, requestId: string): QcClaim | undefined {
      const row = active(feed, requestId);
      return row && toClaim(row);
    },

    /**
     * Claims `requestId` for `member`, or renews their claim. Another holder's claim stands
     * unless `takeOver`, which hands it over and records who took it from whom.
     */
    take(feed: Feed, requestId: string, member: TeamMember, takeOver = false): TakeResult {
      prune();
      const held = active(feed, requestId);
      if (held && held.holder_id !== member.id && !takeOver) {
        return { kind: 'held', claim: toClaim(held) };
      }
      const at = now();
      const mine = held?.holder_id === member.id;
      const row: ClaimRow = {
        request_id: requestId,
        holder_id: member.id,
        holder_name: member.name,
        claimed_at: mine ? held.claimed_at : at,
        expires_at: at + CLAIM_MS,
      };
      db.prepare(
        `INSERT INTO qc_claims (environment, owner, request_id, holder_id, holder_name, claimed_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (environment, owner, request_id) DO UPDATE SET holder_id = excluded.holder_id,
           holder_name = excluded.holder_name, claimed_at = excluded.claimed_at,
           expires_at = excluded.expires_at`,
      ).run(
        feed.environment,
        feed.owner,
        requestId,
        row.holder_id,
        row.holder_name,
        row.claimed_at,
        row.expires_at,
      );
      const takenFrom = held && !mine ? { id: held.holder_id, name: held.holder_name } : undefined;
      if (takenFrom) {
        db.prepare(
          `INSERT INTO qc_take_overs (environment, owner, request_id, from_id, from_name, to_id, to_name, at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          feed.environment,
          feed.owner,
          requestId,
          takenFrom.id,
          takenFrom.name,
          member.id,
          member.name,
          at,
        );
      }
      return {
        kind: 'granted',
        claim: toClaim(row),
        fresh: !mine,
        ...(takenFrom && { takenFrom }),
      };
    },

    /** Ends `member`'s claim on `requestId`; `anyHolder` ends anyone's (an admin's release). */
    release(feed: Feed, requestId: string, member: TeamMember, anyHolder = false): ReleaseResult {
      const held = active(feed, requestId);
      if (!held) return 'none';
      if (held.holder_id !== member.id && !anyHolder) return 'held-by-other';
      db.prepare(
        'DELETE FROM qc_claims WHERE environment = ? AND owner = ? AND request_id = ?',
      ).run(feed.environment, feed.owner, requestId);
      return 'released';
    },

    /** Ends every claim of a member (signing out); answers the requests it freed. */
    releaseAll(feed: Feed, memberId: string): string[] {
      const rows = db
        .prepare(
          `DELETE FROM qc_claims WHERE environment = ? AND owner = ? AND holder_id = ?
           RETURNING request_id, expires_at`,
        )
        .all(feed.environment, feed.owner, memberId) as unknown as ClaimRow[];
      return rows.filter((row) => row.expires_at > now()).map((row) => row.request_id);
    },

    takeOvers(feed: Feed, requestId: string): TakeOver[] {
      const rows = db
        .prepare(
          `SELECT from_id, from_name, to_id, to_name, at FROM qc_take_overs
           WHERE environment = ? AND owner = ? AND request_id = ? ORDER BY seq LIMIT 100`,
        )
        .all(feed.environment, feed.owner, requestId) as unknown as {
        from_id: string;
        from_name: string;
        to_id: string;
        to_name: string;
        at: number;
      }[];
      return rows.map((row) => ({
        from: { id: row.from_id, name: row.from_name },
        to: { id: row.to_id, name: row.to_name },
        on: new Date(row.at).toISOString(),
      }));
    },
  };
}
