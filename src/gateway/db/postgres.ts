import pg from 'pg';
import { forPostgres, MIGRATIONS } from './migrations.ts';
import { DatabaseUnavailableError, type Param, type Sql } from './sql.ts';

export interface PostgresOptions {
  url: string;
  /** A schema of the database to keep the tables in (tests: one per gateway); public if unset. */
  schema?: string;
  /** Connections this process opens at most. */
  max?: number;
  log: (message: string, detail?: unknown) => void;
}

/** How long a request waits for a connection, or a query for its answer, before 503. */
const CONNECT_MS = 3_000;
const QUERY_MS = 10_000;

// Counts and sequence numbers are BIGINT, which pg hands over as strings: every one the
// gateway keeps fits a double.
const INT8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8
      ? Number
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** `?` placeholders (outside quoted strings) as PostgreSQL's `$1`, `$2`, … */
export function numbered(text: string): string {
  let n = 0;
  let quoted = false;
  let out = '';
  for (const ch of text) {
    if (ch === "'") quoted = !quoted;
    out += ch === '?' && !quoted ? `$${++n}` : ch;
  }
  return out;
}

/**
 * Whether an error says the database is out of reach rather than that a query is wrong:
 * a socket error (no SQLSTATE), or a connection (08), operator-intervention (57P) or
 * resources (53) class SQLSTATE.
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return /^(08|57P|53)/.test(code);
  return true;
}

const wrap = (error: unknown): never => {
  if (isUnavailable(error)) {
    throw new DatabaseUnavailableError(
      `PostgreSQL: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  throw error;
};

/**
 * PostgreSQL's text holds no NUL, which SQLite's does. What reaches a column as text comes
 * from the service or from a stranger (JSON keeps it escaped): a NUL becomes U+FFFD rather
 * than a 500, the same way each time, so equal values stay equal.
 */
const storable = (value: Param): Param =>
  typeof value === 'string' && value.includes('\u0000')
    ? value.replaceAll('\u0000', '\ufffd')
    : value;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The connection settings of a pool or a lone client (the listener's). */
export function clientConfig(o: PostgresOptions): pg.ClientConfig {
  return {
    connectionString: o.url,
    connectionTimeoutMillis: CONNECT_MS,
    query_timeout: QUERY_MS,
    types,
    ...(o.schema && { options: `-c search_path=${o.schema}` }),
  };
}

/** A pool on ATTEST_DATABASE_URL with the gateway's tables migrated. */
export async function openPostgres(o: PostgresOptions): Promise<Sql> {
  const pool = new pg.Pool({ ...clientConfig(o), max: o.max ?? 10, idleTimeoutMillis: 30_000 });
  // An idle connection that breaks (the server restarted) is dropped from the pool; without a
  // listener the error would end the process.
  pool.on('error', (error) => o.log('PostgreSQL connection lost', error.message));

  const over = (run: (text: string, params: readonly Param[]) => Promise<pg.QueryResult>) => {
    const sql: Sql = {
      dialect: 'postgres',
      all: async <T>(text: string, params: readonly Param[] = []) =>
        (await run(text, params)).rows as T[],
      get: async <T>(text: string, params: readonly Param[] = []) =>
        (await run(text, params)).rows[0] as T | undefined,
      run: async (text, params = []) => (await run(text, params)).rowCount ?? 0,
      transaction: (work) => transaction(work),
      close: () => pool.end(),
    };
    return sql;
  };

  const query = (client: pg.Pool | pg.PoolClient) => (text: string, params: readonly Param[]) =>
    client.query(numbered(text), params.map(storable)).catch(wrap);

  async function transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const client = await pool.connect().catch(wrap);
    // A connection that breaks between two of the transaction's queries (the database cut
    // away) says so on the client: the pool listens only to idle ones, and an 'error' no one
    // hears ends the process. Its next query fails, and the connection is not reused.
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
      o.log('PostgreSQL connection lost', error.message);
    };
    client.on('error', onError);
    try {
      await client.query('BEGIN').catch(wrap);
      const result = await work(over(query(client)));
      await client.query('COMMIT').catch(wrap);
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }

  const sql = over(query(pool));
  try {
    await migrate(sql, o.schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return sql;
}

/** Any number of 64-bit integers: this one names the gateway's migration lock. */
const MIGRATION_LOCK = 0x61747465_7374;

/**
 * Applies the migrations not yet recorded in gateway_schema. Every process starting at once
 * takes the same advisory lock first, so exactly one applies them and the others find them
 * done; the whole run is one transaction, so a failure leaves the schema as it was.
 */
async function migrate(sql: Sql, schema: string | undefined): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.get('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    // Under the lock too: two CREATE SCHEMA IF NOT EXISTS at once can still collide.
    if (schema) await tx.run(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    await tx.run('CREATE TABLE IF NOT EXISTS gateway_schema (version INTEGER NOT NULL)');
    const row = await tx.get<{ version: number }>('SELECT version FROM gateway_schema');
    let version = row?.version ?? 0;
    if (!row) await tx.run('INSERT INTO gateway_schema (version) VALUES (0)');
    if (version > MIGRATIONS.length) {
      throw new Error(`the database is at version ${version}, newer than this gateway knows`);
    }
    for (const text of MIGRATIONS.slice(version)) {
      await tx.run(forPostgres(text));
      version += 1;
    }
    await tx.run('UPDATE gateway_schema SET version = ?', [version]);
  });
}
