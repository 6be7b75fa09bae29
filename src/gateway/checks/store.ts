import { randomBytes } from 'node:crypto';
import { CheckResultSchema, type CheckResult, type CheckSummary } from '../../contract/checks.ts';
import type { Sql } from '../db/sql.ts';
import type { Feed } from '../events/event-log.ts';

// The machine's checks kept (ADR 042): a row per request, waiting until a process leases it
// (one UPDATE that one process wins, so two gateways check each request once), then its
// result. A lease that runs out (a process killed mid-read) is taken again: a restart resumes.

interface Row {
  environment: string;
  owner: string;
  request_id: string;
  state: 'waiting' | 'checked';
  attempts: number;
  result: string | null;
}

export type LeasedCheck = Feed & { requestId: string; attempts: number; token: string };

/**
 * Reads given up after this many tries (a reader that keeps dying on one document): the lease
 * after them is for recording every item unsure, without reading the document again.
 */
export const CHECK_ATTEMPTS = 3;

const parsed = (json: string | null): CheckResult | undefined => {
  if (!json) return undefined;
  const result = CheckResultSchema.safeParse(JSON.parse(json));
  return result.success ? result.data : undefined;
};

export type CheckStore = ReturnType<typeof createCheckStore>;

/**
 * A request with no decision kept here: only its result is read again, so a decided one's
 * stays what its reviewer saw, however soon after the marking it was decided.
 */
const UNDECIDED = `NOT EXISTS (SELECT 1 FROM qc_decisions d
  WHERE d.environment = machine_checks.environment AND d.owner = machine_checks.owner
    AND d.request_id = machine_checks.request_id)`;

