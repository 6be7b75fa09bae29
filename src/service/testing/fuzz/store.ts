import { createHash } from 'node:crypto';
import type { ServiceContext } from '../../context.ts';
import type { BlobStore } from '../../store/blobs.ts';

/**
 * Whether a request wrote anything, for the fuzz tests' "a refused request wrote nothing".
 * total_changes() of the service's one connection counts every row it inserted, updated or
 * deleted, including those a transaction then rolled back; so when it moved, the tables'
 * contents decide (a refusal that rolled back wrote nothing). Blobs published are counted
 * apart, by a wrapper around the real blob store. Runs must be sequential.
 */
export interface StoreProbe {
  /** Where the store stands now; take it right before the request. */
  mark(): Mark;
  /** What changed since mark, as "table x, blobs"; empty when nothing did. */
  changedSince(mark: Mark): string[];
}

export interface Mark {
  changes: number;
  tables: Map<string, string>;
  blobPuts: number;
}

/** `ignore`: tables a refusal may write (the tokens a gateway refreshes on the way, say). */
export function storeProbe(ctx: ServiceContext, ignore: string[] = []): StoreProbe {
  const { db } = ctx;
  let blobPuts = 0;
  ctx.blobs = countingBlobs(ctx.blobs, () => (blobPuts += 1));

  const totalChanges = () =>
    Number((db.prepare('SELECT total_changes() AS n').get() as { n: number | bigint }).n);

  const hashTables = () => {
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all() as { name: string }[];
    const hashes = new Map<string, string>();
    for (const { name } of names) {
      const rows = db
        .prepare(`SELECT * FROM "${name.replaceAll('"', '""')}"`)
        .all()
        .map((row) =>
          JSON.stringify(row, (_key, value: unknown) =>
            typeof value === 'bigint'
              ? `${value}n`
              : value instanceof Uint8Array
                ? Buffer.from(value).toString('base64')
                : value,
          ),
        )
        .sort();
      hashes.set(name, createHash('sha256').update(rows.join('\n')).digest('hex'));
    }
    return hashes;
  };

  // Hashing every table takes milliseconds, so it is redone only after something was written.
  let last: { changes: number; tables: Map<string, string> } | undefined;
  const current = () => {
    const changes = totalChanges();
    if (last?.changes !== changes) last = { changes, tables: hashTables() };
    return last;
  };

  return {
    mark: () => ({ ...current(), blobPuts }),
    changedSince(mark) {
      const changed: string[] = [];
      if (blobPuts !== mark.blobPuts) changed.push(`blobs (${blobPuts - mark.blobPuts} put)`);
      if (totalChanges() === mark.changes) return changed;
      for (const [name, hash] of current().tables) {
        if (mark.tables.get(name) !== hash && !ignore.includes(name)) changed.push(`table ${name}`);
      }
      return changed;
    },
  };
}

type Method = (...args: unknown[]) => unknown;

/**
 * The blob store, counting what it publishes: `put`, and a streaming writer's `commit` that
 * stored bytes. Written over Proxy so that it follows the store's interface as it grows.
 */
function countingBlobs(real: BlobStore, published: () => void): BlobStore {
  const wrap = <T extends object>(
    target: T,
    counted: (name: string | symbol, result: unknown) => boolean,
    inner?: (name: string | symbol, result: unknown) => unknown,
  ): T =>
    new Proxy(target, {
      get(object, name) {
        const value: unknown = Reflect.get(object, name);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result = (value as Method).apply(object, args);
          if (counted(name, result)) published();
          return inner ? inner(name, result) : result;
        };
      },
    });
  return wrap(
    real,
    (name) => name === 'put',
    (name, result) =>
      name === 'writer' && typeof result === 'object' && result !== null
        ? wrap(result, (method, committed) => method === 'commit' && committed !== false)
        : result,
  );
}
