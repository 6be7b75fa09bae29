import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

// On Linux a thread has a priority of its own: the gateway's background work (drawing first
// pages, the machine's checks) gives way to its requests (ADR 028, ADR 042). Elsewhere the
// priority is the whole process's, so it is left alone. A host that refuses it gets the work
// done all the same, at the usual priority.

/** The priority (nice) of the gateway's background threads. */
export const BACKGROUND_NICE = 10;

/** The calling thread gives way to the gateway's other threads and the machine's. */
export function lowerThreadPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    setPriority(BACKGROUND_NICE);
  } catch {
    // Done all the same.
  }
}

/**
 * V8's helper threads (`V8Worker`) collect garbage for every isolate of the process, the
 * background threads' too, which allocate most: on a busy two-core host they took more CPU
 * than the gateway's own main thread, at its priority. Lowered, they help when a core is
 * free; a main thread whose helpers lag does its collection itself, at its own priority.
 * Returns how many were lowered.
 */
export function lowerGarbageHelpers(): number {
  if (process.platform !== 'linux') return 0;
  let lowered = 0;
  for (const tid of safeList('/proc/self/task')) {
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== 'V8Worker') continue;
      setPriority(Number(tid), BACKGROUND_NICE);
      lowered += 1;
    } catch {
      // Gone, or not ours to lower: left as it is.
    }
  }
  return lowered;
}

const safeList = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
