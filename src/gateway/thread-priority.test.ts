import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE } from './thread-priority.ts';

// Read by `ps`, not by the module itself: V8's garbage helpers of a process that lowered them
// run at the background threads' priority, and its main thread at its own.

const module = fileURLToPath(new URL('./thread-priority.ts', import.meta.url));

describe.skipIf(process.platform !== 'linux')("V8's garbage helpers", () => {
  it("run at the background threads' priority, the main thread at its own", async () => {
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { lowerGarbageHelpers } = await import(${JSON.stringify(module)});
         console.log(lowerGarbageHelpers()); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const [line] = (await once(child.stdout, 'data')) as [Buffer];
      const lowered = Number(line.toString().trim());
      const threads = execFileSync('ps', ['-L', '-o', 'tid=,comm=,ni=', '-p', String(child.pid)])
        .toString()
        .trim()
        .split('\n')
        .map((row) => row.trim().split(/\s+/))
        .map(([tid, comm, ni]) => ({ tid: Number(tid), comm, ni: Number(ni) }));
      const helpers = threads.filter((t) => t.comm === 'V8Worker');
      expect(helpers.length).toBeGreaterThan(0);
      expect(lowered).toBe(helpers.length);
      expect(helpers.map((t) => t.ni)).toEqual(helpers.map(() => BACKGROUND_NICE));
      expect(threads.find((t) => t.tid === child.pid)?.ni).toBe(0);
    } finally {
      child.kill();
    }
  });
});
