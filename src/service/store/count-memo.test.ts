import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoCount } from './count-memo.ts';

const COUNT = 'SELECT COUNT(*) AS n FROM items WHERE status = ?';
let dir = '';

function open() {
  dir ||= mkdtempSync(join(tmpdir(), 'attest-count-'));
  const db = new DatabaseSync(join(dir, 'db.sqlite'));
  db.exec('PRAGMA journal_mode = WAL');
  return db;
}

function seeded() {
  const db = open();
  db.exec(`CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, status TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS log (item INTEGER);
    CREATE TRIGGER IF NOT EXISTS logged AFTER INSERT ON log BEGIN
      INSERT INTO items (status) VALUES ('pending');
    END;
    DELETE FROM items;
    INSERT INTO items (status) VALUES ('pending'), ('pending'), ('approved');`);
  return db;
}

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('memoCount', () => {
  it('counts again after a write on the same connection, and not before', () => {
    const db = seeded();
    expect(memoCount(db, COUNT, ['pending'])).toBe(2);
    expect(memoCount(db, COUNT, ['approved'])).toBe(1);
    db.prepare("UPDATE items SET status = 'approved' WHERE id = 1").run();
    expect(memoCount(db, COUNT, ['pending'])).toBe(1);
    expect(memoCount(db, COUNT, ['approved'])).toBe(2);
    db.close();
  });

  it('sees rows written by a trigger and by a rolled-back transaction not at all', () => {
    const db = seeded();
    expect(memoCount(db, COUNT, ['pending'])).toBe(2);
    db.prepare('INSERT INTO log (item) VALUES (1)').run();
    expect(memoCount(db, COUNT, ['pending'])).toBe(3);
    db.exec("BEGIN; INSERT INTO items (status) VALUES ('pending'); ROLLBACK;");
    expect(memoCount(db, COUNT, ['pending'])).toBe(3);
    db.close();
  });

  it('sees a commit from another connection', () => {
    const db = seeded();
    const other = open();
    expect(memoCount(db, COUNT, ['pending'])).toBe(2);
    other.prepare("INSERT INTO items (status) VALUES ('pending')").run();
    expect(memoCount(db, COUNT, ['pending'])).toBe(3);
    other.prepare('DELETE FROM items').run();
    expect(memoCount(db, COUNT, ['pending'])).toBe(0);
    other.close();
    db.close();
  });
});
