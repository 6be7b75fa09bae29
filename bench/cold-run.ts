import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coldFigures, coldLines } from './cold.ts';
import { freePort, startScript } from './lib.ts';

// `node bench/cold-run.ts`: only the cold first-visit figures, over the demo data (what a
// first visit looks like is the same at any size: the queue's first page is 100 rows).
const dataDir = mkdtempSync(join(tmpdir(), 'attest-bench-cold-'));
const ports = { PORT: String(await freePort()), SERVICE_PORT: String(await freePort()) };
const console_ = await startScript(
  'src/main.ts',
  { ATTEST_DATA_DIR: dataDir, ...ports },
  /Attest console: (http:\/\/\S+)/,
);
try {
  const figures = await coldFigures(console_.match[1] ?? '', Number(process.env.BENCH_RUNS ?? 3));
  console.log(coldLines(figures).join('\n'));
} finally {
  console_.child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
