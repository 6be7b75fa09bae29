import { randomBytes } from 'node:crypto';
import type { FindingChange } from '../../contract/findings.ts';
import {
  NOTICE_ATTEMPTS,
  NOTICE_TYPES,
  type Notice,
  type NoticeAttempt,
  type NoticeType,
} from '../../contract/notices.ts';
import type { Sql } from '../db/sql.ts';
import type { Feed } from '../events/event-log.ts';

// The notices' outbox (ADR 030): the notices kept in the gateway's database, each with its
// attempts, its schedule of retries and its lease. A sender (sender.ts) leases what is due,
// one UPDATE that only one process wins, and records each attempt's outcome here; the
// console lists and redelivers them.

export const DEFAULT_RETRY_BASE_MS = 5_000;
/** Delays after failed attempts 1 to 6, in multiples of the base: 5 s, 30 s, 2 min, 10 min, 1 h, 6 h. */
export const RETRY_FACTORS = [1, 6, 24, 120, 720, 4320] as const;
/** Sent and failed notices are kept this long, then pruned (at most once an hour). */
const KEEP_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

/** The wait after failed attempt `attempt` (1-based) of a round, or null when it was the last. */
export function retryDelayMs(attempt: number, baseMs = DEFAULT_RETRY_BASE_MS): number | null {
  if (attempt >= NOTICE_ATTEMPTS) return null;
  const factor = RETRY_FACTORS[attempt - 1];
  return factor === undefined ? null : factor * baseMs;
}

export interface NoticeRow {
  seq: number;
  id: string;
  environment: string;
  owner: string;
  type: string;
  payload: string;
  created_at: number;
  state: 'pending' | 'sent' | 'failed';
  round: number;
  attempts: number;
  next_attempt_at: number | null;
  lease_until: number | null;
  sent_at: number | null;
}

/** A notice this process holds the lease on: only it may record an attempt of it. */
export type LeasedNotice = NoticeRow & { lease_token: string };

/** What an attempt came to: the endpoint's status code, or why there was none. */
export type AttemptOutcome = { statusCode: number } | { error: string };

