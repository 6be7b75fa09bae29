import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/build-if-needed.ts';

// `npm run build [-- --outDir <dir>]`: the app built as `npm start` builds it when stale
// (src/build-if-needed.ts), into dist/ or the folder named.
const { values } = parseArgs({ options: { outDir: { type: 'string' } } });
const root = resolve(import.meta.dirname, '..');
await buildApp(root, resolve(values.outDir ?? resolve(root, 'dist')));
