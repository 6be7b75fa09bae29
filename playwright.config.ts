import { freePort } from './e2e/free-port.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.ts';
import { STRICT_PROFILE } from './src/service/profile.ts';

// Real Chromium (the one e2e/chromium.ts finds), driving the real `npm start`
// process on free ports with a throwaway data folder.

// The config is evaluated again in every worker: choose once, pass down through the env.
// The run's own throwaway folders are made once, by the runner, which removes them as it
// exits (a run leaves no data behind in the system's temp folder); a worker inherits them.
const madeHere: string[] = [];
const throwaway = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  madeHere.push(dir);
  return dir;
};
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_SERVICE_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= throwaway('attest-e2e-');
// The sandbox console's mail server (e2e/smtp-sink.ts): findings are e-mailed for real.
process.env.E2E_SMTP_PORT ??= String(await freePort());

// The strict project (ADR 016): a spec-strict reference service with its storage on a port
// of its own, and a gateway set up for it only through the settings a real deployment uses.
process.env.E2E_STRICT_PORT ??= String(await freePort());
process.env.E2E_STRICT_SERVICE_PORT ??= String(await freePort());
process.env.E2E_STRICT_STORAGE_PORT ??= String(await freePort());
process.env.E2E_STRICT_DATA_DIR ??= throwaway('attest-e2e-strict-');
// By then Playwright has stopped the servers that wrote into them.
process.on('exit', () => {
  for (const dir of madeHere) rmSync(dir, { recursive: true, force: true });
});
process.env.E2E_STRICT_WEBHOOK_SECRET ??= `whsec_${randomBytes(24).toString('base64')}`;

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const strictURL = `http://127.0.0.1:${process.env.E2E_STRICT_PORT}`;
const strictService = `http://127.0.0.1:${process.env.E2E_STRICT_SERVICE_PORT}`;
const dist = process.env.E2E_DIST_DIR && { ATTEST_DIST_DIR: process.env.E2E_DIST_DIR };
/** The core flows, run against both: the sandbox and the strict service. */
const CORE_FLOWS = /core-flows\.spec\.ts$/;
/** Two gateway processes of its own on one PostgreSQL (ADR 023), beside the shared ones. */
const MULTI_PROCESS = /two-gateways\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  // Two cores shared by three workers, three servers and Chromium: a busy CI machine runs a
  // screenshot-heavy test at twice its idle time. No test times anything with this. A test
  // waits on its servers and its browser as much as it computes: three workers ran the suite
  // in 12 minutes where two took 19 on this two-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 3,
  retries: 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL,
    // A trace costs every test: its film strip (a screencast of every paint) took a third of
    // the run's time on two cores, its DOM snapshots a further sixth. Locally a failed test
    // keeps its actions, snapshots and network; CI, whose files nobody opens, keeps none (a
    // failure prints its error and the page's accessibility snapshot either way).
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // Every spec makes the requests it decides (e2e/requests.ts): any runs beside any other.
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: [MULTI_PROCESS] },
    {
      name: 'strict',
      testMatch: CORE_FLOWS,
      use: { browserName: 'chromium', baseURL: strictURL },
    },
    { name: 'multi-process', testMatch: MULTI_PROCESS, use: { browserName: 'chromium' } },
  ],
  webServer: [
    {
      command: 'node e2e/smtp-sink.ts',
      port: Number(process.env.E2E_SMTP_PORT),
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_SMTP_PORT: process.env.E2E_SMTP_PORT },
    },
    {
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
        ...dist,
        // Findings by e-mail (ADR 040), to the sink above, which Playwright starts first.
        ATTEST_SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        // No spec reads a scan's verdicts, and OCR of the demo's scans in the background was
        // a tenth of the run's CPU (ADR 039); the checks' OCR is tested in the unit tests.
        ATTEST_CHECKS_OCR: '0',
      },
    },
    {
      command: 'node src/service/main.ts --strict',
      url: `${strictService}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        SERVICE_PORT: process.env.E2E_STRICT_SERVICE_PORT,
        SERVICE_STORAGE_PORT: process.env.E2E_STRICT_STORAGE_PORT,
        ATTEST_DATA_DIR: join(process.env.E2E_STRICT_DATA_DIR, 'service'),
        ATTEST_WEBHOOK_URL: `${strictURL}/webhooks/{owner}`,
        ATTEST_WEBHOOK_SECRET: process.env.E2E_STRICT_WEBHOOK_SECRET,
      },
    },
    {
      command: 'node src/main.ts',
      url: `${strictURL}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: process.env.E2E_STRICT_PORT,
        ATTEST_DATA_DIR: join(process.env.E2E_STRICT_DATA_DIR, 'gateway'),
        ATTEST_SKIP_BUILD: '1',
        ...dist,
        // Only what docs/deploying.md asks of a real deployment.
        ATTEST_UPSTREAM: strictService,
        ATTEST_OWNER: 'acme',
        ATTEST_CLAIM_OWNER: STRICT_PROFILE.claims.owner,
        ATTEST_CLAIM_USER: STRICT_PROFILE.claims.user,
        ATTEST_CLAIM_PERMISSIONS: STRICT_PROFILE.claims.permissions,
        ATTEST_STORAGE_ORIGINS: `http://127.0.0.1:${process.env.E2E_STRICT_STORAGE_PORT}`,
        ATTEST_WEBHOOK_SECRET: process.env.E2E_STRICT_WEBHOOK_SECRET,
      },
    },
  ],
});
