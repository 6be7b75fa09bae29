import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startScript } from './lib.ts';
import { regionFigures, regionLines } from './regions.ts';

// `node bench/regions-run.ts`: only what regions over a document cost while scrolling
// (bench/regions.ts), over the demo data: the figure does not depend on the queue's size.
const dataDir = mkdtempSync(join(tmpdir(), 'attest-bench-regions-'));
const ports = { PORT: String(await freePort()), SERVICE_PORT: String(await freePort()) };
const console_ = await startScript(
  'src/main.ts',
  { ATTEST_DATA_DIR: dataDir, ...ports },
  /Attest console: (http:\/\/\S+)/,
);
try {
  const figures = await regionFigures(console_.match[1] ?? '', Number(process.env.BENCH_RUNS ?? 3));
  console.log(regionLines(figures).join('\n'));
} finally {
  console_.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
