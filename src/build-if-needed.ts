import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// `npm start` serves the built app; it builds it first when dist/ is missing or older than
// the app's sources, so a fresh clone needs nothing but `npm install && npm start`.

const SOURCES = [
  'index.html',
  'public',
  'src/app',
  'src/client',
  'src/contract',
  'vite.config.ts',
  'package.json',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (max, name) => Math.max(max, newest(join(path, name))),
    stat.mtimeMs,
  );
}

export function needsBuild(root: string, distDir: string): boolean {
  const built = join(distDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newest(join(root, source)) > builtAt);
}

export async function buildIfNeeded(root: string, distDir: string): Promise<void> {
  if (!needsBuild(root, distDir)) return;
  console.log('building the app (dist/ is missing or older than its sources) ...');
  await buildApp(root, distDir);
}

/**
 * The app's build, as `npm start` makes it: `npm run build` and the e2e run build this way too
 * (scripts/build.ts), so the specs drive the build a newcomer's start serves.
 */
export async function buildApp(root: string, distDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
}
