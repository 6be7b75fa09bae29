import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../seed/demo.ts';
import { openServiceContext } from '../server.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A data folder seeded with the demo data once per run; tests copy it. */
    demoSnapshot: string;
  }
}

// Rendering the demo PDFs takes seconds; doing it once per run instead of once per test
// file keeps the suite fast. Each test service still gets its own copy of the data.
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'attest-snapshot-'));
  const ctx = await openServiceContext(dir, { log: () => {} });
  await seedDemo(ctx);
  ctx.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  ctx.db.close();
  project.provide('demoSnapshot', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
