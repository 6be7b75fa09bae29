import { spawn } from 'node:child_process';

// `npm test`'s first half: the type check and the lint run beside the unit tests rather than
// before them. Vitest keeps the two cores about 70% busy (its tests wait on servers, timers
// and sockets), and the checks fill that: the three together took some 30 s less than one
// after another. Vitest prints as it goes; a check's output is held, and printed after it,
// so the two do not interleave, or at once where the check failed: a type error is seen as
// early as before. Any that fails fails the run, once all three have finished (a unit test
// run cut short would leave its throwaway PostgreSQL behind).

interface Step {
  name: string;
  command: string[];
  /** Printed as it comes, rather than held until the step is done. */
  live?: boolean;
}

const STEPS: Step[] = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  { name: 'unit tests', command: ['npx', 'vitest', 'run'], live: true },
];

interface Result {
  name: string;
  ok: boolean;
  /** What a held step printed (one that failed printed it at once). */
  output?: string;
}

function run({ name, command, live }: Step): Promise<Result> {
  const [program = '', ...args] = command;
  const child = spawn(program, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
  const held: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${name}: ${error.message}`);
      resolve({ name, ok: false });
    });
    child.on('close', (code) => {
      const ok = code === 0;
      if (live) return resolve({ name, ok });
      const output = Buffer.concat(held).toString().trim();
      if (!ok) console.error(`\n${name} FAILED (the unit tests go on):\n${output}\n`);
      resolve({ name, ok, output });
    });
  });
}

const results = await Promise.all(STEPS.map(run));
for (const { name, ok, output } of results) {
  if (ok && output !== undefined) console.log(`\n${name}: passed${output ? `\n${output}` : ''}`);
}
const failed = results.filter((result) => !result.ok).map((result) => result.name);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}.`);
  process.exitCode = 1;
}
