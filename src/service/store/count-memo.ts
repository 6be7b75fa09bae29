import type { DatabaseSync, SQLInputValue } from 'node:sqlite';

// A list's totalCount is a COUNT(*) over every matching row: on 100,000 QC requests about
// half of a page request's time, asked again by each view of the queue and each tab count.
// Counts only change when the data does, so each is kept with the version of the data it
// was counted at: this connection's total_changes() (every row it has written) and the
// database's data_version (bumped by a commit from any other connection, a seed say).

const MAX_ENTRIES = 500;

interface Entry {
  version: string;
  n: number;
}

const memos = new WeakMap<DatabaseSync, Map<string, Entry>>();

function versionOf(db: DatabaseSync): string {
  const local = db.prepare('SELECT total_changes() AS n').get() as { n: number };
  const shared = db.prepare('PRAGMA data_version').get() as { data_version: number };
  return `${local.n}:${shared.data_version}`;
}

/** `SELECT COUNT(*) AS n ...` for `sql`, from memory while nothing has been written since. */
export function memoCount(db: DatabaseSync, sql: string, params: SQLInputValue[]): number {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new Map()));
  const key = JSON.stringify([sql, params.map((p) => (typeof p === 'bigint' ? `${p}n` : p))]);
  const version = versionOf(db);
  const known = memo.get(key);
  if (known?.version === version) return known.n;
  const row = db.prepare(sql).get(...params) as { n: number | bigint } | undefined;
  const n = Number(row?.n ?? 0);
  memo.delete(key);
  memo.set(key, { version, n });
  // Oldest first out: a Map iterates in insertion order, and a hit is not re-inserted.
  if (memo.size > MAX_ENTRIES) memo.delete(memo.keys().next().value as string);
  return n;
}
