import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { z } from '../../contract/zod.ts';
import { EnvironmentSchema } from '../../contract/session.ts';
import { clientConfig, type PostgresOptions } from './postgres.ts';
import type { Sql } from './sql.ts';

/**
 * Who of a feed hears a message of the gateway's own (a finding's news, ADR 029): its QC
 * readers when `readers`, and the members named. Without one, every stream of the feed hears
 * it, as far as the stream's own rules allow (events.routes.ts).
 */
export const AudienceSchema = z.object({
  readers: z.boolean(),
  members: z.array(z.string()),
});
export type Audience = z.infer<typeof AudienceSchema>;

/**
 * What one gateway process tells the others of the same database, so that every process's
 * event streams carry what any of them received (ADR 023). A delivery travels as its number
 * in the event log, which each process reads back: NOTIFY's payload is bounded (8000 bytes)
 * and a delivery need not be.
 */
export const BusMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('event'),
    environment: EnvironmentSchema,
    owner: z.string(),
    seq: z.number(),
  }),
  z.object({
    kind: z.literal('notify'),
    environment: EnvironmentSchema,
    owner: z.string(),
    type: z.string(),
    data: z.string(),
    audience: z.optional(AudienceSchema),
  }),
  z.object({ kind: z.literal('close-session'), sessionHash: z.string() }),
]);
export type BusMessage = z.infer<typeof BusMessageSchema>;

export interface Bus {
  /** Tells the other processes; this one acts on the message itself, at once. */
  send(message: BusMessage): void;
  /** Messages from the other processes. */
  onMessage(handler: (message: BusMessage) => void): void;
  /** After a lost connection came back: messages sent meanwhile were missed. */
  onReconnect(handler: () => void): void;
  close(): Promise<void>;
}

/** One process on SQLite: there is nobody to tell. */
export const LOCAL_BUS: Bus = {
  send: () => undefined,
  onMessage: () => undefined,
  onReconnect: () => undefined,
  close: async () => undefined,
};

const RETRY_MS = [250, 500, 1000, 2000, 5000];

/**
 * NOTIFY refuses a payload of 8000 bytes or more: a larger message is stored in bus_messages
 * and NOTIFY carries its id. A listener reads it within moments; one that was cut off for
 * longer than this catches up from the event log instead (onReconnect).
 */
export const NOTIFY_LIMIT = 7_900;
const STORED_FOR_MS = 5 * 60_000;

/**
 * PostgreSQL's LISTEN/NOTIFY: one connection of this process listens on the channel; sends
 * go through the pool. Each message carries this process's id, so it skips its own. A lost
 * listening connection is opened again, with back-off, until the process closes.
 */
export async function postgresBus(o: PostgresOptions, sql: Sql): Promise<Bus> {
  const origin = randomUUID();
  // A channel per schema: tests keep many gateways in one database.
  const channel = `attest_gateway${o.schema ? `_${o.schema}` : ''}`.slice(0, 63);
  const handlers: ((message: BusMessage) => void)[] = [];
  const reconnected: (() => void)[] = [];
  let client: pg.Client | undefined;
  let closed = false;
  let failures = 0;

  const parse = (payload: string | undefined) => {
    try {
      return JSON.parse(payload ?? '') as { origin?: unknown; message?: unknown; ref?: unknown };
    } catch {
      return undefined; // Not ours: another program on the channel.
    }
  };
  const handle = (parsed: { message?: unknown } | undefined) => {
    const message = BusMessageSchema.safeParse(parsed?.message);
    if (message.success) for (const handler of handlers) handler(message.data);
  };
  // In the order they came: a stored message is read before any that came after it is handled.
  let received = Promise.resolve();
  const dispatch = (payload: string | undefined) => {
    const parsed = parse(payload);
    if (!parsed || parsed.origin === origin) return;
    const { ref } = parsed;
    received = received.then(async () => {
      if (typeof ref !== 'number') return handle(parsed);
      try {
        const row = await sql.get<{ payload: string }>(
          'SELECT payload FROM bus_messages WHERE id = ?',
          [ref],
        );
        handle(parse(row?.payload));
      } catch (error) {
        o.log('could not read a message of another gateway process', error);
      }
    });
  };

  /** The payload NOTIFY carries: the message itself, or the id it was stored under. */
  async function notifiable(payload: string): Promise<string> {
    if (Buffer.byteLength(payload) <= NOTIFY_LIMIT) return payload;
    const at = Date.now();
    await sql.run('DELETE FROM bus_messages WHERE at < ?', [at - STORED_FOR_MS]);
    const row = await sql.get<{ id: number }>(
      'INSERT INTO bus_messages (payload, at) VALUES (?, ?) RETURNING id',
      [payload, at],
    );
    if (!row) throw new Error('the message was not stored');
    return JSON.stringify({ origin, ref: row.id });
  }
  // Sent one after another, so the others hear them in the order this process said them.
  let sending = Promise.resolve();

  async function listen(): Promise<void> {
    const next = new pg.Client(clientConfig(o));
    // Errors of a connection that broke: 'end' follows, and starts a new one.
    next.on('error', (error) => o.log('PostgreSQL listener lost', error.message));
    next.on('notification', (n) => dispatch(n.payload));
    // Only the listening connection starts a new one: a failed attempt retries below.
    next.on('end', () => {
      if (client !== next) return;
      client = undefined;
      if (!closed) retry();
    });
    await next.connect();
    await next.query(`LISTEN "${channel}"`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  }

  function retry() {
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    failures += 1;
    setTimeout(() => {
      if (closed) return;
      listen().then(
        () => {
          failures = 0;
          for (const handler of reconnected) handler();
        },
        () => retry(),
      );
    }, wait).unref();
  }

  await listen();
  return {
    send(message) {
      const payload = JSON.stringify({ origin, message });
      sending = sending
        .then(async () => {
          await sql.get('SELECT pg_notify(?, ?)', [channel, await notifiable(payload)]);
        })
        .catch((error: unknown) => o.log('could not tell the other gateway processes', error));
    },
    onMessage: (handler) => void handlers.push(handler),
    onReconnect: (handler) => void reconnected.push(handler),
    async close() {
      closed = true;
      await sending;
      await client?.end().catch(() => undefined);
    },
  };
}
