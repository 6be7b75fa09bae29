import { execFile, execFileSync } from 'node:child_process';
import {
  accessSync,
  appendFileSync,
  chownSync,
  constants,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

/**
 * A throwaway PostgreSQL cluster for tests (ADR 023): the machine's own `initdb` and
 * `pg_ctl` into a temporary folder, a free port on 127.0.0.1, removed afterwards. Used by
 * Vitest's global setup and by Playwright specs, so it imports nothing of either.
 */

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust auth: no password). */
  url: string;
  stop(): Promise<void>;
}

/** How to run the binaries: directly, or as a non-root user when we are root. */
interface Runner {
  bin: string;
  /** Set when we are root: initdb refuses root, so the server runs as this user. */
  user?: { name: string; uid: number; gid: number; wrap: string[] };
}

const SETTINGS = [
  // A throwaway cluster: nothing here needs to survive a crash.
  'fsync = off',
  'synchronous_commit = off',
  'full_page_writes = off',
  // Every test gateway opens a pool of its own, side by side: the default 100 runs short.
  'max_connections = 200',
  "listen_addresses = '127.0.0.1'",
];

export function findPostgres(): { bin: string } | { missing: string } {
  const found = locate();
  return 'missing' in found ? found : { bin: found.bin };
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const runner = locate();
  if ('missing' in runner) throw new Error(`Cannot start PostgreSQL: ${runner.missing}`);
  const dir = mkdtempSync(join(tmpdir(), 'attest-pg-'));
  const data = join(dir, 'data');
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stopNow);
    // Synchronous on purpose: it also runs from the 'exit' hook, where nothing async does.
    try {
      execFileSync(...command(runner, 'pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']), {
        cwd: dir,
        stdio: 'ignore',
      });
    } catch {
      // Not running (a failed start, or already gone): the folder still goes.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.on('exit', stopNow);
  try {
    if (runner.user) chownSync(dir, runner.user.uid, runner.user.gid);
    await run(runner, dir, 'initdb', [
      ...['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C'],
      ...['--no-sync', '--no-instructions'],
    ]);
    const socketDir = `unix_socket_directories = '${dir.replaceAll("'", "''")}'`;
    appendFileSync(join(data, 'postgresql.conf'), `\n${[...SETTINGS, socketDir].join('\n')}\n`);
    const port = await startOnFreePort(runner, dir, data);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: async () => stopNow(),
    };
  } catch (error) {
    stopNow();
    throw error;
  }
}

/** A free port can be taken between finding and binding it: try another a few times. */
async function startOnFreePort(runner: Runner, dir: string, data: string): Promise<number> {
  const log = join(dir, 'server.log');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    // The last `port` line in the file wins.
    appendFileSync(join(data, 'postgresql.conf'), `port = ${port}\n`);
    try {
      await run(runner, dir, 'pg_ctl', ['start', '-D', data, '-l', log, '-w', '-t', '30']);
      return port;
    } catch (error) {
      const serverLog = tail(readText(log));
      if (attempt < 3 && /already in use/i.test(serverLog)) continue;
      throw new Error(`${(error as Error).message}\nserver log:\n${serverLog}`, { cause: error });
    }
  }
}

function locate(): Runner | { missing: string } {
  const bin = binDirs().find((dir) => isExecutable(join(dir, 'initdb')));
  if (!bin || !isExecutable(join(bin, 'pg_ctl'))) {
    return {
      missing:
        'no initdb/pg_ctl found (set ATTEST_PG_BIN, or install PostgreSQL: apt-get install postgresql)',
    };
  }
  // Symlinks (/usr/local/bin/initdb) resolved, so pg_ctl finds `postgres` beside it.
  const real = dirname(realpathSync(join(bin, 'initdb')));
  if (process.getuid?.() !== 0) return { bin: real };
  const user = ['postgres', 'nobody'].map(account).find((found) => found !== undefined);
  if (!user) return { missing: 'running as root and no postgres or nobody user to run it as' };
  const runuser = findTool('runuser');
  const setpriv = findTool('setpriv');
  const wrap = runuser
    ? [runuser, '-u', user.name, '--']
    : setpriv
      ? [setpriv, `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--']
      : undefined;
  if (!wrap) return { missing: 'running as root and neither runuser nor setpriv to drop it' };
  return { bin: real, user: { ...user, wrap } };
}

/** ATTEST_PG_BIN, then PATH, then the newest Debian install. */
function binDirs(): string[] {
  const debian = readDirNames('/usr/lib/postgresql')
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => `/usr/lib/postgresql/${version}/bin`);
  const path = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  return [process.env.ATTEST_PG_BIN ?? '', ...path, ...debian].filter(Boolean);
}

function account(name: string) {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }));
    return { name, uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

function command(runner: Runner, tool: string, args: string[]): [string, string[]] {
  const [file, ...rest] = [...(runner.user?.wrap ?? []), join(runner.bin, tool), ...args];
  return [file!, rest];
}

function run(runner: Runner, cwd: string, tool: string, args: string[]): Promise<void> {
  const [file, rest] = command(runner, tool, args);
  return new Promise((resolve, reject) => {
    // cwd: the run-as user may not be allowed into ours.
    execFile(file, rest, { cwd, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (!error) return resolve();
      const line = [file, ...rest].join(' ');
      const output = tail(`${stderr}\n${stdout}`);
      reject(new Error(`PostgreSQL's ${tool} failed (exit ${error.code}): ${line}\n${output}`));
    });
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function tail(text: string, lines = 15) {
  return text.trim().split('\n').slice(-lines).join('\n');
}

function readText(path: string) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function readDirNames(path: string) {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

function isExecutable(path: string) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** On PATH, or in the sbin folders a non-login root shell may not have on it. */
function findTool(tool: string) {
  const path = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  return [...path, '/usr/sbin', '/usr/bin', '/sbin', '/bin']
    .map((dir) => join(dir, tool))
    .find(isExecutable);
}
