import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import type { FindingChange } from '../../contract/findings.ts';
import type { NoticeBody, NoticeType } from '../../contract/notices.ts';
import { describeSendFailure } from '../../shared/fetch-failure.ts';
import { DatabaseUnavailableError, type Sql } from '../db/sql.ts';
import type { Feed } from '../events/event-log.ts';
import { noticeEndpoint } from './endpoint.ts';
import {
  createOutbox,
  DEFAULT_RETRY_BASE_MS,
  type AttemptOutcome,
  type LeasedNotice,
  type NoticeRow,
} from './outbox.ts';

// The notices' sending loop (ADR 030): it POSTs what the outbox (outbox.ts) has due to
// ATTEST_NOTICE_URL, signed the Standard Webhooks way, and records each attempt there.
// Every process of one database runs the loop; a notice goes out from the one process that
// wins its lease, so two processes never send it at once.

/** ATTEST_NOTICE_URL and ATTEST_NOTICE_SECRET, and what tests shorten. */
export interface NoticeSettings {
  /** Where notices go; undefined: nothing is sent, and nothing is kept. */
  url: string | undefined;
  /** `whsec_…` secrets: each attempt carries one signature per secret (rotation). */
  secrets: readonly string[];
  /** The first retry's delay; the later ones are multiples of it (RETRY_FACTORS, outbox.ts). */
  retryBaseMs?: number;
  /** How long an attempt waits for the endpoint's answer. */
  timeoutMs?: number;
  /** How often the loop looks for notices another process made, or whose lease ran out. */
  pollMs?: number;
  /** How notices are POSTed; tests wrap it. */
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_POLL_MS = 2_000;
/** Notices sent at once by one process. */
const BATCH = 8;
/** The loop never looks again sooner than this, so a notice due now cannot spin it. */
const MIN_GAP_MS = 10;
/** A record that failed is tried again after this, then twice as long, up to the most. */
const RECORD_RETRY_MS = 250;
const RECORD_RETRY_MAX_MS = 4_000;
/** Recording stops this long before the lease ends, when another process may take it. */
const RECORD_MARGIN_MS = 2_000;

type RecordArgs = [at: number, outcome: AttemptOutcome, durationMs: number];

/** The POST's body: the same bytes on every attempt of the notice. */
export function noticeBody(
  row: Pick<NoticeRow, 'type' | 'created_at' | 'environment' | 'owner' | 'payload'>,
): string {
  const body: NoticeBody = {
    type: row.type as NoticeType,
    timestamp: new Date(row.created_at).toISOString(),
    environment: row.environment as NoticeBody['environment'],
    owner: row.owner,
    data: JSON.parse(row.payload) as Record<string, unknown>,
  };
  return JSON.stringify(body);
}

export type Notices = ReturnType<typeof createNotices>;

/**
 * The outbox over the gateway's database and the loop that sends from it. `enqueue` is what
 * the findings call; the server starts the loop (`start`) and stops it before the database
 * closes (`stop`).
 */
export function createNotices(
  sql: Sql,
  settings: NoticeSettings,
  now: () => number,
  log: (message: string, detail?: unknown) => void = () => undefined,
) {
  const endpoint = settings.url === undefined ? undefined : noticeEndpoint(settings.url);
  const url = endpoint?.url;
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pollMs = settings.pollMs ?? DEFAULT_POLL_MS;
  const post = settings.fetch ?? fetch;
  const outbox = createOutbox(sql, settings.retryBaseMs ?? DEFAULT_RETRY_BASE_MS, now, log);
  // Held while an attempt runs, and past its timeout: another process takes the notice only
  // once this one is surely done with it (or gone).
  const leaseMs = timeoutMs + 30_000;
  const stopping = new AbortController();
  let started = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let failing = false;

  async function attemptOnce(
    target: string,
    body: string,
    id: string,
  ): Promise<AttemptOutcome | { cancelled: true }> {
    // webhook-timestamp is the wall clock: receivers hold it against their own.
    const at = new Date();
    const headers = {
      'content-type': 'application/json',
      ...(endpoint?.authorization && { authorization: endpoint.authorization }),
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
      const text = describeSendFailure(error, timeoutMs);
      return { error: endpoint ? endpoint.scrub(text) : text };
    }
  }

  async function send(target: string, notice: LeasedNotice) {
    const at = now();
    const started = performance.now();
    const outcome = await attemptOnce(target, noticeBody(notice), notice.id);
    if ('cancelled' in outcome) {
      // Stopped mid-attempt: not an attempt. Another process may take it at once.
      await outbox.release(notice).catch(() => undefined);
      return;
    }
    await recordWhileLeased(notice, at, outcome, Math.round(performance.now() - started));
  }

  /**
   * Records the attempt, tried again while the notice's lease lasts. The POST has gone out:
   * were the record lost to a database that is away for a moment, the lease would run out
   * and the notice go out again (the receiver keeps it once, by its id, but a notice is sent
   * once). A team's day found it: a database cut for ten seconds, one notice sent twice.
   * Recording again is safe: an attempt once recorded has ended the lease, and a second
   * record of it changes nothing.
   */
  async function recordWhileLeased(notice: LeasedNotice, ...attempt: RecordArgs) {
    for (let waitMs = RECORD_RETRY_MS; ; waitMs = Math.min(2 * waitMs, RECORD_RETRY_MAX_MS)) {
      try {
        await outbox.record(notice, ...attempt);
        return;
      } catch (error) {
        // Only a database away passes by waiting; any other failure is the next round's.
        const leaseEnds = Number(notice.lease_until ?? 0);
        if (!(error instanceof DatabaseUnavailableError)) throw error;
        if (closed || now() + waitMs + RECORD_MARGIN_MS >= leaseEnds) throw error;
        // Stopping ends the wait: the lease then runs out, as for a process that died.
        const waited = await sleep(waitMs, true, { signal: stopping.signal }).catch(() => false);
        if (!waited) throw error;
      }
    }
  }

  /** Sends every notice due now (that no other process holds); answers how many attempts. */
  async function tick(): Promise<number> {
    if (!url) return 0;
    let count = 0;
    while (!closed) {
      const batch = await outbox.lease(BATCH, leaseMs);
      if (batch.length === 0) break;
      await Promise.all(
        batch.map((notice) =>
          send(url, notice).catch((error: unknown) =>
            log(`notice ${notice.id}: the attempt could not be recorded`, error),
          ),
        ),
      );
      count += batch.length;
    }
    return count;
  }

  /** Until the next notice this process could take is due, at most pollMs. */
  async function nextDelay(): Promise<number> {
    const due = await outbox.nextDue();
    if (due === null) return pollMs;
    return Math.min(Math.max(due - now(), MIN_GAP_MS), pollMs);
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
          await outbox.prune();
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
      const id = await outbox.add(feed, type, payload, tx);
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

    list: outbox.list,
    byId: outbox.byId,

    /** Sends a notice again (the outbox's redeliver), at once. */
    async redeliver(feed: Feed, id: string) {
      const result = await outbox.redeliver(feed, id);
      if (result.kind === 'redelivered') kick();
      return result;
    },
  };
}
