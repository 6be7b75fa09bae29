import { freePort } from './free-port.ts';
import { startNodeProcess } from './gateway-processes.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './console-watch.ts';
import { SessionSchema } from '../src/contract/session.ts';
import { api } from './api.ts';
import { bothThemes, DEMO, expectAccessible } from './support.ts';

// ADR 015: staging beside production. Self-contained: a second reference service stands in
// for staging, and a gateway of this spec's own sits in front of both (the run's reference
// service is production).

let dataDir: string;
let service: { stop(): Promise<void> } | undefined;
let gateway: { stop(): Promise<void> } | undefined;
let consoleUrl: string;

test.beforeAll(async () => {
  // A fresh service's seed and a console's start, on a machine that may be busy.
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'attest-e2e-staging-'));
  const servicePort = await freePort();
  const gatewayPort = await freePort();
  const stagingUrl = `http://127.0.0.1:${servicePort}`;
  service = await startNodeProcess(
    'src/service/main.ts',
    { SERVICE_PORT: String(servicePort), ATTEST_DATA_DIR: join(dataDir, 'service') },
    `${stagingUrl}/healthz`,
    'the staging service',
  );
  consoleUrl = `http://127.0.0.1:${gatewayPort}`;
  gateway = await startNodeProcess(
    'src/main.ts',
    {
      PORT: String(gatewayPort),
      ATTEST_UPSTREAM: `http://127.0.0.1:${process.env.E2E_SERVICE_PORT}`,
      ATTEST_UAT_UPSTREAM: stagingUrl,
      ATTEST_SKIP_BUILD: '1',
      ATTEST_DIST_DIR: process.env.E2E_DIST_DIR ?? 'dist',
      ATTEST_DATA_DIR: join(dataDir, 'gateway'),
    },
    `${consoleUrl}/healthz`,
    'the console',
  );
});

test.afterAll(async () => {
  await gateway?.stop();
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signInTo(page: Page, environment: 'Production' | 'Staging') {
  await page.goto(`${consoleUrl}/sign-in`);
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
  await page.getByRole('radio', { name: environment }).check();
  await page.getByLabel('Client id').fill(DEMO.reviewer.id);
  await page.getByLabel('Client secret').fill(DEMO.reviewer.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).toHaveURL(/\/qc$/);
}

test('the sign-in page offers production or staging, production chosen', async ({ page }) => {
  await page.goto(`${consoleUrl}/sign-in`);
  const choice = page.getByRole('group', { name: 'Environment' });
  await expect(choice).toBeVisible();
  await expect(choice.getByRole('radio', { name: 'Production' })).toBeChecked();
  await expect(choice.getByRole('radio', { name: 'Staging' })).not.toBeChecked();
  // Arrow keys move between the two, as in any radio group.
  await choice.getByRole('radio', { name: 'Production' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(choice.getByRole('radio', { name: 'Staging' })).toBeChecked();
  await expect(choice).toContainText('Nothing done there reaches production');
  await expectAccessible(page);
  await bothThemes(page, 'staging-sign-in');
});

test('signing in to staging marks every page as staging', async ({ page }) => {
  await signInTo(page, 'Staging');
  const banner = page.getByRole('region', { name: 'Environment' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Staging');
  await expect(banner).toContainText('Nothing done here reaches production');
  const session = await api(page).get('/session', SessionSchema);
  expect(session).toMatchObject({ environment: 'staging', owner: 'acme' });
  await expectAccessible(page);
  await bothThemes(page, 'staging-queue');

  // Another page of the console keeps the marker.
  await page.getByRole('link', { name: DEMO.reviewer.name }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(banner).toBeVisible();
});

test('signing in to production shows no staging marker', async ({ page }) => {
  await signInTo(page, 'Production');
  await expect(page.getByRole('region', { name: 'Environment' })).toHaveCount(0);
  await expect(page.getByText('Staging', { exact: true })).toHaveCount(0);
  const session = await api(page).get('/session', SessionSchema);
  expect(session).toMatchObject({ environment: 'production' });
});
