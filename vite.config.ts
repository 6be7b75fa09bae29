import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { gatewayPostgresProjects } from './scripts/postgres-global-setup.ts';
import { chunkBudgets } from './scripts/chunk-budgets.ts';

/**
 * pdf.js in the build: a chunk of its own, and its data files served from the app's own
 * origin at /pdfjs/<dir>/<file> (the CSP allows no other): character maps, standard fonts,
 * ICC profiles and the wasm image decoders. Copied into the build, served from node_modules
 * in dev. QuickJS is left out: it is pdf.js's scripting sandbox, which the app never runs.
 */
function pdfjsAssets(): Plugin {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const dirs = ['cmaps', 'standard_fonts', 'iccs', 'wasm'];
  const files = async () => {
    const all = await Promise.all(
      dirs.map(async (dir) => (await readdir(join(root, dir))).map((name) => `${dir}/${name}`)),
    );
    return all.flat().filter((path) => !/quickjs/i.test(path));
  };
  return {
    name: 'attest:pdfjs-assets',
    async configureServer(server) {
      const known = new Set(await files());
      server.middlewares.use('/pdfjs/', (req, res, next) => {
        const path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\//, '');
        if (!known.has(path)) return next();
        res.setHeader(
          'Content-Type',
          path.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream',
        );
        createReadStream(join(root, path)).pipe(res);
      });
    },
    async generateBundle() {
      for (const path of await files()) {
        this.emitFile({
          type: 'asset',
          fileName: `pdfjs/${path}`,
          source: await readFile(join(root, path)),
        });
      }
    },
  };
}

/**
 * first-screen.ts as an entry of its own, loaded by index.html with `async` ahead of the app's
 * entry, its own imports preloaded beside it: a module script runs only once its whole import
 * graph is in, and the app's is over a hundred kilobytes, so the first screen's code, data and
 * pdf.js's worker would otherwise start that much later (ADR 017).
 */
