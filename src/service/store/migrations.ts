import { readFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from './transaction.ts';

// Versioned migrations, applied in order and recorded in PRAGMA user_version. A migration
// never changes once it has landed: a change to the model is a new file.
const MIGRATIONS = [
  '001-initial.sql',
  '002-uploads-and-events.sql',
  '003-qc.sql',
  '004-uploads-attach.sql',
  '005-review-short-ids.sql',
  '006-service-clock.sql',
  '007-scan-reviews-index.sql',
  '008-redactions.sql',
];

/** The schema version a fully migrated database is at. */
export const MIGRATION_COUNT = MIGRATIONS.length;

/** Applies the migrations not yet applied, up to `target` (tests build older databases). */
export function migrate(db: DatabaseSync, target = MIGRATIONS.length): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  let version = row.user_version;
  if (version > MIGRATIONS.length) {
    throw new Error(`database is at version ${version}, newer than this service knows`);
  }
  for (const file of MIGRATIONS.slice(version, Math.max(version, target))) {
    const sql = readFileSync(new URL(`./migrations/${file}`, import.meta.url), 'utf8');
    version += 1;
    transaction(db, () => {
      db.exec(sql);
      db.exec(`PRAGMA user_version = ${version}`);
    });
  }
  return version;
}
