import { expect, test, type Request } from '@playwright/test';
import { DEMO, signIn } from './support.ts';

// Issue 16: a first visit waits on nothing it need not. The page comes with its session (no
// GET /session), and the page's first script asks for the queue's first page while the app's
// code is still arriving: the app takes that answer instead of asking again.

const QUEUE_LIST = /\/api\/qc\/v2\/qc\/requests\?owner=acme&status=pending&limit=\d+&/;

test('a signed-in page load asks once for the queue and never for the session', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const asked: Request[] = [];
  page.on('request', (request) => asked.push(request));
  await page.goto('/qc?status=pending&order=oldest');
  await expect(page.locator('[data-qc-row]').nth(9)).toBeVisible();
  const paths = asked.map(
    (request) => new URL(request.url()).pathname + new URL(request.url()).search,
  );
  expect(paths.filter((path) => path === '/session')).toEqual([]);
  // The first page once; the next (with its cursor) is fetched after the rows are shown.
  const firstPages = paths.filter((path) => QUEUE_LIST.test(path) && !path.includes('cursor='));
  expect(firstPages).toHaveLength(1);
  // The first script and the queue's code were asked for before the app's entry had run.
  const first = asked.findIndex((request) => /\/assets\/first-screen-/.test(request.url()));
  expect(first).toBeGreaterThanOrEqual(0);
});

test('the session a page came with is not read again after signing out', async ({ page }) => {
  await signIn(page, DEMO.reviewer);
  // A full page load: this page carries acme-reviewer's session.
  await page.goto('/qc');
  await expect(page.locator('.who__name')).toHaveText(DEMO.reviewer.name);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
  await page.getByLabel('Client id').fill(DEMO.globex.id);
  await page.getByLabel('Client secret').fill(DEMO.globex.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.who__name')).toHaveText(DEMO.globex.name);
  await expect(page.getByText('globex', { exact: true }).first()).toBeVisible();
});

test('a signed-out page load goes to sign-in, with no data asked for', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(request.url()));
  await page.goto('/qc?status=pending');
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
  expect(asked.filter((url) => url.includes('/api/'))).toEqual([]);
});
