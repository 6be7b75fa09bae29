import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What compresses: script, style, markup, data and fonts; not images or pdf.js's .bcmap. */
const COMPRESSIBLE = /\.(m?js|css|html|svg|json|wasm|ttf|otf|pfb)$/;
/** Below this a compressed copy saves less than its own headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, at the
 * strongest settings (paid once, at build time), where they save at least a tenth. The
 * gateway serves them by the browser's Accept-Encoding (src/gateway/http/static.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'attest:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const source = await readFile(path);
          // A copy left by an earlier build into the same folder would be served instead.
          const stale = () =>
            Promise.all([rm(`${path}.br`, { force: true }), rm(`${path}.gz`, { force: true })]);
          if (source.byteLength < MIN_BYTES) return stale();
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
              },
            }),
            gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          const worth = (packed: Buffer) => packed.byteLength < source.byteLength * 0.9;
          await stale();
          await Promise.all([
            worth(br) ? writeFile(`${path}.br`, br) : undefined,
            worth(gz) ? writeFile(`${path}.gz`, gz) : undefined,
          ]);
        }),
      );
    },
  };
}
