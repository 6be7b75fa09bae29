import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from './db.ts';
import { MIGRATION_COUNT, migrate } from './migrations.ts';
import { transaction } from './transaction.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the store', () => {
  it('opens a file database in WAL mode with foreign keys, migrated', () => {
    const dir = mkdtempSync(join(tmpdir(), 'attest-db-'));
    dirs.push(dir);
    const db = openDb(join(dir, 'nested', 'attest.db'));
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    expect(db.prepare('PRAGMA user_version').get()).toEqual({ user_version: MIGRATION_COUNT });
    expect(() =>
      db
        .prepare(
          "INSERT INTO users (id, owner, display_name, email, created_on) VALUES ('u', 'nobody', 'x', 'x', 'x')",
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('applies migrations once', () => {
    const db = openDb(':memory:');
    expect(migrate(db)).toBe(MIGRATION_COUNT);
    expect(
      db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'qc_requests'").get(),
    ).toEqual({ n: 1 });
  });

  it('refuses a database newer than the code', () => {
    const db = openDb(':memory:');
    db.exec('PRAGMA user_version = 99');
    expect(() => migrate(db)).toThrow(/newer/);
  });

  it('rolls a failed transaction back whole', () => {
    const db = openDb(':memory:');
    expect(() =>
      transaction(db, () => {
        db.prepare("INSERT INTO owners (id, name) VALUES ('a', 'A')").run();
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(db.prepare('SELECT COUNT(*) AS n FROM owners').get()).toEqual({ n: 0 });
    expect(db.isTransaction).toBe(false);
  });
});
