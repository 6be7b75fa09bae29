import type { DecisionMarks } from '../../../../../contract/findings.ts';
import type { QcRequestPatch } from '../../../../../contract/qc.ts';

// The decisions a reviewer made that the service has not answered yet (ADR 026), in the
// browser's IndexedDB: they outlive a closed tab, a crashed one and a browser restart. Each
// is kept under the person who made it (user-storage.ts's scope), and only that person's
// console ever reads or sends it.

export interface OutboxEntry {
  /** `<scope>|<request id>`: one decision per person and request. */
  key: string;
  scope: string;
  requestId: string;
  /** For what the reviewer is told ("Your review of M-123 was not saved"). */
  matterReference: string;
  patch: QcRequestPatch;
  /**
   * A rejection's marks on the page (ADR 029), sent beside the patch in the `Attest-Marks`
   * header on every send; an approval has none.
   */
  marks?: DecisionMarks | undefined;
  queuedOn: number;
  /**
   * When a send began that no one has seen answered: the tab that sent it may have closed
   * under it, its keepalive request still on the way. The next send asks the service first.
   */
  sentOn?: number | undefined;
}

export const entryKey = (scope: string, requestId: string) => `${scope}|${requestId}`;

const DB_NAME = 'attest-outbox';
const STORE = 'decisions';

export interface OutboxStore {
  /** Resolves once the entry is committed: it is then on disk, whatever happens to the tab. */
  put(entry: OutboxEntry): Promise<void>;
  get(key: string): Promise<OutboxEntry | undefined>;
  list(scope: string): Promise<OutboxEntry[]>;
  remove(key: string): Promise<void>;
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
  });

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(STORE, { keyPath: 'key' });
    store.createIndex('scope', 'scope');
  };
  return done(request).then((db) => {
    // Another tab upgrading the database later: let it, and open afresh next time.
    db.onversionchange = () => db.close();
    return db;
  });
}

/** The outbox over `factory` (the browser's indexedDB; a fake one in unit tests). */
export function createOutboxStore(factory: () => IDBFactory | undefined): OutboxStore {
  let db: Promise<IDBDatabase> | null = null;
  const database = () => {
    const idb = factory();
    if (!idb) return Promise.reject(new Error('IndexedDB is not available'));
    db ??= open(idb).catch((error: unknown) => {
      db = null;
      throw error;
    });
    return db;
  };
  // Writes are `relaxed`: committed and handed to the operating system before the screen
  // moves on, which a closed tab, a crashed tab or browser, or a closed lid does not undo
  // (only a power cut within the OS's flush, a few seconds, could). `strict` (flushed to disk)
  // is cheap here, but its cost on a reviewer's disk would land on approve-and-next; and the
  // PATCH went out with keepalive beside the write anyway.
  const write = async (
    durability: IDBTransactionDurability,
    run: (store: IDBObjectStore) => void,
  ) => {
    const tx = (await database()).transaction(STORE, 'readwrite', { durability });
    run(tx.objectStore(STORE));
    // Committed now, not when the task ends: the page may be closing.
    tx.commit();
    await committed(tx);
  };
  const read = async () => (await database()).transaction(STORE, 'readonly').objectStore(STORE);
  return {
    put: (entry) => write('relaxed', (store) => store.put(entry)),
    get: async (key) => (await done((await read()).get(key))) as OutboxEntry | undefined,
    list: async (scope) =>
      (await done((await read()).index('scope').getAll(scope))) as OutboxEntry[],
    remove: (key) => write('relaxed', (store) => store.delete(key)),
  };
}

/** The browser's outbox; null-safe where IndexedDB is refused (a locked-down profile). */
export const outboxStore = createOutboxStore(() => {
  try {
    return globalThis.indexedDB;
  } catch {
    return undefined;
  }
});
