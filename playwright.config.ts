import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.ts';

// Real Chromium from Debian's package (e2e/chromium.ts), driving the real `npm start`
// process on free ports with a throwaway data folder.

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// The config is evaluated again in every worker: choose once, pass down through the env.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_SERVICE_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'attest-e2e-'));

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node src/main.ts',
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      SERVICE_PORT: process.env.E2E_SERVICE_PORT,
      ATTEST_DATA_DIR: process.env.E2E_DATA_DIR,
      ATTEST_SKIP_BUILD: '1',
      // A build of one's own (vite build --outDir …), so parallel work never shares dist/.
      ...(process.env.E2E_DIST_DIR && { ATTEST_DIST_DIR: process.env.E2E_DIST_DIR }),
    },
  },
});
