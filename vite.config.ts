import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

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
    // pdf.js in a chunk of its own: cached across app releases, fetched in parallel with the
    // lazily loaded route that needs it, and easy to tell apart from the entry.
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Not the worker's `?url` module: only its URL, which the router reads.
                { name: 'pdfjs', test: /[\\/]node_modules[\\/]pdfjs-dist[\\/][^?]*$/ },
                // The libraries every screen runs on, in one chunk: left alone, Rolldown gives
                // each part the entry shares with a lazy route a small chunk of its own, and
                // one file compresses better than six (speed target: entry JS under 150 KB gzip).
                {
                  name: 'vendor',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zod)[\\/]/,
                },
              ],
            },
          },
        },
      },
    }),
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
 * pdf-worker-port.ts as an entry of its own, loaded by index.html with `async` ahead of the
 * app's entry: a module script runs only once its whole import graph is in, and the app's is
 * a few hundred kilobytes, so on a review's page load the worker would start that much later.
 */
function earlyPdfWorker(): Plugin {
  const name = 'pdf-worker';
  const source = 'src/app/pdf/pdf-worker-port.ts';
  return {
    name: 'attest:early-pdf-worker',
    config: () => ({
      build: { rolldownOptions: { input: { index: 'index.html', [name]: source } } },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, server }) {
        const entry = Object.values(bundle ?? {}).find(
          (file) => file.type === 'chunk' && file.isEntry && file.name === name,
        );
        const src = server ? `/${source}` : entry && `/${entry.fileName}`;
        if (!src) throw new Error(`The build has no ${name} entry`);
        return [
          { tag: 'script', attrs: { type: 'module', async: true, src }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), pdfjsAssets(), earlyPdfWorker()],
  // Maps are written for debugging a build, but no script points at them; the gateway serves
  // them only with ATTEST_SOURCE_MAPS (src/gateway/static.ts).
  build: { outDir: 'dist', sourcemap: 'hidden' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
    // Two cores: integration tests each start a real HTTP server, so keep workers few.
    maxWorkers: 2,
    globalSetup: ['src/service/test-setup.ts'],
    // zod's English messages, as the service, the gateway and the forms have them.
    setupFiles: ['src/contract/zod-messages.ts'],
    testTimeout: 20_000,
  },
});
