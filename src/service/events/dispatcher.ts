import { EVENT_TYPE_HEADER, secretsFor } from '../../contract/webhooks.ts';
import type { EventDispatcher, ServiceContext } from '../context.ts';
import { transaction } from '../store/transaction.ts';
import {
  DELIVERY_TIMEOUT_MS,
  deliveryBody,
  endpointFor,
  MAX_ATTEMPTS,
  retryDelaySeconds,
  sendOnce,
  signatureHeader,
  type AttemptResult,
  type OutboxRow,
  type WebhookConfig,
} from './delivery.ts';

/** Messages attempted at once per round of a tick. */
const BATCH = 16;
/** The loop looks at the outbox at least this often, so a clock advance is noticed soon. */
const POLL_MS = 1000;

export interface Dispatcher extends EventDispatcher {
  /** Stops the loop and cancels running attempts (they stay pending and resume later). */
  close(): Promise<void>;
}

/**
 * Delivers the outbox to the configured endpoint. All state is in the outbox and
 * delivery_attempts tables, so pending messages resume after a restart; `inFlight` only
 * keeps one process from posting the same message twice at once. Time is the service
 * clock, so the sandbox can advance it through the retry schedule.
 */
export function createDispatcher(ctx: ServiceContext, config: WebhookConfig | null): Dispatcher {
  const inFlight = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  function dueRows(skip: Set<string>): OutboxRow[] {
    const rows = ctx.db
      .prepare(
        `SELECT id, owner, event_type, payload, download_blob_key, attempts FROM outbox
         WHERE status = 'pending' AND next_attempt_on <= ? ORDER BY next_attempt_on, id LIMIT ?`,
      )
      .all(ctx.clock.now().toISOString(), BATCH + skip.size) as unknown as OutboxRow[];
    return rows.filter((row) => !skip.has(row.id)).slice(0, BATCH);
  }

  function record(id: string, at: Date, result: AttemptResult, durationMs: number, url: string) {
    if (result.outcome === 'cancelled') return;
    transaction(ctx.db, () => {
      const current = ctx.db
        .prepare("SELECT attempts FROM outbox WHERE id = ? AND status = 'pending'")
        .get(id) as { attempts: number } | undefined;
      // Gone or settled meanwhile (a sandbox reset): nothing left to account for.
      if (!current) return;
      const attempt = current.attempts + 1;
      const ok =
        result.outcome === 'answered' && result.statusCode >= 200 && result.statusCode < 300;
      const now = ctx.clock.now();
      const delay = ok ? null : retryDelaySeconds(attempt);
      const status = ok ? 'delivered' : delay === null ? 'failed' : 'pending';
      const next = delay === null ? null : new Date(now.getTime() + delay * 1000).toISOString();
      ctx.db
        .prepare(
          'UPDATE outbox SET status = ?, attempts = ?, next_attempt_on = ?, delivered_on = ? WHERE id = ?',
        )
        .run(status, attempt, next, ok ? now.toISOString() : null, id);
      ctx.db
        .prepare(
          `INSERT INTO delivery_attempts (message_id, attempt, attempted_on, url, status_code, error, duration_ms)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          id,
          attempt,
          at.toISOString(),
          url,
          result.outcome === 'answered' ? result.statusCode : null,
          result.outcome === 'error' ? result.error : null,
          durationMs,
        );
      if (status === 'failed') ctx.log(`webhook ${id} failed after ${MAX_ATTEMPTS} attempts`);
    });
  }

  async function attempt(endpoint: WebhookConfig, row: OutboxRow): Promise<void> {
    const at = ctx.clock.now();
    const url = endpointFor(endpoint, row.owner);
    const secrets = secretsFor(endpoint.secrets, row.owner);
    if (secrets.length === 0) {
      // Unsigned it would only be refused: a failed attempt, on the usual schedule, so it
      // goes out once the owner has a secret (a restart with ATTEST_WEBHOOK_SECRETS).
      const error = `no signing secret is configured for owner ${row.owner}`;
      record(row.id, at, { outcome: 'error', error }, 0, url);
      return;
    }
    const body = deliveryBody(ctx, row);
    // hook-timestamp is wall-clock time, not the (advanceable) service clock: receivers
    // check it against their own clocks as a replay guard, and a sandbox clock advance must
    // not make every delivery look "too new". Retries are still scheduled on the service clock.
    const sentAt = new Date();
    const headers = {
      'content-type': 'application/json',
      'hook-id': row.id,
      'hook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'hook-signature': signatureHeader(secrets, row.id, sentAt, body),
      [EVENT_TYPE_HEADER]: row.event_type,
    };
    const timeoutMs = endpoint.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    const started = performance.now();
    const result = await sendOnce(url, timeoutMs, { headers, body }, stopping.signal);
    record(row.id, at, result, Math.round(performance.now() - started), url);
  }

  function start(endpoint: WebhookConfig, row: OutboxRow): Promise<void> {
    const running = attempt(endpoint, row)
      .catch((error: unknown) => ctx.log(`webhook ${row.id}: attempt failed to run`, error))
      .finally(() => inFlight.delete(row.id));
    inFlight.set(row.id, running);
    return running;
  }

  async function tick(): Promise<number> {
    if (!config || closed) return 0;
    // Attempts that another tick started were due too: wait for them as well, so that after
    // tick() every message due by the clock has had its attempt, whoever started it.
    const joined = new Set<Promise<void>>();
    const seen = new Set<string>();
    let count = 0;
    for (;;) {
      if (closed) break;
      const others = [...inFlight.values()].filter((running) => !joined.has(running));
      const batch = dueRows(new Set([...inFlight.keys(), ...seen]));
      if (batch.length === 0 && others.length === 0) break;
      for (const row of batch) seen.add(row.id);
      const round = [...others, ...batch.map((row) => start(config, row))];
      for (const running of round) joined.add(running);
      count += round.length;
      await Promise.all(round);
    }
    return count;
  }

  function nextDelay(): number {
    const rows = ctx.db
      .prepare(
        "SELECT id, next_attempt_on FROM outbox WHERE status = 'pending' ORDER BY next_attempt_on LIMIT ?",
      )
      .all(inFlight.size + 1) as { id: string; next_attempt_on: string }[];
    const next = rows.find((row) => !inFlight.has(row.id));
    if (!next) return POLL_MS;
    const wait = Date.parse(next.next_attempt_on) - ctx.clock.now().getTime();
    return Math.min(Math.max(wait, 0), POLL_MS);
  }

  function schedule(ms: number) {
    if (!config || closed) return;
    clearTimeout(timer);
    // unref: a pending webhook must not keep the process (or a test run) alive.
    timer = setTimeout(() => void loop(), ms).unref();
  }

  async function loop() {
    timer = undefined;
    let delay = POLL_MS;
    try {
      await tick();
      if (!closed) delay = nextDelay();
    } catch (error) {
      ctx.log('webhook dispatcher: delivery round failed', error);
    }
    schedule(delay);
  }

  schedule(0);

  return {
    wake: () => schedule(0),
    tick,
    async close() {
      closed = true;
      clearTimeout(timer);
      stopping.abort();
      await Promise.all(inFlight.values());
    },
  };
}
