import type { TestProjectInlineConfiguration } from 'vitest/config';
import type { TestProject } from 'vitest/node';
import { findPostgres, startThrowawayPostgres } from './postgres-cluster.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** The throwaway cluster's URL; only the gateway-postgres project has one. */
    attestDatabaseUrl?: string;
  }
}

/** One cluster for the whole run; each test makes its own database or schema in it. */
export default async function setup(project: TestProject) {
  const cluster = await startThrowawayPostgres();
  project.provide('attestDatabaseUrl', cluster.url);
  return () => cluster.stop();
}

/**
 * The gateway's suite a second time, on PostgreSQL (ADR 023), when this machine can start
 * one; otherwise a line saying why not. Only under Vitest: `vite build` and `vite` read the
 * same config.
 */
export function gatewayPostgresProjects(): TestProjectInlineConfiguration[] {
  if (!process.env.VITEST) return [];
  const found = findPostgres();
  if ('missing' in found) {
    process.stderr.write(`PostgreSQL tests skipped: ${found.missing}\n`);
    return [];
  }
  return [
    {
      test: {
        name: 'gateway-postgres',
        include: ['src/gateway/**/*.test.ts'],
        env: { ATTEST_TEST_DATABASE: 'postgres' },
        // Beside the root's service setup, which runs once for every project.
        globalSetup: ['scripts/postgres-global-setup.ts'],
      },
    },
  ];
}
