import { type Page } from '@playwright/test';
import { expect, expectErrors, test } from './console-watch.ts';
import { samplePng } from '../src/app/features/users/images/sample-png.ts';
import { SessionSchema } from '../src/contract/session.ts';
import { UserSchema } from '../src/contract/users.ts';
import { api } from './api.ts';
import { DEMO, expectAccessible, screenshots, signIn } from './support.ts';

// Each test runs against the one service of the run: the notary's seal and signature are
// changed here and nowhere else, and each test compares with what it read first.

const MACHINE = {
  id: 'acme-integration',
  secret: 'acme-integration-secret',
  name: 'acme-integration',
} as const;

const png = (name: string, options: Parameters<typeof samplePng>[0]) => ({
  name,
  mimeType: 'image/png',
  buffer: samplePng(options),
});

const slot = (page: Page, name: 'Signature' | 'Notary seal') =>
  page.getByRole('region', { name, exact: true });

/** The signed-in person's user record, read from the service through the gateway. */
async function me(page: Page) {
  const session = await api(page).get('/session', SessionSchema);
  if (!session.user) throw new Error('the session names no user');
  return api(page).get(`/api/users/v1/users/${session.user.id}`, UserSchema);
}

/** The stored image's key: the URL's path (its query is a fresh signature on every read). */
const keyOf = (url: string | null | undefined) => (url ? new URL(url).pathname : null);

const naturalWidth = (page: Page, alt: string) =>
  page
    .getByRole('img', { name: alt, exact: true })
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