export function createCheckStore(sql: Sql, now: () => number) {
  return {
    /**
     * Queues requests not known yet. One already waiting is raised to `priority` (a reviewer
     * opened it) and, asked for at its priority or above, made the most recent: what is on a
     * screen now goes before what was on one a minute ago (the queue is read latest first).
     */
    async want(feed: Feed, ids: readonly string[], priority: number): Promise<void> {
      const at = now();
      // Once each: a row named twice in one statement is an error on PostgreSQL.
      ids = [...new Set(ids)];
      // One statement a hundred rows: a queue's poll costs the store one write, not a hundred.
      for (let from = 0; from < ids.length; from += 100) {
        const batch = ids.slice(from, from + 100);
        await sql.run(
          `INSERT INTO machine_checks (environment, owner, request_id, state, priority, created_at, attempts)
           VALUES ${batch.map(() => "(?, ?, ?, 'waiting', ?, ?, 0)").join(', ')}
           ON CONFLICT (environment, owner, request_id) DO UPDATE SET
             created_at = CASE WHEN machine_checks.state = 'waiting'
                                 AND excluded.priority >= machine_checks.priority
                               THEN excluded.created_at ELSE machine_checks.created_at END,
             priority = CASE WHEN machine_checks.priority < excluded.priority
                             THEN excluded.priority ELSE machine_checks.priority END`,
          // The list is newest first: the first shown is checked first.
          batch.flatMap((id, i) => [feed.environment, feed.owner, id, priority, at - from - i]),
        );
      }
    },

    async summaries(feed: Feed, ids: readonly string[]): Promise<Map<string, CheckSummary>> {
      if (ids.length === 0) return new Map();
      const rows = await sql.all<Row>(
        `SELECT request_id, state, result FROM machine_checks
         WHERE environment = ? AND owner = ? AND request_id IN (${ids.map(() => '?').join(', ')})`,
        [feed.environment, feed.owner, ...ids],
      );
      const out = new Map<string, CheckSummary>();
      for (const row of rows) {
        const result = row.state === 'checked' ? parsed(row.result) : undefined;
        const tally = (v: string) => result?.items.filter((item) => item.verdict === v).length ?? 0;
        out.set(row.request_id, {
          requestId: row.request_id,
          state: result ? 'checked' : 'waiting',
          failed: tally('fail'),
          unsure: tally('unsure'),
          passed: tally('pass'),
        });
      }
      return out;
    },

    /** The results of those of `ids` checked, by request id (in batches: a month's decisions). */
    async results(feed: Feed, ids: readonly string[]): Promise<Map<string, CheckResult>> {
      const out = new Map<string, CheckResult>();
      for (let at = 0; at < ids.length; at += 500) {
        const batch = ids.slice(at, at + 500);
        const rows = await sql.all<Row>(
          `SELECT request_id, state, result FROM machine_checks
           WHERE environment = ? AND owner = ? AND state = 'checked'
             AND request_id IN (${batch.map(() => '?').join(', ')})`,
          [feed.environment, feed.owner, ...batch],
        );
        for (const row of rows) {
          const result = parsed(row.result);
          if (result) out.set(row.request_id, result);
        }
      }
      return out;
    },

    async result(feed: Feed, id: string): Promise<CheckResult | undefined> {
      const row = await sql.get<Row>(
        `SELECT state, result FROM machine_checks WHERE environment = ? AND owner = ? AND request_id = ?`,
        [feed.environment, feed.owner, id],
      );
      return row?.state === 'checked' ? parsed(row.result) : undefined;
    },

    /**
     * The next waiting request of one of `owners` (highest priority, newest first), leased;
     * when none waits, the next result kept by an older checker to read again (`recheck`).
     */
    async lease(owners: readonly Feed[], forMs: number): Promise<LeasedCheck | undefined> {
      if (owners.length === 0) return undefined;
      const at = now();
      const token = randomBytes(12).toString('base64url');
      const mine = owners.map(() => '(environment = ? AND owner = ?)').join(' OR ');
      const ownerParams = owners.flatMap((o) => [o.environment, o.owner]);
      // A result read again is given up on after its tries, not recorded as unsure: its old
      // result stands (CHECK_ATTEMPTS' last lease is for a first read only).
      const candidate =
        (await sql.get<Row>(
          `SELECT environment, owner, request_id, attempts FROM machine_checks
           WHERE state = 'waiting' AND attempts <= ? AND (lease_until IS NULL OR lease_until <= ?)
             AND (${mine})
           ORDER BY priority DESC, created_at DESC LIMIT 1`,
          [CHECK_ATTEMPTS, at, ...ownerParams],
        )) ??
        (await sql.get<Row>(
          `SELECT environment, owner, request_id, attempts FROM machine_checks
           WHERE recheck = 1 AND attempts < ? AND (lease_until IS NULL OR lease_until <= ?)
             AND (${mine}) AND ${UNDECIDED}
           ORDER BY priority DESC, created_at DESC LIMIT 1`,
          [CHECK_ATTEMPTS, at, ...ownerParams],
        ));
      if (!candidate) return undefined;
      const won = await sql.run(
        `UPDATE machine_checks SET lease_until = ?, lease_token = ?, attempts = attempts + 1
         WHERE environment = ? AND owner = ? AND request_id = ?
           AND (state = 'waiting' OR recheck = 1)
           AND (lease_until IS NULL OR lease_until <= ?)`,
        [at + forMs, token, candidate.environment, candidate.owner, candidate.request_id, at],
      );
      if (won === 0) return undefined;
      return {
        environment: candidate.environment as Feed['environment'],
        owner: candidate.owner,
        requestId: candidate.request_id,
        attempts: Number(candidate.attempts) + 1,
        token,
      };
    },

    /**
     * Marks each result kept by a checker other than `version` to be read again, where its
     * request has no decision kept here: a pending request's verdicts follow the rules of
     * today, and a decided one's stay what the reviewer saw (the report card and the decisions
     * CSV hold the machine's verdict beside the person's). Its old result stands meanwhile.
     * Answers how many. Every process may run it as it starts: the second changes nothing.
     */
    async recheckOlder(version: string): Promise<number> {
      return sql.run(
        `UPDATE machine_checks SET recheck = 1, attempts = 0
         WHERE state = 'checked' AND recheck = 0 AND COALESCE(checker_version, '1.0') <> ?
           AND ${UNDECIDED}`,
        [version],
      );
    },

    /** Gives a lease back untried (no session to read it with just now). */
    async release(lease: LeasedCheck): Promise<void> {
      await sql.run(
        `UPDATE machine_checks SET lease_until = NULL, lease_token = NULL, attempts = attempts - 1
         WHERE environment = ? AND owner = ? AND request_id = ? AND lease_token = ?`,
        [lease.environment, lease.owner, lease.requestId, lease.token],
      );
    },

    /** Gives a lease back tried (its try counted), to be leased again no sooner than `afterMs`. */
    async retryLater(lease: LeasedCheck, afterMs: number): Promise<void> {
      await sql.run(
        `UPDATE machine_checks SET lease_until = ?, lease_token = NULL
         WHERE environment = ? AND owner = ? AND request_id = ? AND lease_token = ?`,
        [now() + afterMs, lease.environment, lease.owner, lease.requestId, lease.token],
      );
    },

    async record(lease: LeasedCheck, document: string, result: CheckResult): Promise<boolean> {
      const changed = await sql.run(
        `UPDATE machine_checks SET state = 'checked', checked_at = ?, document = ?, result = ?,
           checker_version = ?, recheck = 0, lease_until = NULL, lease_token = NULL
         WHERE environment = ? AND owner = ? AND request_id = ? AND lease_token = ?`,
        [
          now(),
          document,
          JSON.stringify(result),
          result.checker.version,
          lease.environment,
          lease.owner,
          lease.requestId,
          lease.token,
        ],
      );
      return changed > 0;
    },

    /** How many are waiting (to be read, or read again), for tests and the bench. */
    async waiting(): Promise<number> {
      const row = await sql.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM machine_checks
         WHERE (state = 'waiting' AND attempts <= ?) OR (recheck = 1 AND attempts < ? AND ${UNDECIDED})`,
        [CHECK_ATTEMPTS, CHECK_ATTEMPTS],
      );
      return Number(row?.n ?? 0);
    },
  };
}
