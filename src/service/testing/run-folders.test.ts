import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeAbandonedRuns, runFolder } from './run-folders.ts';

describe('test run folders', () => {
  const parent = mkdtempSync(join(tmpdir(), 'attest-run-folders-'));
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('removes the folders of runs whose process has gone, and only those', () => {
    // A process that has run and exited: its pid names no running process.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const abandoned = join(parent, `attest-run-${gone}-abc`);
    mkdirSync(join(abandoned, 'attest-test-x'), { recursive: true });
    writeFileSync(join(abandoned, 'attest-test-x', 'store.db'), 'data');
    const ours = runFolder(parent);
    const other = join(parent, 'attest-snapshot-kept');
    mkdirSync(other);

    expect(removeAbandonedRuns(parent)).toEqual([`attest-run-${gone}-abc`]);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(ours)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });
});
