import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Each test run keeps its data folders (the seeded snapshot, every test service's copy, 7 MB
// each) in one folder of its own, named for the process that runs it. A run that is
// interrupted never reaches its teardown: the next run removes what such runs left behind.

const RUN_FOLDER = /^attest-run-(\d+)-/;

/** Whether process `pid` is still running (one of another user's counts: it exists). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the run folders in `parent` whose process has gone; returns their names. */
export function removeAbandonedRuns(parent = tmpdir()): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(parent)) {
    const pid = Number(RUN_FOLDER.exec(name)?.[1]);
    if (!pid || isRunning(pid)) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** A folder for this run's data, named for this process. */
export function runFolder(parent = tmpdir()): string {
  return mkdtempSync(join(parent, `attest-run-${process.pid}-`));
}
