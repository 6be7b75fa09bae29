import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The settings the console's and the service's processes run with, which Node and the C
// library read only as a process starts (ADR 043). Imported first by each entry point: run
// as a process's entry (`npm start`, `npm run service`, the tests' and the bench's own
// starts alike), a process started without them starts again with them, in place (the same
// process id, through execve), before anything else has run. Imported by anything else (a
// test), it does nothing.
//
// - A heap limit of 1 GB (the gateway uses 60 to 150 MB of it under a department's load):
//   under about 2 GB, V8 lets the heap grow less between full collections.
// - A young generation of 4 MB semi-spaces: under load V8 grew them to their default
//   maximum and kept the space, about 130 MB of a gateway's memory that it never used.
// - On Linux, two malloc arenas rather than eight a core: with pdf.js's, OCR's and libuv's
//   threads each allocating, glibc's arenas held about 100 MB more.
// Under a team's day (npm run bench -- team-day) a gateway went from 700 to 870 MB resident
// to 490 to 550 MB, with no latency lost. An operator's own setting of any of them is kept.

const ENTRIES = ['../main.ts', '../service/main.ts'].map((entry) =>
  realpathSync(fileURLToPath(new URL(entry, import.meta.url))),
);

const V8_SETTINGS = ['--max-old-space-size=1024', '--max-semi-space-size=4'];

/** What the process at `entry` should start again with, or undefined when nothing is missing. */
export function missingSettings(
  execArgv: readonly string[],
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): { flags: string[]; env: Record<string, string> } | undefined {
  const given = [...execArgv, ...(env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  const named = (flag: string) => flag.slice(0, flag.indexOf('='));
  const flags = V8_SETTINGS.filter(
    (flag) => !given.some((g) => g === named(flag) || g.startsWith(`${named(flag)}=`)),
  );
  const arenas = platform === 'linux' && env['MALLOC_ARENA_MAX'] === undefined;
  if (flags.length === 0 && !arenas) return undefined;
  return { flags, env: arenas ? { MALLOC_ARENA_MAX: '2' } : {} };
}

function isEntry(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return ENTRIES.includes(realpathSync(script));
  } catch {
    return false;
  }
}

// Once: a process started again with them finds nothing missing (or, where the settings
// could not be taken, is told not to try again).
if (isEntry() && process.env['ATTEST_RUNTIME_SETTINGS'] !== 'started' && process.execve) {
  const missing = missingSettings(process.execArgv, process.env, process.platform);
  if (missing) {
    process.execve(
      process.execPath,
      [process.execPath, ...missing.flags, ...process.execArgv, ...process.argv.slice(1)],
      { ...process.env, ...missing.env, ATTEST_RUNTIME_SETTINGS: 'started' },
    );
  }
}
