import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ensureChromium, findChromium, requireChromium, type Installer } from './chromium.ts';

const PLAYWRIGHT = '/home/me/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

interface Options {
  files?: string[];
  env?: Installer['env'];
  debianRoot?: boolean;
  /** Per command line: whether it succeeds, or the executable it puts on disk. */
  installs?: Record<string, boolean | string>;
}

/** A machine with these executables, recording what is run on it and what it says. */
function machine({ files = [], env = {}, debianRoot = false, installs = {} }: Options = {}) {
  const disk = new Set(files);
  const ran: string[] = [];
  const said: string[] = [];
  const installer: Installer = {
    env: { PATH: '/usr/local/bin:/usr/bin', ...env },
    isExecutable: (path) => disk.has(path),
    playwrightPath: () => PLAYWRIGHT,
    run(command, args, extra = {}) {
      const line = [...Object.entries(extra).map(([k, v]) => `${k}=${v}`), command, ...args];
      ran.push(line.join(' '));
      const result = installs[line.join(' ')] ?? false;
      if (typeof result === 'string') disk.add(result);
      return result !== false;
    },
    say: (line) => said.push(line),
    debianRoot,
  };
  return { installer, ran, said };
}

const PW_INSTALL = 'npx playwright install chromium';
const APT_INSTALL = 'DEBIAN_FRONTEND=noninteractive apt-get install -y chromium-headless-shell';
const SHELL = '/usr/bin/chromium-headless-shell';

describe('findChromium: the order of preference', () => {
  it('takes CHROMIUM_PATH over everything else', () => {
    const { installer } = machine({
      files: ['/opt/chrome/chrome', '/usr/bin/chromium', PLAYWRIGHT],
      env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
    });
    expect(findChromium(installer)).toBe('/opt/chrome/chrome');
  });

  it('fails clearly on a CHROMIUM_PATH that is not there, even with another Chromium about', () => {
    const { installer } = machine({
      files: ['/usr/bin/chromium'],
      env: { CHROMIUM_PATH: '/nonexistent' },
    });
    expect(() => findChromium(installer)).toThrow(
      'CHROMIUM_PATH is /nonexistent, which is not an executable file',
    );
  });

  it('then the system: chromium, chromium-browser, google-chrome on PATH, in PATH order', () => {
    const all = [
      '/usr/bin/google-chrome',
      '/usr/local/bin/chromium-browser',
      '/usr/bin/chromium-browser',
      PLAYWRIGHT,
    ];
    expect(findChromium(machine({ files: all }).installer)).toBe('/usr/local/bin/chromium-browser');
    expect(findChromium(machine({ files: [...all, '/usr/bin/chromium'] }).installer)).toBe(
      '/usr/bin/chromium',
    );
    expect(findChromium(machine({ files: ['/usr/bin/google-chrome', PLAYWRIGHT] }).installer)).toBe(
      '/usr/bin/google-chrome',
    );
  });

  it('takes a headless shell over a full browser, on PATH or where Debian puts it', () => {
    const full = ['/usr/local/bin/chromium', '/usr/bin/chromium', '/usr/bin/google-chrome'];
    expect(findChromium(machine({ files: [...full, SHELL] }).installer)).toBe(SHELL);
    const noPath = machine({ files: [...full, SHELL], env: { PATH: '' } }).installer;
    expect(findChromium(noPath)).toBe(SHELL);
    const local = '/usr/local/bin/chromium-headless-shell';
    expect(findChromium(machine({ files: [SHELL, local] }).installer)).toBe(local);
  });

  it('finds a whole browser when asked for one, past a headless shell and a CHROMIUM_PATH naming one', () => {
    const files = [SHELL, '/usr/bin/chromium', PLAYWRIGHT];
    expect(findChromium(machine({ files }).installer, { full: true })).toBe('/usr/bin/chromium');
    const named = machine({ files, env: { CHROMIUM_PATH: SHELL } }).installer;
    expect(findChromium(named)).toBe(SHELL);
    expect(findChromium(named, { full: true })).toBe('/usr/bin/chromium');
    expect(findChromium(machine({ files: [SHELL] }).installer, { full: true })).toBeUndefined();
  });

  it('looks at /usr/bin/chromium when PATH does not have it', () => {
    const { installer } = machine({ files: ['/usr/bin/chromium', PLAYWRIGHT], env: { PATH: '' } });
    expect(findChromium(installer)).toBe('/usr/bin/chromium');
  });

  it("then Playwright's own Chromium, only when it is installed", () => {
    expect(findChromium(machine({ files: [PLAYWRIGHT] }).installer)).toBe(PLAYWRIGHT);
    expect(findChromium(machine().installer)).toBeUndefined();
  });

  it('tells code that only looks how to get one', () => {
    expect(() => requireChromium(machine().installer)).toThrow(
      /No Chromium .* Run node scripts\/ensure-chromium\.ts .* CHROMIUM_PATH=/,
    );
  });
});

