import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium, requireChromium, thisMachine } from '../scripts/chromium.ts';

// The Chromium the e2e specs and the bench drive: the look-up that `npm run test:e2e` ran
// first (scripts/ensure-chromium.ts, which installs one when there is none), so both find the
// same browser, with the switches it needs on this machine.

export const CHROMIUM_PATH = requireChromium(thisMachine());

/**
 * A whole browser, for a spec of what the headless shell lacks (ADR 039); undefined where
 * the machine has only the shell (.ci/run installs both).
 */
export const FULL_CHROMIUM_PATH = findChromium(thisMachine(), { full: true });

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * A browser profile of its own on disk, for a spec that restarts the browser or reads what it
 * kept: `launch` opens it (again), `remove` deletes the folder.
 */
export function diskProfile(baseURL: string | undefined) {
  const dir = mkdtempSync(join(tmpdir(), 'attest-profile-'));
  return {
    dir,
    launch: () =>
      chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        ...(baseURL ? { baseURL } : {}),
      }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
