import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';

// Scalar's standalone browser bundle (one UMD file, no chunks, defines `window.Scalar`),
// served from the installed package so that /docs needs nothing from the network.

const require = createRequire(import.meta.url);
// The package's exports map has no `./package.json`: its main entry sits in `dist/`.
const dist = dirname(require.resolve('@scalar/api-reference'));
const { version } = require(join(dist, '..', 'package.json')) as { version: string };

/** The bundle's URL path; the version in it lets browsers keep it for a year. */
export const SCALAR_BUNDLE_PATH = `/docs/scalar-${version}.js`;

export interface ScalarBundle {
  plain: Buffer;
  gzipped: Buffer;
}

let loading: Promise<ScalarBundle> | undefined;

/** Read (and compressed) once, on the first request: 4 MB the service need not load at start. */
export function scalarBundle(): Promise<ScalarBundle> {
  loading ??= (async () => {
    const source = await readFile(join(dist, 'browser', 'standalone.js'), 'utf8');
    // The map beside it is not served: browsers would ask for it only with devtools open.
    const plain = Buffer.from(source.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'));
    return { plain, gzipped: await promisify(gzip)(plain) };
  })();
  // A failed read is tried again on the next request, not remembered.
  loading.catch(() => (loading = undefined));
  return loading;
}
