import { randomUUID } from 'node:crypto';
import { afterEach, inject } from 'vitest';
import { openGatewayDatabase, type GatewayDatabase } from '../db/open.ts';
import type { Sql } from '../db/sql.ts';

interface TestDatabase {
  url: string;
  schema: string;
}

const byDataDir = new Map<string, TestDatabase>();

/** Whether this run is the gateway-postgres project's. */
export const onPostgres = () => process.env.ATTEST_TEST_DATABASE === 'postgres';

/**
 * Where a test's gateway keeps its state: gateway.db as always, or, in the gateway-postgres
 * Vitest project (ADR 023), a schema of its own in the run's throwaway PostgreSQL, so the
 * same tests hold on both engines and never see each other's rows.
 */
export function testDatabase(dataDir?: string | null): TestDatabase | undefined {
  if (!onPostgres()) return undefined;
  const url = inject('attestDatabaseUrl');
  if (!url) throw new Error('the gateway-postgres project has no PostgreSQL (its global setup)');
  // A gateway started again over the same data folder is a restart: the same database.
  const known = dataDir ? byDataDir.get(dataDir) : undefined;
  if (known) return known;
  const database = { url, schema: `test_${randomUUID().replaceAll('-', '').slice(0, 20)}` };
  if (dataDir) byDataDir.set(dataDir, database);
  return database;
}

/** A migrated database for a store's own tests: in memory, or a fresh PostgreSQL schema. */
export function openTestDatabase(): Promise<GatewayDatabase> {
  const database = testDatabase();
  return openGatewayDatabase({
    dataDir: null,
    ...database,
    log: () => undefined,
  });
}

/** For a store's own tests: a fresh database per call, every one closed after each test. */
export function freshDatabases(): () => Promise<Sql> {
  const opened: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of opened.splice(0)) await close();
  });
  return async () => {
    const db = await openTestDatabase();
    opened.push(db.close);
    return db.sql;
  };
}
