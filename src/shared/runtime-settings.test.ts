import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingSettings } from './runtime-settings.ts';

describe('the settings a process takes only as it starts', () => {
  it('names what is missing, and keeps what an operator set', () => {
    expect(missingSettings([], {}, 'linux')).toEqual({
      flags: ['--max-old-space-size=1024', '--max-semi-space-size=4'],
      env: { MALLOC_ARENA_MAX: '2' },
    });
    expect(
      missingSettings(['--max-old-space-size=4096'], { MALLOC_ARENA_MAX: '8' }, 'linux'),
    ).toEqual({ flags: ['--max-semi-space-size=4'], env: {} });
    expect(
      missingSettings(
        [],
        { NODE_OPTIONS: '--max-semi-space-size=16 --max-old-space-size=512' },
        'darwin',
      ),
    ).toBeUndefined();
    // glibc's arenas are Linux's alone.
    expect(missingSettings([], {}, 'darwin')?.env).toEqual({});
  });

  const folder = mkdtempSync(join(tmpdir(), 'attest-runtime-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /**
   * The service's entry point started as `npm run service` starts it, with a preload that
   * reports each start of the process; a bad port ends it right after its imports.
   */
  function startsOf(nodeOptions: string) {
    const report = join(folder, 'report.mjs');
    writeFileSync(
      report,
      `import v8 from 'node:v8';
console.log(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, arenas: process.env.MALLOC_ARENA_MAX ?? null, limitMb: Math.round(v8.getHeapStatistics().heap_size_limit / 1048576) }));`,
    );
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name !== 'MALLOC_ARENA_MAX'),
    );
    const run = spawnSync(process.execPath, ['src/service/main.ts'], {
      env: {
        ...env,
        NODE_OPTIONS: `--import ${report} ${nodeOptions}`,
        SERVICE_PORT: 'not a port',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toMatch(/invalid environment for the service/);
    return run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('starts its entry point again, in place, with them', () => {
    const [first, second, ...more] = startsOf('');
    expect(more).toEqual([]);
    expect(first?.execArgv).not.toContain('--max-semi-space-size=4');
    expect(second?.pid).toBe(first?.pid);
    expect(second?.execArgv).toEqual(
      expect.arrayContaining(['--max-old-space-size=1024', '--max-semi-space-size=4']),
    );
    expect(second?.limitMb).toBeLessThan(1200);
    if (process.platform === 'linux') expect(second?.arenas).toBe('2');
  });

  it("keeps an operator's own heap limit", () => {
    const starts = startsOf('--max-old-space-size=2048');
    const last = starts.at(-1);
    expect(last?.execArgv).not.toContain('--max-old-space-size=1024');
    expect(last?.limitMb).toBeGreaterThan(2000);
  });
});
