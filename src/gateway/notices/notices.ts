import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { FindingChange } from '../../contract/findings.ts';
import {
  NOTICE_ATTEMPTS,
  NOTICE_TYPES,
  type Notice,
  type NoticeAttempt,
  type NoticeBody,
  type NoticeType,
} from '../../contract/notices.ts';
import { describeSendFailure } from '../../shared/fetch-failure.ts';
import type { Sql } from '../db/sql.ts';
import type { Feed } from '../events/event-log.ts';

// Outgoing notices (ADR 030): an outbox in the gateway's database, and a loop that POSTs
// what is due to ATTEST_NOTICE_URL, signed the Standard Webhooks way, retried with backoff.
// Every process of one database runs the loop; a notice goes out from the one process that
// wins its lease (one UPDATE), so two processes never send it at once.

/** ATTEST_NOTICE_URL and ATTEST_NOTICE_SECRET, and what tests shorten. */
export interface NoticeSettings {
  /** Where notices go; undefined: nothing is sent, and nothing is kept. */
  url: string | undefined;
  /** `whsec_…` secrets: each attempt carries one signature per secret (rotation). */
  secrets: readonly string[];
  /** The first retry's delay; the later ones are multiples of it (RETRY_FACTORS). */
  retryBaseMs?: number;
  /** How long an attempt waits for the endpoint's answer. */
  timeoutMs?: number;
  /** How often the loop looks for notices another process made, or whose lease ran out. */
  pollMs?: number;
  /** How notices are POSTed; tests wrap it. */
  fetch?: typeof fetch;
}

export const DEFAULT_RETRY_BASE_MS = 5_000;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_POLL_MS = 2_000;
/** Delays after failed attempts 1 to 6, in multiples of the base: 5 s, 30 s, 2 min, 10 min, 1 h, 6 h. */
export const RETRY_FACTORS = [1, 6, 24, 120, 720, 4320] as const;
/** Notices sent at once by one process. */
const BATCH = 8;
/** Sent and failed notices are kept this long, then pruned (at most once an hour). */
const KEEP_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;
/** The loop never looks again sooner than this, so a notice due now cannot spin it. */
const MIN_GAP_MS = 10;

/** The wait after failed attempt `attempt` (1-based) of a round, or null when it was the last. */
export function retryDelayMs(attempt: number, baseMs = DEFAULT_RETRY_BASE_MS): number | null {
  if (attempt >= NOTICE_ATTEMPTS) return null;
  const factor = RETRY_FACTORS[attempt - 1];
  return factor === undefined ? null : factor * baseMs;
}

interface NoticeRow {
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

interface AttemptRow {
  notice_id: string;
  round: number;
  attempt: number;
  at: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

type Outcome = { statusCode: number } | { error: string } | { cancelled: true };

const iso = (ms: number) => new Date(ms).toISOString();

/** The POST's body: the same bytes on every attempt of the notice. */
export function noticeBody(
  row: Pick<NoticeRow, 'type' | 'created_at' | 'environment' | 'owner' | 'payload'>,
): string {
  const body: NoticeBody = {
    type: row.type as NoticeType,
    timestamp: iso(row.created_at),
    environment: row.environment as NoticeBody['environment'],
    owner: row.owner,
    data: JSON.parse(row.payload) as Record<string, unknown>,
  };
  return JSON.stringify(body);
}

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

export type Notices = ReturnType<typeof createNotices>;

/**
 * The notice outbox over the gateway's database. `enqueue` is what the findings call; the
 * server starts the loop (`start`) and stops it before the database closes (`stop`).
 */
export function createNotices(
  sql: Sql,
  settings: NoticeSettings,
  now: () => number,
  log: (message: string, detail?: unknown) => void = () => undefined,
) {
  const url = settings.url;
  const retryBaseMs = settings.retryBaseMs ?? DEFAULT_RETRY_BASE_MS;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pollMs = settings.pollMs ?? DEFAULT_POLL_MS;
  const post = settings.fetch ?? fetch;
  // Held while an attempt runs, and past its timeout: another process takes the notice only
  // once this one is surely done with it (or gone).
  const leaseMs = timeoutMs + 30_000;
  const stopping = new AbortController();
  let started = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let lastPrune = 0;
  let failing = false;

  /** Takes up to `limit` due notices for this process: only one process wins each. */
  async function claim(limit: number): Promise<(NoticeRow & { lease_token: string })[]> {
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
      [at + leaseMs, token, at, at, limit, at, at],
    );
    return rows.map((row) => ({ ...row, lease_token: token }));
  }

  async function release(row: NoticeRow & { lease_token: string }) {
    await sql.run(
      'UPDATE notices SET lease_until = NULL, lease_token = NULL WHERE id = ? AND lease_token = ?',
      [row.id, row.lease_token],
    );
  }

