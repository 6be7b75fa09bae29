import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { chromium } from '@playwright/test';

// Which Chromium the end-to-end specs and the bench drive, and how the test command gets one
// on a machine that has none (the README's two commands are all a newcomer runs).
// The machine is passed in, so the order of preference and the messages are tested without
// installing anything.

export interface Lookup {
  env: { CHROMIUM_PATH?: string; PATH?: string };
  isExecutable: (path: string) => boolean;
  /** Where Playwright's own Chromium is, or would be once installed. */
  playwrightPath: () => string | undefined;
}

export interface Installer extends Lookup {
  /** Runs a command in the foreground; true when it exits 0. */
  run: (command: string, args: string[], env?: Record<string, string>) => boolean;
  /** Tells the person at the terminal what is happening. */
  say: (line: string) => void;
  /** Root on Debian or Ubuntu, so Debian's package may be installed. */
  debianRoot: boolean;
}

export class ChromiumError extends Error {
  override name = 'ChromiumError';
  code: 'bad-chromium-path' | 'not-found';
  constructor(code: ChromiumError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

// The headless shell first: the e2e specs and the bench never show a window, and a full
// browser run headless did the same work in half as much time again on this project's
// two-core machines (its compositor and browser process cost every test; ADR 039).
const HEADLESS_SHELL = 'chromium-headless-shell';
const COMMANDS = [HEADLESS_SHELL, 'chromium', 'chromium-browser', 'google-chrome'];
const DEBIAN_PACKAGE = HEADLESS_SHELL;
const DEBIAN_CHROMIUM = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const PLAYWRIGHT_INSTALL = ['playwright', 'install', 'chromium'];
const WHERE_LOOKED = `${COMMANDS.join(', ')} on PATH, ${DEBIAN_CHROMIUM.join(', ')} and Playwright's own Chromium`;

/**
 * CHROMIUM_PATH, else the system's Chromium, else Playwright's; undefined when none is there.
 * With `full`, a whole browser only: a spec of what the headless shell lacks (the back-forward
 * cache) asks for one, and a CHROMIUM_PATH naming a shell does not answer it.
 */
export function findChromium(
  { env, isExecutable, playwrightPath }: Lookup,
  { full = false } = {},
): string | undefined {
  const isShell = (path: string) => path.endsWith(HEADLESS_SHELL);
  if (env.CHROMIUM_PATH && !(full && isShell(env.CHROMIUM_PATH))) {
    if (isExecutable(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
    throw new ChromiumError(
      'bad-chromium-path',
      `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which is not an executable file. Point it at a ` +
        'Chromium or Chrome binary, or unset it to let the tests find or install one.',
    );
  }
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  const system = [
    ...COMMANDS.flatMap((name) => dirs.map((dir) => join(dir, name))),
    ...DEBIAN_CHROMIUM,
  ];
  const playwright = playwrightPath();
  return [...system, ...(playwright ? [playwright] : [])]
    .filter((path) => !(full && isShell(path)))
    .find((path) => isExecutable(path));
}

/** Finds a Chromium or installs one the ordinary way for the machine, saying what it does. */
export function ensureChromium(machine: Installer): string {
  const found = findChromium(machine);
  if (found) return found;
  machine.say(
    `No Chromium for the end-to-end tests (looked for ${WHERE_LOOKED}). ` +
      `Installing Playwright's: npx ${PLAYWRIGHT_INSTALL.join(' ')}`,
  );
  if (machine.run('npx', PLAYWRIGHT_INSTALL)) {
    const installed = findChromium(machine);
    if (installed) return installed;
  }
  if (machine.debianRoot) {
    machine.say(
      "Playwright's download failed; installing Debian's package instead: " +
        `apt-get update, then apt-get install -y ${DEBIAN_PACKAGE}`,
    );
    const installed =
      machine.run('apt-get', ['update']) &&
      machine.run('apt-get', ['install', '-y', DEBIAN_PACKAGE], {
        DEBIAN_FRONTEND: 'noninteractive',
      })
        ? findChromium(machine)
        : undefined;
    if (installed) return installed;
  }
  const failed = machine.debianRoot
    ? `Playwright's download (npx ${PLAYWRIGHT_INSTALL.join(' ')}) and Debian's package (apt-get install ${DEBIAN_PACKAGE}) both failed.`
    : `Playwright's download (npx ${PLAYWRIGHT_INSTALL.join(' ')}) failed.`;
  throw new ChromiumError('not-found', `Could not install a Chromium: ${failed} ${HOW_TO}`);
}

const HOW_TO =
  `Install Chromium or Google Chrome yourself (on Debian: sudo apt-get install ${DEBIAN_PACKAGE}, ` +
  'or chromium; elsewhere: npx playwright install chromium, on a network that reaches ' +
  `Playwright's downloads), then run npm test again. The tests look for ${WHERE_LOOKED}; ` +
  'if yours is elsewhere, point CHROMIUM_PATH at it: CHROMIUM_PATH=/path/to/chrome npm test';

/** For code that only looks (the Playwright config, the bench): the same answer, or why not. */
export function requireChromium(lookup: Lookup): string {
  const found = findChromium(lookup);
  if (found) return found;
  throw new ChromiumError(
    'not-found',
    `No Chromium (looked for ${WHERE_LOOKED}). Run node scripts/ensure-chromium.ts to install ` +
      'one (npm test does it first), or point CHROMIUM_PATH at yours: CHROMIUM_PATH=/path/to/chrome',
  );
}

/** This machine, as the look-up sees it. */
export function thisMachine(): Lookup {
  return {
    env: process.env,
    isExecutable(path) {
      try {
        accessSync(path, constants.X_OK);
        return statSync(path).isFile();
      } catch {
        return false;
      }
    },
    playwrightPath() {
      try {
        return chromium.executablePath();
      } catch {
        return undefined;
      }
    },
  };
}