function firstScreenEntry(): Plugin {
  const name = 'first-screen';
  const source = 'src/app/first-visit/first-screen.ts';
  return {
    name: 'attest:first-screen-entry',
    config: () => ({
      build: { rolldownOptions: { input: { index: 'index.html', [name]: source } } },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, server }) {
        if (server) {
          return [
            {
              tag: 'script',
              attrs: { type: 'module', async: true, src: `/${source}` },
              injectTo: 'head-prepend',
            },
          ];
        }
        const entry = Object.values(bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.isEntry && file.name === name,
        );
        if (entry?.type !== 'chunk') throw new Error(`The build has no ${name} entry`);
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${entry.fileName}` },
            injectTo: 'head-prepend',
          },
          ...entry.imports.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}

/**
 * What the gateway's render of a first visit's first screen (src/app/first-visit/prerender.tsx,
 * ADR 025) needs of the app's build: `server/screens.json`, the stylesheets each screen's
 * module needs, which the gateway links in the page it renders. The render itself is built for
 * Node into the same `server/` folder (which the gateway never serves) once this build is
 * done (src/build-if-needed.ts).
 */
function prerenderScreens(): Plugin {
  let root = '';
  return {
    name: 'attest:prerender-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' ? [[file.fileName, file]] : [],
        ),
      );
      const cssOf = (fileName: string, seen: Set<string>): string[] => {
        const chunk = chunks.get(fileName);
        if (!chunk || seen.has(fileName)) return [];
        seen.add(fileName);
        // Not pdf.js's stylesheet: it styles pdf.js's own pages, which no first screen has
        // (a review's shows an image of its first page), and on a slow link its 30 KB would
        // hold that first screen back.
        const own = chunk.name === 'pdfjs' ? [] : [...(chunk.viteMetadata?.importedCss ?? [])];
        return [...own, ...chunk.imports.flatMap((file) => cssOf(file, seen))];
      };
      const screens: Record<string, string[]> = {};
      for (const chunk of chunks.values()) {
        for (const id of chunk.moduleIds) {
          if (!/\.route\.tsx$/.test(id) || !id.startsWith(root)) continue;
          const module = id.slice(root.length + 1).replaceAll('\\', '/');
          screens[module] = [...new Set(cssOf(chunk.fileName, new Set()))];
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: 'server/screens.json',
        source: JSON.stringify(screens, null, 2),
      });
    },
  };
}

/**
 * The first script's modules (src/app/first-visit/first-screen.ts): no libraries, so it runs at
 * once. ui/next-paint.ts is one of them, shared with the app's own code.
 */
const FIRST_SCREEN =
  /[\\/]src[\\/](app[\\/](first-visit[\\/](page-session|first-screen|held-keys|held-clicks)|ui[\\/]next-paint)\.ts|app[\\/]features[\\/]qc[\\/](queue-request|screens)\.ts|app[\\/]pdf[\\/](pdf-worker-port|first-page)\.ts|client[\\/](early-responses|url|qc-paths)\.ts|contract[\\/]page-session\.ts)$|vite[\\/]preload-helper/;
/** Shared modules that load on first use (main.tsx, layout.tsx, the features' dialogs). */
const ON_FIRST_USE = /[\\/]src[\\/]app[\\/](ui[\\/](toaster|dialog)|shell[\\/]menu-drawer)\.tsx$/;
/** The modules of src/app/pdf that screens import statically (the rest come with pdf.js). */
const PDF_SLOT =
  /[\\/]src[\\/]app[\\/]pdf[\\/](lazy-pdf-preview\.tsx|first-page-image\.tsx|pdf-standby\.ts|regions[\\/]region-(channel|geometry)\.ts)$/;
/**
 * What the processes give the other QC screens (their index: the settings' query), with the
 * queue's chunk, which those screens load anyway: not the processes' screens and dialogs.
 */
const PROCESSES_SHARED = /[\\/]features[\\/]qc[\\/]processes[\\/](index|settings\.queries)\.ts$/;
/**
 * The feature a module belongs to: `qc` for features/qc/…; the review (which brings pdf.js)
 * and the processes (which bring the dialogs) apart from the queue.
 */
const FEATURE =
  /[\\/]src[\\/]app[\\/]features[\\/]([^\\/]+)[\\/](?:(review|processes|team|second-review)[\\/])?/;

/**
 * Few chunks, each a unit that loads together (ADR 017): over HTTP/1.1 a browser opens six
 * connections to a host, so on a slow link every wave of small files beyond six costs a
 * round trip. Left alone, Rolldown gives each module shared by two lazy routes a chunk of its
 * own: the queue's first screen came in 27 files.
 */
const CODE_SPLITTING = {
  groups: [
    // pdf.js: cached across app releases, fetched beside the review's code. Not the
    // worker's `?url` module: only its URL, which the first script reads.
    { name: 'pdfjs', test: /[\\/]node_modules[\\/]pdfjs-dist[\\/][^?]*$/, priority: 7 },
    { name: 'first-screen-lib', test: FIRST_SCREEN, priority: 6 },
    // The libraries every screen runs on.
    {
      name: 'vendor',
      test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zod)[\\/]/,
      priority: 5,
    },
    // What the screens that show a document share of src/app/pdf without pdf.js (the slot that
    // loads it, the gateway's image, the regions' channel): a chunk of its own, or the bundler
    // puts it in one of those screens' chunks and the others load that whole feature with it.
    { name: 'pdf-slot', test: PDF_SLOT, priority: 3 },
    // Radix's dialog, for the screens that open one and the phone's menu.
    { name: 'dialog', test: /[\\/]src[\\/]app[\\/]ui[\\/]dialog\.tsx$/, priority: 3 },
    // What every screen shares: the client, the contract and the shared helpers, the shell and
    // the ui primitives.
    // Not the pieces loaded on first use, which bring Radix with them: the toaster, the
    // dialogs and the phone's menu drawer.
    {
      name: 'app',
      test: (id: string) =>
        /[\\/]src[\\/](client|contract|shared|app)[\\/]/.test(id) &&
        !/[\\/]src[\\/]app[\\/](features|pdf)[\\/]/.test(id) &&
        !ON_FIRST_USE.test(id) &&
        // The entry stays the entry: in a shared chunk, its start-up would run whenever
        // anything imported that chunk (the first script's import of the queue, say).
        !/[\\/]src[\\/]app[\\/]main\.tsx$/.test(id),
      priority: 4,
    },
    // A feature's screens, which load together, but for the heavy parts of QC.
    {
      // The chunks' names come from the function; this one names the group in the bundler's
      // reports.
      debugName: 'feature',
      name: (id: string) => {
        if (PROCESSES_SHARED.test(id)) return 'qc';
        const [, feature = 'feature', part] = FEATURE.exec(id) ?? [];
        return part ? `${feature}-${part}` : feature;
      },
      test: FEATURE,
      priority: 1,
    },
  ],
};

/**
 * How large a script of the build may be before the build warns, in kB minified. pdf.js is
 * large by nature, loads only where a document shows, and is cached across app releases: its
 * library (some 610 kB) and its worker (some 1,270 kB) have room for a pdf.js upgrade, and
 * warn past it. Every other chunk, the app's own code and its libraries (the largest is
 * `vendor`, React and the router, some 400 kB), warns past Vite's default of 500 kB: a chunk
 * that grows past it is worth a look before it reaches a person on a slow link (ADR 017).
 * scripts/build.test.ts fails on any warning the build prints, so a budget passed is seen,
 * and decided.
 */
const CHUNK_BUDGETS = { pdfjs: 800, 'pdf.worker.min.mjs': 1600 };
const CHUNK_BUDGET = 500;

export default defineConfig({
  plugins: [
    react(),
    pdfjsAssets(),
    firstScreenEntry(),
    prerenderScreens(),
    chunkBudgets(CHUNK_BUDGETS, CHUNK_BUDGET),
  ],
  // Maps are written for debugging a build, but no script points at them; the gateway serves
  // them only with ATTEST_SOURCE_MAPS (src/gateway/http/static.ts).
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    rolldownOptions: {
      output: { codeSplitting: CODE_SPLITTING },
      // Rolldown warns when its plugins took most of a build's time: on a busy machine (the
      // test suite's, a first start beside other work) that says the machine was busy, not
      // that a plugin is slow, and a newcomer reads it as something broken (scripts/build.test.ts).
      checks: { bundlerTimings: false },
    },
  },
  test: {
    // Two cores: integration tests each start a real HTTP server, so keep workers few. Set
    // here, it bounds all projects together.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph, rather than importing
    // the service, the gateway and their libraries afresh for each of 240 files: that took
    // more of a run than the tests did (4 min 10 s isolated, 1 min 36 s not). Tests leave
    // nothing behind that another could see: globals stubbed are unstubbed, servers and
    // databases are their own, and the files pass in any order (--sequence.shuffle.files).
    isolate: false,
    // The root's global setup runs once per run, whichever projects run.
    globalSetup: ['src/service/testing/setup.ts'],
    // zod's English messages, as the service, the gateway and the forms have them.
    setupFiles: ['src/shared/zod-messages.ts'],
    testTimeout: 20_000,
    // Hooks start the services, gateways and databases the tests run against: a few seconds
    // each on a quiet machine, over ten beside two busy loops.
    hookTimeout: 60_000,
    // Each project extends the options above (Vitest 5's default for inline projects).
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
        },
      },
      ...gatewayPostgresProjects(),
    ],
  },
});
