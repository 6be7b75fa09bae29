/**
 * A value bound to a `?` placeholder. Booleans are stored as 0/1, times as epoch ms, bytes
 * (a BLOB, PostgreSQL's BYTEA) as a Uint8Array, read back as one.
 */
export type Param = string | number | Uint8Array | null;

/**
 * The gateway's database, whichever engine holds it (ADR 023): embedded SQLite by default,
 * PostgreSQL with ATTEST_DATABASE_URL. Queries are written once, in the SQL both engines
 * read: `?` placeholders, ON CONFLICT, RETURNING, no engine's own functions.
 */
export interface Sql {
  readonly dialect: 'sqlite' | 'postgres';
  all<T>(text: string, params?: readonly Param[]): Promise<T[]>;
  get<T>(text: string, params?: readonly Param[]): Promise<T | undefined>;
  /** Runs a write; answers how many rows it changed. */
  run(text: string, params?: readonly Param[]): Promise<number>;
  /** Runs `work` in one transaction on one connection: all of it is written, or none. */
  transaction<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The database cannot be reached now. The app answers 503 `{message}` and the process goes
 * on: the next request tries again, so it recovers by itself once the database is back.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export const DATABASE_UNAVAILABLE =
  "the console's database cannot be reached just now: nothing was changed, try again shortly";
