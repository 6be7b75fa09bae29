import { randomUUID } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { Writable } from 'node:stream';

/** Bytes of stored documents and images, addressed by key ('files/<uuid>.pdf'). */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): void;
  get(key: string): Uint8Array | null;
  has(key: string): boolean;
  /** Streams new bytes for a key; nothing shows under the key until the writer commits. */
  writer(key: string): BlobWriter;
}

export interface BlobWriter {
  readonly stream: Writable;
  /** Publishes the written bytes (call once the stream finished); false if the key has bytes. */
  commit(): boolean;
  /** Drops whatever was written; safe at any time and more than once. */
  discard(): void;
}

const KEY = /^[a-z]+(?:\/[A-Za-z0-9._-]+)+$/;

function checkKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid blob key: ${key}`);
}

// Uploads in progress live here (no key can start with a dot), so a half-written file is
// never visible under its key, and a crash leaves nothing a reader could mistake for a blob.
const INCOMING = '.incoming';
const STALE_INCOMING_MS = 24 * 60 * 60 * 1000;

function removeStale(dir: string): void {
  if (!existsSync(dir)) return;
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // Only old ones: another process on the same data folder may be receiving right now.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat && now - stat.mtimeMs > STALE_INCOMING_MS) rmSync(path, { force: true });
  }
}

/** Blobs as files below `<dataDir>/blobs`. */
export function fileBlobStore(root: string): BlobStore {
  const base = resolve(root);
  const incoming = join(base, INCOMING);
  removeStale(incoming);
  const pathOf = (key: string) => {
    checkKey(key);
    const path = resolve(join(base, key));
    if (!path.startsWith(base + sep)) throw new Error(`invalid blob key: ${key}`);
    return path;
  };
  return {
    put(key, bytes) {
      const path = pathOf(key);
      mkdirSync(dirname(path), { recursive: true });
      mkdirSync(incoming, { recursive: true });
      // Written aside, then put in place whole: a reader never sees it half-written, and the
      // file it replaces is never written into (a copy of the data folder may link to it).
      const temp = join(incoming, randomUUID());
      try {
        writeFileSync(temp, bytes);
        renameSync(temp, path);
      } finally {
        rmSync(temp, { force: true });
      }
    },
    get(key) {
      const path = pathOf(key);
      return existsSync(path) ? new Uint8Array(readFileSync(path)) : null;
    },
    has(key) {
      const path = pathOf(key);
      return existsSync(path) && statSync(path).isFile();
    },
    writer(key) {
      const path = pathOf(key);
      mkdirSync(incoming, { recursive: true });
      const temp = join(incoming, randomUUID());
      const stream = createWriteStream(temp, { flags: 'wx' });
      let settled = false;
      return {
        stream,
        commit() {
          mkdirSync(dirname(path), { recursive: true });
          try {
            // A link, unlike a rename, never replaces bytes already stored under the key.
            linkSync(temp, path);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
            throw error;
          }
          settled = true;
          rmSync(temp, { force: true });
          return true;
        },
        discard() {
          if (settled) return;
          settled = true;
          // Abandoned: a failure to open or close its file has no one to tell, and must not
          // end the process as an unhandled 'error' would.
          stream.on('error', () => {});
          const remove = () => rmSync(temp, { force: true });
          // Removing before the stream has opened its file would let the open create it again.
          if (stream.closed) remove();
          else {
            stream.once('close', remove);
            stream.destroy();
          }
        },
      };
    },
  };
}

/** Blobs in memory, for tests. */
export function memoryBlobStore(): BlobStore {
  const blobs = new Map<string, Uint8Array>();
  return {
    put(key, bytes) {
      checkKey(key);
      blobs.set(key, bytes);
    },
    get: (key) => blobs.get(key) ?? null,
    has: (key) => blobs.has(key),
    writer(key) {
      checkKey(key);
      let chunks: Buffer[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
      return {
        stream,
        commit() {
          if (blobs.has(key)) return false;
          blobs.set(key, new Uint8Array(Buffer.concat(chunks)));
          return true;
        },
        discard() {
          chunks = [];
          stream.destroy();
        },
      };
    },
  };
}
