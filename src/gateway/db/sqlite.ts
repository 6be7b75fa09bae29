import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { MIGRATIONS } from './migrations.ts';
import type { Param, Sql } from './sql.ts';

/**
 * `<dataDir>/gateway.db`, or an in-memory database for null. The calls are synchronous
 * underneath; the promises are the interface PostgreSQL needs.
 */
export function openSqlite(dataDir: string | null): Sql {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(dataDir ? join(dataDir, 'gateway.db') : ':memory:');
  if (dataDir) db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA busy_timeout = 5000');
  migrate(db);

  const statements = new Map<string, StatementSync>();
  const prepare = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  const sql: Sql = {
    dialect: 'sqlite',
    all: async <T>(text: string, params: readonly Param[] = []) =>
      prepare(text).all(...params) as T[],
    get: async <T>(text: string, params: readonly Param[] = []) =>
      prepare(text).get(...params) as T | undefined,
    run: async (text, params = []) => Number(prepare(text).run(...params).changes),
    async transaction(work) {
      // One connection: BEGIN holds every statement until COMMIT, whoever runs it. The work
      // is short and only awaits this database, whose calls finish at once.
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = await work(sql);
        db.exec('COMMIT');
        return result;
      } catch (error) {
        db.exec('ROLLBACK');
        throw error;
      }
    },
    close: async () => db.close(),
  };
  return sql;
}

/** Applies the migrations not yet recorded in PRAGMA user_version, each in its transaction. */
function migrate(db: DatabaseSync): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  let version = row.user_version;
  if (version > MIGRATIONS.length) {
    throw new Error(`gateway.db is at version ${version}, newer than this gateway knows`);
  }
  for (const text of MIGRATIONS.slice(version)) {
    version += 1;
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(text);
      db.exec(`PRAGMA user_version = ${version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  }
}