describe('ensureChromium: installing one when there is none', () => {
  it('installs nothing when a Chromium is there', () => {
    const { installer, ran, said } = machine({ files: ['/usr/bin/chromium'], debianRoot: true });
    expect(ensureChromium(installer)).toBe('/usr/bin/chromium');
    expect(ran).toEqual([]);
    expect(said).toEqual([]);
  });

  it('installs nothing when CHROMIUM_PATH is wrong: the person meant a particular browser', () => {
    const { installer, ran } = machine({
      env: { CHROMIUM_PATH: '/nonexistent' },
      debianRoot: true,
    });
    expect(() => ensureChromium(installer)).toThrow('CHROMIUM_PATH is /nonexistent');
    expect(ran).toEqual([]);
  });

  it("uses Playwright's installer where it can download, and says so", () => {
    const { installer, ran, said } = machine({
      debianRoot: true,
      installs: { [PW_INSTALL]: PLAYWRIGHT },
    });
    expect(ensureChromium(installer)).toBe(PLAYWRIGHT);
    expect(ran).toEqual([PW_INSTALL]);
    expect(said).toEqual([
      expect.stringMatching(/^No Chromium for the end-to-end tests .* npx playwright install/),
    ]);
  });

  it("falls back to Debian's package as root on Debian when the download fails", () => {
    const { installer, ran, said } = machine({
      debianRoot: true,
      installs: { [PW_INSTALL]: false, 'apt-get update': true, [APT_INSTALL]: SHELL },
    });
    expect(ensureChromium(installer)).toBe(SHELL);
    expect(ran).toEqual([PW_INSTALL, 'apt-get update', APT_INSTALL]);
    expect(said[1]).toMatch(/download failed; installing Debian's package .* apt-get install/);
  });

  it('does not try apt-get when not root on Debian, and says what to install', () => {
    const { installer, ran } = machine({ installs: { [PW_INSTALL]: false } });
    expect(() => ensureChromium(installer)).toThrow(
      /^Could not install a Chromium: Playwright's download \(npx playwright install chromium\) failed\. Install Chromium .*sudo apt-get install chromium-headless-shell.* CHROMIUM_PATH=\/path\/to\/chrome npm test$/,
    );
    expect(ran).toEqual([PW_INSTALL]);
  });

  it('stops with one paragraph when both installers fail', () => {
    const { installer, ran } = machine({
      debianRoot: true,
      installs: { [PW_INSTALL]: false, 'apt-get update': false },
    });
    expect(() => ensureChromium(installer)).toThrow(
      /and Debian's package \(apt-get install chromium-headless-shell\) both failed\. Install Chromium/,
    );
    expect(ran).toEqual([PW_INSTALL, 'apt-get update']);
  });
});

describe('scripts/ensure-chromium.ts, run for real', () => {
  const run = promisify(execFile);
  const script = (env: Record<string, string>) =>
    run(process.execPath, ['scripts/ensure-chromium.ts'], { env: { ...process.env, ...env } });

  it('prints CHROMIUM_PATH when it names an executable, and installs nothing', async () => {
    const { stdout, stderr } = await script({ CHROMIUM_PATH: process.execPath });
    expect(stdout).toBe(`${process.execPath}\n`);
    expect(stderr).toBe('');
  });

  it('exits 1 with the message when CHROMIUM_PATH names nothing', async () => {
    const failed = await script({ CHROMIUM_PATH: '/nonexistent' }).catch((error: unknown) => error);
    expect(failed).toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringContaining('CHROMIUM_PATH is /nonexistent, which is not an executable'),
    });
  });
});
