import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ChromiumError, ensureChromium, thisMachine } from './chromium.ts';

// `npm run test:e2e` runs this first: it prints the Chromium the specs will drive, installing
// one when the machine has none. Installers write to stderr so stdout is only the path.

try {
  const path = ensureChromium({
    ...thisMachine(),
    run(command, args, env) {
      const { status } = spawnSync(command, args, {
        stdio: ['inherit', 2, 2],
        env: { ...process.env, ...env },
      });
      return status === 0;
    },
    say: (line) => console.error(line),
    debianRoot: existsSync('/etc/debian_version') && process.getuid?.() === 0,
  });
  console.log(path);
} catch (error) {
  if (!(error instanceof ChromiumError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