interface AttemptRow {
  notice_id: string;
  round: number;
  attempt: number;
  at: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

function toAttempt(row: AttemptRow): NoticeAttempt {
  return {
    round: row.round,
    attempt: row.attempt,
    attemptedOn: iso(row.at),
    statusCode: row.status_code,
    error: row.error,
    durationMs: row.duration_ms,
  };
}

function toNotice(row: NoticeRow, attempts: NoticeAttempt[]): Notice {
  const state = row.state === 'pending' ? (row.attempts > 0 ? 'retrying' : 'pending') : row.state;
  return {
    id: row.id,
    type: row.type as NoticeType,
    createdOn: iso(row.created_at),
    state,
    round: row.round,
    attemptCount: row.attempts,
    nextAttemptOn:
      row.state === 'pending' && row.next_attempt_at !== null ? iso(row.next_attempt_at) : null,
    sentOn: row.sent_at === null ? null : iso(row.sent_at),
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    attempts,
  };
}

export type RedeliverResult =
  { kind: 'redelivered'; notice: Notice } | { kind: 'unknown' } | { kind: 'sending' };

export type Outbox = ReturnType<typeof createOutbox>;

/** The outbox over the gateway's database; `retryBaseMs` scales RETRY_FACTORS. */
export function createOutbox(
  sql: Sql,
  retryBaseMs: number,
  now: () => number,
  log: (message: string, detail?: unknown) => void,
) {
  let lastPrune = 0;

  async function byId(feed: Feed, id: string): Promise<Notice | undefined> {
    const row = await sql.get<NoticeRow>(
      'SELECT * FROM notices WHERE environment = ? AND owner = ? AND id = ?',
      [feed.environment, feed.owner, id],
    );
    if (!row) return undefined;
    const attempts = await sql.all<AttemptRow>(
      'SELECT * FROM notice_attempts WHERE notice_id = ? ORDER BY seq',
      [id],
    );
    return toNotice(row, attempts.map(toAttempt));
  }

  return {
    /**
     * Keeps a notice of a finding change, due at once; answers its id (its webhook-id).
     * `tx`: the transaction of the change, so that both are written or neither.
     */
    async add(feed: Feed, type: NoticeType, payload: FindingChange, tx: Sql): Promise<string> {
      if (!NOTICE_TYPES.includes(type)) throw new Error(`not a notice type: ${String(type)}`);
      const id = `msg_${randomBytes(16).toString('base64url')}`;
      const at = now();
      await tx.run(
        `INSERT INTO notices (id, environment, owner, type, payload, created_at, state, round,
           attempts, next_attempt_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', 1, 0, ?)`,
        [id, feed.environment, feed.owner, type, JSON.stringify(payload), at, at],
      );
      return id;
    },

    /**
     * Leases up to `limit` due notices to this process for `forMs`: only one process wins
     * each, and no other takes it before the lease runs out.
     */
    async lease(limit: number, forMs: number): Promise<LeasedNotice[]> {
      const at = now();
      const token = randomBytes(12).toString('base64url');
      const rows = await sql.all<NoticeRow>(
        `UPDATE notices SET lease_until = ?, lease_token = ?
         WHERE seq IN (SELECT seq FROM notices
                       WHERE state = 'pending' AND next_attempt_at <= ?
                         AND (lease_until IS NULL OR lease_until <= ?)
                       ORDER BY next_attempt_at, seq LIMIT ?)
           AND state = 'pending' AND next_attempt_at <= ?
           AND (lease_until IS NULL OR lease_until <= ?)
         RETURNING *`,
        [at + forMs, token, at, at, limit, at, at],
      );
      return rows.map((row) => ({ ...row, lease_token: token }));
    },

    /** Gives a lease back unused: another process may take the notice at once. */
    async release(notice: LeasedNotice): Promise<void> {
      await sql.run(
        'UPDATE notices SET lease_until = NULL, lease_token = NULL WHERE id = ? AND lease_token = ?',
        [notice.id, notice.lease_token],
      );
    },

    /**
     * Records an attempt that started at `at` and ends the lease: sent on a 2xx, else due
     * again after its retry delay, or failed after the last attempt. Nothing is recorded
     * when the lease ran out and another process has the notice now: its attempt counts.
     */
    async record(
      notice: LeasedNotice,
      at: number,
      outcome: AttemptOutcome,
      durationMs: number,
    ): Promise<void> {
      const attempt = notice.attempts + 1;
      const ok = 'statusCode' in outcome && outcome.statusCode >= 200 && outcome.statusCode < 300;
      const delay = ok ? null : retryDelayMs(attempt, retryBaseMs);
      const done = now();
      const state = ok ? 'sent' : delay === null ? 'failed' : 'pending';
      await sql.transaction(async (tx) => {
        const changed = await tx.run(
          `UPDATE notices SET state = ?, attempts = ?, next_attempt_at = ?, sent_at = ?,
             lease_until = NULL, lease_token = NULL
           WHERE id = ? AND lease_token = ?`,
          [
            state,
            attempt,
            delay === null ? null : done + delay,
            ok ? done : null,
            notice.id,
            notice.lease_token,
          ],
        );
        if (changed === 0) return;
        await tx.run(
          `INSERT INTO notice_attempts (notice_id, round, attempt, at, status_code, error, duration_ms)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
          [
            notice.id,
            notice.round,
            attempt,
            at,
            'statusCode' in outcome ? outcome.statusCode : null,
            'error' in outcome ? outcome.error : null,
            durationMs,
          ],
        );
      });
      if (state === 'failed') log(`notice ${notice.id} failed after ${NOTICE_ATTEMPTS} attempts`);
    },

    /** Drops sent and failed notices older than KEEP_MS, at most once an hour. */
    async prune(): Promise<void> {
      const at = now();
      if (at - lastPrune < PRUNE_EVERY_MS) return;
      lastPrune = at;
      const before = at - KEEP_MS;
      await sql.transaction(async (tx) => {
        await tx.run(
          `DELETE FROM notice_attempts WHERE notice_id IN
             (SELECT id FROM notices WHERE state <> 'pending' AND created_at < ?)`,
          [before],
        );
        await tx.run("DELETE FROM notices WHERE state <> 'pending' AND created_at < ?", [before]);
      });
    },

    /**
     * When the next pending notice could be leased (epoch ms: its next attempt, or its
     * lease's end if later), or null when none is pending.
     */
    async nextDue(): Promise<number | null> {
      const row = await sql.get<{ due: number | null }>(
        `SELECT MIN(CASE WHEN lease_until IS NOT NULL AND lease_until > next_attempt_at
                         THEN lease_until ELSE next_attempt_at END) AS due
         FROM notices WHERE state = 'pending'`,
      );
      return row?.due === null || row?.due === undefined ? null : Number(row.due);
    },

    /** The feed's notices, newest first, with their attempts. */
    async list(
      feed: Feed,
      page: { limit: number; cursor?: number | undefined },
    ): Promise<{ notices: Notice[]; next?: string }> {
      const params = [feed.environment, feed.owner];
      const rows =
        page.cursor === undefined
          ? await sql.all<NoticeRow>(
              `SELECT * FROM notices WHERE environment = ? AND owner = ?
               ORDER BY seq DESC LIMIT ?`,
              [...params, page.limit + 1],
            )
          : await sql.all<NoticeRow>(
              `SELECT * FROM notices WHERE environment = ? AND owner = ? AND seq < ?
               ORDER BY seq DESC LIMIT ?`,
              [...params, page.cursor, page.limit + 1],
            );
      const shown = rows.slice(0, page.limit);
      const oldest = shown.at(-1);
      const newest = shown[0];
      const attempts = new Map<string, NoticeAttempt[]>();
      if (oldest && newest) {
        const found = await sql.all<AttemptRow>(
          `SELECT a.* FROM notice_attempts a JOIN notices n ON n.id = a.notice_id
           WHERE n.environment = ? AND n.owner = ? AND n.seq >= ? AND n.seq <= ?
           ORDER BY a.seq`,
          [...params, oldest.seq, newest.seq],
        );
        for (const row of found) {
          const list = attempts.get(row.notice_id) ?? [];
          list.push(toAttempt(row));
          attempts.set(row.notice_id, list);
        }
      }
      const notices = shown.map((row) => toNotice(row, attempts.get(row.id) ?? []));
      return rows.length > page.limit && oldest
        ? { notices, next: String(oldest.seq) }
        : { notices };
    },

    byId,

    /**
     * A fresh round of attempts for a notice, the first due at once, with the same
     * webhook-id. Not while a process holds its lease (an attempt of it is under way).
     */
    async redeliver(feed: Feed, id: string): Promise<RedeliverResult> {
      const at = now();
      const changed = await sql.run(
        `UPDATE notices SET state = 'pending',
           round = CASE WHEN attempts = 0 THEN round ELSE round + 1 END,
           attempts = 0, next_attempt_at = ?, sent_at = NULL, lease_until = NULL,
           lease_token = NULL
         WHERE environment = ? AND owner = ? AND id = ?
           AND (lease_until IS NULL OR lease_until <= ?)`,
        [at, feed.environment, feed.owner, id, at],
      );
      const notice = await byId(feed, id);
      if (!notice) return { kind: 'unknown' };
      if (changed === 0) return { kind: 'sending' };
      return { kind: 'redelivered', notice };
    },
  };
}
