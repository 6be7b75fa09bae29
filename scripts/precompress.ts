import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What compresses: script, style, markup, data and fonts; not images or pdf.js's .bcmap. */
const COMPRESSIBLE = /\.(m?js|css|html|svg|json|wasm|ttf|otf|pfb)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;
/** Part of every cache key: a change of settings makes the old entries misses. */
const SETTINGS = 'br11-gz9';
/** A cached copy no build has used for this long is removed. */
const CACHE_DAYS = 14;

export interface PrecompressOptions {
  /** Folders under `dir` (names of its own children) that nobody serves: left alone. */
  skip?: readonly string[];
  /**
   * Where compressed copies are kept by their file's content, so that a rebuild compresses
   * only what changed: pdf.js's worker, library and data files are the same build after
   * build, and they are most of the work (about 15 of 20 s of CPU at these settings).
   */
  cacheDir?: string;
}

async function* files(dir: string, skip: readonly string[] = []): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** The file's copies, from the cache when it holds them, else compressed (and kept there). */
async function compressed(source: Buffer, cacheDir: string | undefined) {
  const key = createHash('sha256').update(SETTINGS).update(source).digest('hex');
  const cached = cacheDir && join(cacheDir, key);
  if (cached) {
    const [br, gz] = await Promise.all([
      readFile(`${cached}.br`).catch(() => null),
      readFile(`${cached}.gz`).catch(() => null),
    ]);
    if (br && gz) {
      const now = new Date();
      await Promise.all([utimes(`${cached}.br`, now, now), utimes(`${cached}.gz`, now, now)]);
      return { br, gz };
    }
  }
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
      },
    }),
    gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (cached) {
    // Written aside and renamed: a build beside this one reads a whole entry or none.
    const keep = async (path: string, bytes: Buffer) => {
      const aside = `${path}.${randomUUID()}.tmp`;
      await writeFile(aside, bytes);
      await rename(aside, path);
    };
    await Promise.all([keep(`${cached}.br`, br), keep(`${cached}.gz`, gz)]);
  }
  return { br, gz };
}

/** Removes the cache's entries (and leftovers of a build that stopped) unused for weeks. */
async function prune(cacheDir: string) {
  const before = Date.now() - CACHE_DAYS * 24 * 60 * 60 * 1000;
  for (const name of await readdir(cacheDir)) {
    const path = join(cacheDir, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: Infinity }));
    if (mtimeMs < before) await rm(path, { force: true });
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir`, at the
 * strongest settings (paid once, at build time), where they save at least a tenth. The
 * gateway serves them by the browser's Accept-Encoding (src/gateway/http/static.ts).
 *
 * Run on a finished build (src/build-if-needed.ts), not as one of the bundler's plugins: the
 * bundler times its plugins and reports a slow one, and this is most of the build's time by
 * design, not a plugin gone wrong.
 */
export async function precompress(dir: string, options: PrecompressOptions = {}): Promise<void> {
  const { cacheDir } = options;
  if (cacheDir) await mkdir(cacheDir, { recursive: true });
  const paths: string[] = [];
  for await (const path of files(dir, options.skip)) if (COMPRESSIBLE.test(path)) paths.push(path);
  await Promise.all(
    paths.map(async (path) => {
      const source = await readFile(path);
      // A copy left by an earlier build into the same folder would be served instead.
      const stale = () =>
        Promise.all([rm(`${path}.br`, { force: true }), rm(`${path}.gz`, { force: true })]);
      if (source.byteLength < MIN_BYTES) return stale();
      const { br, gz } = await compressed(source, cacheDir);
      const worth = (packed: Buffer) => packed.byteLength < source.byteLength * 0.9;
      await stale();
      await Promise.all([
        worth(br) ? writeFile(`${path}.br`, br) : undefined,
        worth(gz) ? writeFile(`${path}.gz`, gz) : undefined,
      ]);
    }),
  );
  if (cacheDir) await prune(cacheDir);
}
