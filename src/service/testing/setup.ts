import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../seed/demo.ts';
import { openServiceContext } from '../server.ts';
import { removeAbandonedRuns, runFolder } from './run-folders.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A data folder seeded with the demo data once per run; tests copy it. */
    demoSnapshot: string;
    /** This run's folder (run-folders.ts): every test service's data is made in it. */
    runFolder: string;
  }
}

// Rendering the demo PDFs takes seconds; doing it once per run instead of once per test
// file keeps the suite fast. Each test service still gets its own copy of the data.
export default async function setup(project: TestProject) {
  removeAbandonedRuns();
  const run = runFolder();
  const dir = join(run, 'snapshot');
  mkdirSync(dir);
  const ctx = await openServiceContext(dir, { log: () => {} });
  await seedDemo(ctx);
  ctx.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  ctx.db.close();
  project.provide('demoSnapshot', dir);
  project.provide('runFolder', run);
  return () => rmSync(run, { recursive: true, force: true });
}
