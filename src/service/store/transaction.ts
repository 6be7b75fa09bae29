import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs fn inside one write transaction. IMMEDIATE takes the write lock up front, so two
 * writers that read-then-write (two reviewers deciding one QC request) serialise instead
 * of both reading the old state.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  if (db.isTransaction) return fn();
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
