import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import react from '@vitejs/plugin-react';
import { Hono } from 'hono';
import { build } from 'vite';
import { precompress } from '../../scripts/precompress.ts';
import { staticRoutes } from '../../src/gateway/http/static.ts';

/**
 * Builds the bare React baselines and serves them the way the gateway serves the console (the
 * same static routes, so the same headers and encodings): the list (main.tsx, at /) with its
 * 50 rows from memory at /api/rows, and the pdf.js page (pdf.tsx, at /pdf.html) with `pdf`,
 * the review's own document, at /doc.pdf.
 */
export async function startBaseline(pdf?: Uint8Array) {
  const outDir = mkdtempSync(join(tmpdir(), 'attest-baseline-'));
  await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: {
        input: {
          main: join(import.meta.dirname, 'index.html'),
          pdf: join(import.meta.dirname, 'pdf.html'),
        },
      },
    },
  });
  await precompress(outDir);
  const rows = Array.from({ length: 50 }, (_, i) => ({
    id: `row-${i + 1}`,
    documentName: `Deed of trust ${i + 1}.pdf`,
    firmName: ['Acme Title', 'Globex Escrow', 'Initech Closing'][i % 3],
    submittedOn: new Date(Date.UTC(2026, 10, 1, 9, i)).toISOString(),
  }));
  const app = new Hono();
  app.get('/api/rows', (c) => c.json({ rows }));
  app.get('/doc.pdf', (c) =>
    pdf ? c.body(pdf.slice().buffer, 200, { 'content-type': 'application/pdf' }) : c.notFound(),
  );
  app.route('/', staticRoutes(outDir));
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
