import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { precompress } from '../scripts/precompress.ts';

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
  const inside = relative(root, distDir);
  const folder = inside && !inside.startsWith('..') ? `${inside}/` : distDir;
  const started = Date.now();
  // One line while it builds (the first time takes a minute on a slow machine), finished
  // when it is done: the bundler itself prints nothing (scripts/build.test.ts).
  process.stdout.write(`building the app into ${folder} (missing or older than its sources) ...`);
  try {
    await buildApp(root, distDir);
  } catch (error) {
    // What went wrong goes on a line of its own.
    console.log('');
    throw error;
  }
  console.log(` done in ${Math.round((Date.now() - started) / 1000)} s`);
}

/**
 * The app's build, as `npm start` makes it: `npm run build` and the e2e run build this way too
 * (scripts/build.ts), so the specs drive the build a newcomer's start serves. The bundler
 * bundles; what follows from its output (the first screen's render for Node, the compressed
 * copies) runs once it is done, side by side, rather than in its callbacks, where the bundler
 * would time them and report them as plugins that slow it down.
 */
export async function buildApp(root: string, distDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
  await Promise.all([
    buildPrerender(root, join(distDir, 'server')),
    // Not of `server/`: the gateway never serves it.
    precompress(distDir, {
      skip: ['server'],
      cacheDir: join(root, 'node_modules', '.cache', 'attest-precompress'),
    }),
  ]);
}

/**
 * The gateway's render of a first visit's first screen (src/app/first-visit/prerender.tsx,
 * ADR 025), built for Node into `serverDir`, beside the `screens.json` the app's build wrote
 * there (vite.config.ts).
 */
async function buildPrerender(root: string, serverDir: string): Promise<void> {
  const [{ build }, { default: react }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
  ]);
  // The react plugin picks its JSX runtime from NODE_ENV as the build starts: a build
  // started from code may find it unset or 'development' (postcss's config loader sets it
  // so), and its jsxDEV calls would meet React's production build, which the define below
  // selects: every first screen would fail to render.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      plugins: [react()],
      // Self-contained, so that a build outside the repo (the e2e specs' own) runs as well.
      ssr: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        ssr: 'src/app/first-visit/prerender.tsx',
        outDir: serverDir,
        // The app's build emptied the folder, and wrote screens.json into it.
        emptyOutDir: false,
        copyPublicDir: false,
        rolldownOptions: {
          output: { entryFileNames: 'prerender.js' },
          // One file for Node: the app's lazy screens are imported as they are. No timings
          // either (vite.config.ts says why).
          checks: { ineffectiveDynamicImport: false, bundlerTimings: false },
        },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
