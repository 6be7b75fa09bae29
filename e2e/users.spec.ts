import { type Page } from '@playwright/test';
import { expect, expectErrors, test } from './console-watch.ts';
import { samplePng } from '../src/app/features/users/images/sample-png.ts';
import { UserListSchema, type User } from '../src/contract/users.ts';
import { api } from './api.ts';
import { DEMO, expectAccessible, screenshots, signIn } from './support.ts';

/** Every user of the signed-in owner, as the service lists them by name. */
async function allUsers(page: Page): Promise<User[]> {
  const { users } = await api(page).get(
    '/api/users/v1/users?owner=acme&limit=100&fields=signatureImageUrl',
    UserListSchema,
  );
  return users;
}

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const names = (page: Page) => page.getByRole('table').locator('tbody tr th a').allTextContents();

test('an admin pages through users; the page, order and size are in the URL', async ({ page }) => {
  await signIn(page, DEMO.admin, '/users?limit=10');
  await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
  const everyone = await allUsers(page);
  expect(everyone.length).toBeGreaterThan(10);
  const byName = everyone.map((u) => u.displayName);

  await expect(rows(page)).toHaveCount(10);
  expect(await names(page)).toEqual(byName.slice(0, 10));
  await expect(page.getByText(`1–10 of ${everyone.length}`)).toBeVisible();
  await expect(page.getByLabel('Per page')).toHaveValue('10');

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]cursor=[^&]+/);
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(rows(page)).toHaveCount(everyone.length - 10);
  expect(await names(page)).toEqual(byName.slice(10));
  await expect(page.getByRole('link', { name: 'Next' })).toBeDisabled();

  // A reload (or a shared link) opens the same page.
  await page.reload();
  await expect(rows(page)).toHaveCount(everyone.length - 10);
  expect(await names(page)).toEqual(byName.slice(10));
  await expect(page.getByText(`11–${everyone.length} of ${everyone.length}`)).toBeVisible();

  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(rows(page)).toHaveCount(10);
  expect(await names(page)).toEqual(byName.slice(0, 10));

  // A new order starts from the first page.
  await page.getByLabel('Sort by').selectOption('newest');
  await expect(page).toHaveURL(/order=newest/);
  await expect(page).not.toHaveURL(/cursor=/);
  const { users: newestUsers } = await api(page).get(
    '/api/users/v1/users?owner=acme&limit=10&orderBy=createdOn&orderDirection=desc',
    UserListSchema,
  );
  const newest = newestUsers.map((u) => u.displayName);
  expect(newest).not.toEqual(byName.slice(0, 10));
  await expect.poll(() => names(page)).toEqual(newest);
});

test('deactivated users and notaries are marked, with the seal state from the fields mask', async ({
  page,
}) => {
  const listed = page.waitForRequest((r) => r.url().includes('/api/users/v1/users?'));
  await signIn(page, DEMO.admin, '/users');
  const fields = new URL((await listed).url()).searchParams.get('fields');
  expect(fields?.split(',')).toEqual(['isNotary', 'signatureImageUrl', 'notarySealImageUrl']);

  const everyone = await allUsers(page);
  const gone = everyone.find((u) => u.deactivatedOn);
  if (!gone) throw new Error('the demo data has no deactivated user');
  const goneRow = rows(page).filter({ hasText: gone.displayName });
  await expect(goneRow).toContainText('Deactivated');
  const nora = rows(page).filter({ hasText: DEMO.notary.name });
  await expect(nora.getByRole('cell').nth(1)).toHaveText('Notary');
  const active = rows(page).filter({ hasText: DEMO.reviewer.name });
  await expect(active.getByRole('cell').last()).toHaveText('Active');

  await expectAccessible(page);
  await screenshots(page, 'users-list');
});

test('an admin sets another user’s signature; the detail and the list show it stored', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/users?limit=50');
  await page.getByRole('link', { name: DEMO.reviewer.name }).click();
  await expect(page.getByRole('heading', { name: DEMO.reviewer.name, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/users\/[0-9a-f-]{36}$/);

  const signature = page.getByRole('region', { name: 'Signature', exact: true });
  await signature.locator('input[type=file]').setInputFiles({
    name: 'riley.png',
    mimeType: 'image/png',
    buffer: samplePng({ width: 640, height: 180, shape: 'signature' }),
  });
  await expect(signature.getByRole('img', { name: 'New signature, not saved yet' })).toBeVisible();
  await expect(signature).toContainText('640 × 180 px · PNG');
  await expectAccessible(page);
  await screenshots(page, 'users-detail');

  await page.getByRole('button', { name: 'Save images' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  const current = signature.getByRole('img', { name: 'Current signature' });
  await expect
    .poll(() => current.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBe(640);

  const riley = (await allUsers(page)).find((u) => u.displayName === DEMO.reviewer.name);
  expect(riley?.signatureImageUrl).toMatch(/signature-/);

  // Back to the same page of the list, which now reads "On file" for Riley's signature.
  await page.getByRole('link', { name: '← All users' }).click();
  await expect(page).toHaveURL(/\/users\?limit=50$/);
  const row = rows(page).filter({ hasText: DEMO.reviewer.name });
  await expect(row.getByRole('cell').nth(2)).toHaveText('On file');
});

test('an admin opening their own user goes to their profile', async ({ page }) => {
  await signIn(page, DEMO.admin, '/users');
  const self = (await allUsers(page)).find((u) => u.displayName === DEMO.admin.name);
  await page.goto(`/users/${self?.id}`);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
});

test('a reviewer cannot reach the users list or edit another user, and is told why', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer, '/');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }),
  ).toHaveCount(0);

  await page.goto('/users');
  await expect(page.getByText('Managing users needs the Manage users permission')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectAccessible(page);

  const nora = (await allUsers(page)).find((u) => u.displayName === DEMO.notary.name);
  if (!nora) throw new Error('no Nora Notary in the demo data');
  await page.goto(`/users/${nora.id}`);
  await expect(page.getByRole('heading', { name: 'You can’t edit this user' })).toBeVisible();
  await expect(
    page.getByText('Editing other people needs the Manage users permission'),
  ).toBeVisible();
  await expect(page.locator('input[type=file]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save images' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'users-forbidden');

  // Not only hidden: the service refuses too.
  expectErrors(/^401 POST .*\/api\/users\/v1\/users\/[^/]+\/images$/);
  const refused = await api(page).status('POST', `/api/users/v1/users/${nora.id}/images`, {
    images: ['signature'],
  });
  expect(refused).toBe(401);

  await page.getByRole('link', { name: 'your profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Signature', exact: true })).toBeVisible();
});

test('a list that fails to load says so and recovers; an unknown user is not found', async ({
  page,
}) => {
  // The failing service the test stands in for, and a user no one has.
  expectErrors(
    /^503 GET .*\/api\/users\/v1\/users\?/,
    /^404 GET .*\/api\/users\/v1\/users\/00000000-0000-4000-8000-000000000000$/,
  );
  await page.route('**/api/users/v1/users?**', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'the users service is not reachable' }),
    }),
  );
  await signIn(page, DEMO.admin, '/users');
  await expect(page.getByRole('alert')).toContainText('The users could not be loaded');
  await expect(page.getByRole('alert')).toContainText('the users service is not reachable');
  await expectAccessible(page);

  await page.unroute('**/api/users/v1/users?**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.goto('/users/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});
