import { type Request } from '@playwright/test';
import { expect, expectErrors, test } from './console-watch.ts';
import { DEMO, expectAccessible, screenshots, shot, signIn, signInWithForm } from './support.ts';

// Anything the browser reports that a test here does not expect fails it (console-watch.ts).

test('sign in, see the shell by permission, and sign out', async ({ page, context }) => {
  await signInWithForm(page, DEMO.reviewer);
  await expect(page).toHaveURL(/\/qc$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'QC queue' })).toBeVisible();
  // A reviewer sees no admin areas.
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'QC processes' })).toHaveCount(0);
  await expect(page.getByText('acme', { exact: true }).first()).toBeVisible();

  // The session cookie is HttpOnly and SameSite=Strict; the page can't read any token.
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name.includes('attest_session'));
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie,
  );
  expect(stored).not.toMatch(/eyJ|secret/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
  await page.goto('/qc');
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
});

/** A request for one of the build's chunks, by its name: `qc` is the queue's, not `qc-review`'s. */
const chunkOf = (name: string) => (request: Request) =>
  new RegExp(`^/assets/${name}-[\\w-]{8}\\.js$`).test(new URL(request.url()).pathname);

test("the sign-in page fetches the next screen's code while the person types", async ({ page }) => {
  // Where most sign-ins go (the first area: the QC queue), before anything is typed.
  const queueCode = page.waitForRequest(chunkOf('qc'), { timeout: 15_000 });
  await page.goto('/sign-in');
  await queueCode;
  const again: string[] = [];
  page.on('request', (request) => {
    if (chunkOf('qc')(request)) again.push(request.url());
  });
  await page.getByLabel('Client id').fill(DEMO.reviewer.id);
  await page.getByLabel('Client secret').fill(DEMO.reviewer.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/qc$/);
  await expect(page.locator('[data-qc-row]').first()).toBeVisible();
  // The queue waited for its data alone.
  expect(again).toEqual([]);

  // A page that says where it goes next fetches that screen's code.
  const signaturesCode = page.waitForRequest(chunkOf('signatures'), { timeout: 15_000 });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto(`/sign-in?next=${encodeURIComponent('/signatures')}`);
  await signaturesCode;
});

test('a wrong secret gets a clear message and keeps what was typed', async ({ page }) => {
  expectErrors(/^401 POST .*\/session$/);
  await page.goto('/sign-in');
  await page.getByLabel('Client id').fill('acme-reviewer');
  await page.getByLabel('Client secret').fill('not-the-secret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/did not work/);
  await expect(page.getByLabel('Client id')).toHaveValue('acme-reviewer');
});

test('after five wrong secrets the form says to wait, and keeps what was typed', async ({
  page,
}) => {
  expectErrors(/^(401|429) POST .*\/session$/);
  // A client id no other spec signs in with: the hold is per client id and address.
  await page.goto('/sign-in');
  await page.getByLabel('Client id').fill('guessed-client');
  await page.getByLabel('Client secret').fill('guess');
  for (let i = 0; i < 5; i += 1) {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(/did not work/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  }
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Too many failed sign-ins for this client id. Try again in 15 minutes.',
  );
  await expect(page.getByLabel('Client id')).toHaveValue('guessed-client');
  await expect(page.getByLabel('Client secret')).toHaveValue('guess');
});

test('empty fields are refused beside each field', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('enter the client id')).toBeVisible();
  await expect(page.getByText('enter the client secret')).toBeVisible();
});

test('a page that needs a session sends you to sign-in and back', async ({ page }) => {
  await page.goto('/accounts?crid=CR-000123');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccounts%3Fcrid%3DCR-000123/);
  await page.getByLabel('Client id').fill(DEMO.admin.id);
  await page.getByLabel('Client secret').fill(DEMO.admin.secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/accounts\?crid=CR-000123$/);
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
});

test('the sandbox lists its demo logins and one click fills them', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('button', { name: /acme-notary/ }).click();
  await expect(page.getByLabel('Client id')).toHaveValue('acme-notary');
  await expect(page.getByLabel('Client secret')).toHaveValue('acme-notary-secret');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('.who__name')).toHaveText(DEMO.notary.name);
  await expect(page).toHaveURL(/\/signatures$/);
});

test('an area outside your permissions says so, and unknown pages are not found', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  // QC process administration needs qc.manage, which a reviewer lacks. (/users has its own
  // explanation, e2e/users.spec.ts.)
  await page.goto('/qc/processes');
  await expect(page.getByText("You don't have permission to see this")).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByText('This page does not exist')).toBeVisible();
});

test('sign-in and shell are accessible, at desktop and phone sizes', async ({ page }) => {
  // Three axe scans and screenshots in two themes at two sizes.
  test.slow();
  await page.goto('/sign-in');
  await expect(page.getByRole('button', { name: /acme-reviewer/ })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'sign-in');
  await signIn(page, DEMO.admin);
  await expectAccessible(page);
  await screenshots(page, 'shell');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Users' })).toBeVisible();
  // The page under it keeps still, locked without a <style> the CSP would refuse (ADR 034).
  await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
  await expectAccessible(page);
  await shot(page, 'shell-menu-mobile');
});