  async function record(
    row: NoticeRow & { lease_token: string },
    at: number,
    outcome: { statusCode: number } | { error: string },
    durationMs: number,
  ) {
    const attempt = row.attempts + 1;
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
          row.id,
          row.lease_token,
        ],
      );
      // The lease ran out and another process has the notice now: its attempt counts.
      if (changed === 0) return;
      await tx.run(
        `INSERT INTO notice_attempts (notice_id, round, attempt, at, status_code, error, duration_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          row.id,
          row.round,
          attempt,
          at,
          'statusCode' in outcome ? outcome.statusCode : null,
          'error' in outcome ? outcome.error : null,
          durationMs,
        ],
      );
    });
    if (state === 'failed') log(`notice ${row.id} failed after ${NOTICE_ATTEMPTS} attempts`);
  }

  async function attemptOnce(target: string, body: string, id: string): Promise<Outcome> {
    // webhook-timestamp is the wall clock: receivers hold it against their own.
    const at = new Date();
    const headers = {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': settings.secrets
        .map((secret) => new Webhook(secret).sign(id, at, body))
        .join(' '),
    };
    try {
      const response = await post(target, {
        method: 'POST',
        headers,
        body,
        // A redirect is not a 2xx: it counts as a failure.
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping.signal]),
      });
      await response.body?.cancel().catch(() => undefined);
      return { statusCode: response.status };
    } catch (error) {
      if (stopping.signal.aborted) return { cancelled: true };
      return { error: describeSendFailure(error, timeoutMs) };
    }
  }

  async function send(target: string, row: NoticeRow & { lease_token: string }) {
    const at = now();
    const started = performance.now();
    const outcome = await attemptOnce(target, noticeBody(row), row.id);
    if ('cancelled' in outcome) {
      // Stopped mid-attempt: not an attempt. Another process may take it at once.
      await release(row).catch(() => undefined);
      return;
    }
    await record(row, at, outcome, Math.round(performance.now() - started));
  }

  /** Sends every notice due now (that no other process holds); answers how many attempts. */
  async function tick(): Promise<number> {
    if (!url) return 0;
    let count = 0;
    while (!closed) {
      const batch = await claim(BATCH);
      if (batch.length === 0) break;
      await Promise.all(
        batch.map((row) =>
          send(url, row).catch((error: unknown) =>
            log(`notice ${row.id}: the attempt could not be recorded`, error),
          ),
        ),
      );
      count += batch.length;
    }
    return count;
  }

  async function prune() {
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
  }

  /** Until the next notice this process could take is due, at most pollMs. */
  async function nextDelay(): Promise<number> {
    const row = await sql.get<{ due: number | null }>(
      `SELECT MIN(CASE WHEN lease_until IS NOT NULL AND lease_until > next_attempt_at
                       THEN lease_until ELSE next_attempt_at END) AS due
       FROM notices WHERE state = 'pending'`,
    );
    if (row?.due === null || row?.due === undefined) return pollMs;
    return Math.min(Math.max(Number(row.due) - now(), MIN_GAP_MS), pollMs);
  }

  function kick(): void {
    if (!started || closed) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    running = (async () => {
      let delay: number;
      do {
        again = false;
        try {
          await tick();
          await prune();
          delay = await nextDelay();
          if (failing) log('notices: sending again');
          failing = false;
        } catch (error) {
          // The database is away, most likely: said once, then tried every poll.
          if (!failing) log('notices: a sending round failed', error);
          failing = true;
          delay = pollMs;
        }
      } while (again && !closed);
      running = undefined;
      // unref: a pending notice must not keep the process (or a test run) alive.
      if (!closed) timer = setTimeout(kick, delay).unref();
    })();
  }

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
    /** Whether ATTEST_NOTICE_URL is set. */
    configured: url !== undefined,
    /** The endpoint's origin, for the console: its path may be a secret. */
    endpoint: url === undefined ? null : new URL(url).origin,

    /**
     * Keeps a notice of a finding change for sending; answers its id (its webhook-id), or
     * null when no ATTEST_NOTICE_URL is set (nothing is kept). `tx`: the transaction of the
     * change, so that both are written or neither. Rejects when the database is out of reach.
     */
    async enqueue(
      feed: Feed,
      type: NoticeType,
      payload: FindingChange,
      tx: Sql = sql,
    ): Promise<string | null> {
      if (!url) return null;
      if (!NOTICE_TYPES.includes(type)) throw new Error(`not a notice type: ${String(type)}`);
      const id = `msg_${randomBytes(16).toString('base64url')}`;
      const at = now();
      await tx.run(
        `INSERT INTO notices (id, environment, owner, type, payload, created_at, state, round,
           attempts, next_attempt_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', 1, 0, ?)`,
        [id, feed.environment, feed.owner, type, JSON.stringify(payload), at, at],
      );
      // In a transaction the row shows once it commits: the loop's next look finds it then.
      if (tx === sql) kick();
      else setTimeout(kick, MIN_GAP_MS).unref();
      return id;
    },

    /** Starts the loop (nothing without a URL). */
    start(): void {
      if (!url || started) return;
      started = true;
      kick();
    },

    /** Stops the loop; an attempt under way is cancelled and left for the next look. */
    async stop(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      stopping.abort();
      await running;
    },

    /** Sends what is due now, for tests (the loop does the same by itself). */
    tick,

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
     * Sends a notice again: a fresh round of attempts, the first at once, with the same
     * webhook-id. Not while an attempt of it is under way.
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
      kick();
      return { kind: 'redelivered', notice };
    },
  };
}