test('a notary uploads a seal with progress, saves it, and the stored seal shows after a reload', async ({
  page,
}) => {
  await signIn(page, DEMO.notary, '/profile');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  const before = await me(page);

  const seal = slot(page, 'Notary seal');
  await seal
    .locator('input[type=file]')
    .setInputFiles(png('seal.png', { width: 400, height: 400, shape: 'seal' }));

  // The preview is decoded in the browser: on the checkerboard, with its size, no warnings.
  await expect(seal.getByRole('img', { name: 'New notary seal, not saved yet' })).toBeVisible();
  await expect.poll(() => naturalWidth(page, 'New notary seal, not saved yet')).toBe(400);
  await expect(seal.locator('.checkerboard')).toBeVisible();
  await expect(seal).toContainText('400 × 400 px · PNG');
  await expect(seal.getByRole('list', { name: /Warnings/ })).toHaveCount(0);
  await expect(seal).toContainText('New, not saved');
  await expectAccessible(page);
  await screenshots(page, 'profile-preview');

  // Storage answers slowly, so the progress bar is seen; the real upload still happens.
  let releaseUpload = () => {};
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/uploads', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  const order: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET') return;
    if (
      url.pathname.endsWith('/images') ||
      url.pathname === '/uploads' ||
      url.pathname.includes('/users/v1/users/')
    )
      order.push(`${request.method()} ${url.pathname.replace(/[0-9a-f-]{36}/, ':id')}`);
  });
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      response.url().includes(`/users/v1/users/${before.id}`),
  );
  await page.getByRole('button', { name: 'Save images' }).click();
  await expect(seal.getByRole('progressbar', { name: 'Uploading seal.png' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  releaseUpload();
  expect((await saved).status()).toBe(200);
  expect(order).toEqual([
    'POST /api/users/v1/users/:id/images',
    'POST /uploads',
    'PUT /api/users/v1/users/:id',
  ]);

  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(seal).toContainText('On file');
  await expect.poll(() => naturalWidth(page, 'Current notary seal')).toBe(400);
  await expect(seal).toContainText('400 × 400 px');

  // The service holds a new key for the seal, and the signature is untouched.
  const after = await me(page);
  expect(keyOf(after.notarySealImageUrl)).toMatch(/notarySeal-/);
  expect(keyOf(after.notarySealImageUrl)).not.toBe(keyOf(before.notarySealImageUrl));
  expect(keyOf(after.signatureImageUrl)).toBe(keyOf(before.signatureImageUrl));

  await page.unroute('**/uploads');
  await page.reload();
  await expect(
    slot(page, 'Notary seal').getByRole('img', { name: 'Current notary seal' }),
  ).toBeVisible();
  await expect.poll(() => naturalWidth(page, 'Current notary seal')).toBe(400);
  await screenshots(page, 'profile-saved');
});

test('a non-image is refused before anything is sent; a small opaque image is warned about', async ({
  page,
}) => {
  await signIn(page, DEMO.notary, '/profile');
  const sent: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('/images') || path.startsWith('/uploads')) sent.push(path);
  });
  const signature = slot(page, 'Signature');
  const input = signature.locator('input[type=file]');

  await input.setInputFiles({
    name: 'signature.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is a text file wearing a .png name'),
  });
  await expect(signature.getByRole('alert')).toHaveText(
    '“signature.png” is not a PNG or JPEG image.',
  );
  await expect(signature.getByRole('img', { name: /New signature/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save images' })).toBeDisabled();

  // Right magic bytes, broken body: refused by decoding, before any upload.
  await input.setInputFiles({
    name: 'broken.png',
    mimeType: 'image/png',
    buffer: samplePng({ width: 50, height: 50, shape: 'signature' }).subarray(0, 40),
  });
  await expect(signature.getByRole('alert')).toContainText('could not be read as an image');
  await expect(page.getByRole('button', { name: 'Save images' })).toBeDisabled();

  await input.setInputFiles(
    png('tiny.png', { width: 120, height: 40, shape: 'signature', opaque: true }),
  );
  await expect(signature.getByRole('img', { name: 'New signature, not saved yet' })).toBeVisible();
  await expect(signature.getByRole('alert')).toHaveCount(0);
  await expect(signature).toContainText('120 × 40 px · PNG');
  const warnings = signature.getByRole('list', { name: 'Warnings about the new signature' });
  await expect(warnings.getByRole('listitem')).toHaveText([
    /is small \(120 × 40 px\).*at least 300 × 80 px/,
    /no transparent pixels/,
  ]);
  await expectAccessible(page);

  await signature
    .getByRole('button', { name: /Remove the new image|Keep the current signature/ })
    .click();
  await expect(signature.getByRole('img', { name: /New signature/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save images' })).toBeDisabled();
  expect(sent).toEqual([]);
});

test('a failed or cancelled upload saves nothing and keeps the chosen image', async ({ page }) => {
  // The storage refusal the test stands in for.
  expectErrors(/^503 POST .*\/uploads$/);
  await signIn(page, DEMO.notary, '/profile');
  const before = await me(page);
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts.push(request.url());
  });
  const signature = slot(page, 'Signature');
  await signature
    .locator('input[type=file]')
    .setInputFiles(png('signature.png', { width: 600, height: 160, shape: 'signature' }));
  await expect(signature.getByRole('img', { name: 'New signature, not saved yet' })).toBeVisible();

  // Storage refuses: the page says so, the choice stays, and the profile is never PUT.
  await page.route('**/uploads', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'storage is unavailable' }),
    }),
  );
  await page.getByRole('button', { name: 'Save images' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The signature could not be uploaded: storage is unavailable. Nothing was saved; try again.',
  );
  await expect(signature.getByRole('img', { name: 'New signature, not saved yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save images' })).toBeEnabled();
  expect(puts).toEqual([]);
  expect(keyOf((await me(page)).signatureImageUrl)).toBe(keyOf(before.signatureImageUrl));

  // Storage hangs; the person cancels: nothing saved either.
  await page.unroute('**/uploads');
  await page.route('**/uploads', () => {
    // never answered
  });
  const uploading = page.waitForRequest((r) => new URL(r.url()).pathname === '/uploads');
  await page.getByRole('button', { name: 'Save images' }).click();
  await uploading;
  await signature.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The upload was cancelled. Nothing was saved; your chosen images are still here.',
  );
  await expect(signature.getByRole('img', { name: 'New signature, not saved yet' })).toBeVisible();
  expect(puts).toEqual([]);
  expect(keyOf((await me(page)).signatureImageUrl)).toBe(keyOf(before.signatureImageUrl));

  // With storage back, the same choice saves.
  await page.unroute('**/uploads');
  await page.getByRole('button', { name: 'Save images' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect.poll(() => naturalWidth(page, 'Current signature')).toBe(600);
  expect(keyOf((await me(page)).signatureImageUrl)).not.toBe(keyOf(before.signatureImageUrl));
});

test('a machine client is told plainly that it has no profile', async ({ page }) => {
  await signIn(page, MACHINE, '/profile');
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByText('This sign-in has no profile')).toBeVisible();
  await expect(page.getByText(/token for acme-integration names no user/)).toBeVisible();
  await expect(page.locator('input[type=file]')).toHaveCount(0);
  await expectAccessible(page);
});
