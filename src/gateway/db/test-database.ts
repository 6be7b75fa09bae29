import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { openGatewayDatabase, type GatewayDatabase } from './open.ts';

/**
 * Where a test's gateway keeps its state: gateway.db as always, or, in the gateway-postgres
 * Vitest project (issue 19), a schema of its own in the run's throwaway PostgreSQL, so the
 * same tests hold on both engines and never see each other's rows.
 */
export function testDatabase(): { url: string; schema: string } | undefined {
  if (process.env.ATTEST_TEST_DATABASE !== 'postgres') return undefined;
  const url = inject('attestDatabaseUrl');
  if (!url) throw new Error('the gateway-postgres project has no PostgreSQL (its global setup)');
  return { url, schema: `test_${randomUUID().replaceAll('-', '').slice(0, 20)}` };
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
