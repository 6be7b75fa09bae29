import { mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/** Bytes of stored documents and images, addressed by key ('files/<uuid>.pdf'). */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): void;
  get(key: string): Uint8Array | null;
  has(key: string): boolean;
}

const KEY = /^[a-z]+(?:\/[A-Za-z0-9._-]+)+$/;

function checkKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid blob key: ${key}`);
}

/** Blobs as files below `<dataDir>/blobs`. */
export function fileBlobStore(root: string): BlobStore {
  const base = resolve(root);
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
      writeFileSync(path, bytes);
    },
    get(key) {
      const path = pathOf(key);
      return existsSync(path) ? new Uint8Array(readFileSync(path)) : null;
    },
    has(key) {
      const path = pathOf(key);
      return existsSync(path) && statSync(path).isFile();
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
  };
}
