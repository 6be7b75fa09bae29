import { closeSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

// The specs share one queue and run side by side, each as people of the same small team: a
// request one test means to decide must not be decided by another meanwhile. Picking by place
// in the queue is not enough (the places move as the queue is worked), so each test claims the
// requests it takes. A claim is a file named for the request in the run's own folder
// (playwright.config.ts), made only if it is not there yet: one test wins it, in any worker.
// Claims are per deployment (the project's address): the strict project's service has the
// same seeded ids as the sandbox's, and the sandbox's claims are nothing to it.

/** The run's claims folder for this test's deployment. */
function claimsDir(): string {
  const root = process.env.E2E_CLAIMS_DIR;
  if (!root) throw new Error('E2E_CLAIMS_DIR is set by playwright.config.ts');
  const dir = join(root, new URL(test.info().project.use.baseURL ?? 'http://default').host);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Whether this test now has request `id` to itself: false when another test claimed it. */
export function claim(id: string): boolean {
  try {
    closeSync(openSync(join(claimsDir(), id), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Whether this test now has both requests to itself. All or nothing: when the second is
 * another test's, the first is given back, so that a test walking a list for a free pair
 * does not use up every request it tried.
 */
export function claimBoth(first: string, second: string): boolean {
  if (!claim(first)) return false;
  if (claim(second)) return true;
  rmSync(join(claimsDir(), first));
  return false;
}

/** The first `count` of `candidates`, in order, that no other test has claimed: now this test's. */
export function claimFirst<T extends { id: string }>(candidates: readonly T[], count: number): T[] {
  const mine: T[] = [];
  for (const candidate of candidates) {
    if (mine.length === count) break;
    if (claim(candidate.id)) mine.push(candidate);
  }
  expect(mine, 'enough pending requests no other test has taken').toHaveLength(count);
  return mine;
}

/** The first of `candidates` no other test has claimed: now this test's. */
export function claimOne<T extends { id: string }>(candidates: readonly T[]): T {
  const [mine] = claimFirst(candidates, 1);
  if (!mine) throw new Error('unreachable: claimFirst asserts the count');
  return mine;
}
