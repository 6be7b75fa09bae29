import { type Page } from '@playwright/test';
import { errorAnswer, expect, expectErrors, failedRequest, test } from './console-watch.ts';
import { SignatureRequestListSchema } from '../src/contract/signatures.ts';
import { api } from './api.ts';
import { DEMO, expectAccessible, screenshots, signIn } from './support.ts';

// The machine is shared with other test runs: the longer flows get room.
test.describe.configure({ timeout: 90_000 });

/** The requests the service lists for a view, read as the signed-in person. */
async function serviceList(page: Page, query: string) {
  return api(page).get(
    `/api/signatures/v2/requests?owner=acme&${query}`,
    SignatureRequestListSchema,
  );
}

const rowIds = (page: Page) =>
  page
    .locator('.sig-list > li')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-request-id')));

test('the list: status tabs with counts, and the tab, order and page held in the URL', async ({
  page,
}) => {
  await signIn(page, DEMO.notary, '/signatures');
  await expect(page.getByRole('heading', { name: 'Signature requests' })).toBeVisible();
  // Other specs create and complete requests meanwhile: compare counts read together.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('count-awaitingWetInk')).not.toHaveText('–');
    const awaiting = await serviceList(page, 'status=awaitingWetInk&limit=1');
    await expect(page.getByTestId('count-awaitingWetInk')).toHaveText(
      awaiting.pagination.totalCount.toLocaleString('en-US'),
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('.sig-list > li').first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'signatures-list');

  await page.getByRole('link', { name: /^Awaiting scan/ }).click();
  await expect(page).toHaveURL(/status=awaitingWetInk/);
  await expect(page.getByRole('link', { name: /^Awaiting scan/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const badges = page.locator('.sig-list [data-status]');
  // The previous tab's rows stay (aria-busy) until the new tab's arrive.
  await expect(page.locator('.sig-list')).not.toHaveAttribute('aria-busy', 'true');
  await expect(badges.first()).toBeVisible();
  for (const status of await badges.evaluateAll((els) =>
    els.map((el) => el.getAttribute('data-status')),
  ))
    expect(status).toBe('awaitingWetInk');

  // Oldest first, then the next page: both survive a reload.
  await page.getByRole('combobox').selectOption('oldest');
  await expect(page).toHaveURL(/order=oldest/);
  const all = await serviceList(page, 'orderDirection=asc&limit=25');
  expect(all.pagination.nextCursor).not.toBe('');
  await page.getByRole('link', { name: /^All/ }).click();
  await expect(page).toHaveURL(/order=oldest/);
  await expect.poll(() => rowIds(page)).toEqual(all.signatureRequests.map((r) => r.id));

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/cursor=/);
  const secondPage = await serviceList(
    page,
    `orderDirection=asc&limit=25&cursor=${encodeURIComponent(all.pagination.nextCursor)}`,
  );
  await expect.poll(() => rowIds(page)).toEqual(secondPage.signatureRequests.map((r) => r.id));
  await page.reload();
  await expect.poll(() => rowIds(page)).toEqual(secondPage.signatureRequests.map((r) => r.id));
  await page.getByRole('link', { name: 'Previous' }).click();
  await expect.poll(() => rowIds(page)).toEqual(all.signatureRequests.map((r) => r.id));
});

test('the detail of a completed request: file, templates, who signed, and the completed file', async ({
  page,
}) => {
  await signIn(page, DEMO.notary, '/signatures?status=completed');
  const first = page.locator('.sig-list > li').first();
  const name = await first.locator('.sig-row-item__link').innerText();
  await first.locator('.sig-row-item__link').click();
  await expect(page).toHaveURL(/\/signatures\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('[data-status="completed"]')).toBeVisible();

  const signing = page.getByRole('region', { name: 'Signing' });
  for (const label of ['Signed by', 'Notarized by', 'Completed on']) {
    const value = signing.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    await expect(value).not.toHaveText('—');
    // Names, not user ids.
    await expect(value).not.toHaveText(/^[0-9a-f-]{36}$/);
  }
  const file = page.getByRole('region', { name: 'File' });
  await expect(file.locator('.sig-template').first()).toBeVisible();
  await expect(file.getByText(/Signature required|Notary required/).first()).toBeVisible();

  const download = page.getByRole('link', { name: 'Download the completed file' });
  const href = await download.getAttribute('href');
  expect(href).toBeTruthy();
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // A completed request is a record others rely on: it cannot be deleted.
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'signatures-detail');

  await page.getByRole('link', { name: '← Signature requests' }).click();
  await expect(page).toHaveURL(/\/signatures\?status=completed$/);
});

test('create a request from a file, then delete it: the list updates at once and after a reload', async ({
  page,
}) => {
  // The test reads the deleted request back: 404.
  expectErrors(errorAnswer(404, 'GET', '/api/signatures/v2/requests/[\\w-]+'));
  await signIn(page, DEMO.notary, '/signatures');
  await page.getByRole('button', { name: 'New request' }).click();
  const dialog = page.getByRole('dialog', { name: 'New signature request' });
  await expect(dialog.getByRole('radio').first()).toBeVisible();

  // Nothing chosen: the contract's rule, said beside the files.
  await dialog.getByRole('button', { name: 'Create request' }).click();
  await expect(dialog.getByText('Choose the file to be signed.', { exact: true })).toBeVisible();

  const option = dialog.locator('.sig-file').nth(3);
  const matter = await option.locator('.sig-file__name').innerText();
  await dialog.getByLabel('Find a file').fill(matter);
  await expect(dialog.getByRole('radio')).not.toHaveCount(0);
  await dialog
    .getByRole('radio', { name: new RegExp(matter) })
    .first()
    .check();
  await expect(dialog.getByText('Choose the file to be signed.', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'signatures-new');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/signatures/v2/requests') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create request' }).click();
  expect((await created).status()).toBe(201);

  await expect(page).toHaveURL(/\/signatures\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { level: 1, name: matter })).toBeVisible();
  await expect(page.locator('[data-status="pending"]')).toBeVisible();

  // Back in the list (newest first), the new request is on the first page.
  await page.getByRole('link', { name: '← Signature requests' }).click();
  const row = page.locator(`.sig-list > li[data-request-id="${id}"]`);
  await expect(row).toBeVisible();
  // The count the service has now, once the tab shows it: the tab's own count of before the
  // creation may still be on its way back.
  const { pagination } = await api(page).get(
    '/api/signatures/v2/requests?owner=acme&limit=1',
    SignatureRequestListSchema,
  );
  const countBefore = pagination.totalCount;
  await expect(page.getByTestId('count-all')).toHaveText(String(countBefore));

  // The service answers slowly here, to show the list does not wait for it.
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/signatures/v2/requests/${id}`, async (route) => {
    if (route.request().method() !== 'DELETE') return route.fallback();
    await answered;
    await route.continue();
  });
  await row.getByRole('button', { name: `Delete the request for ${matter}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete the request for ${matter}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  const deleted = page.waitForResponse(
    (r) => r.url().endsWith(`/requests/${id}`) && r.request().method() === 'DELETE',
  );
  await confirm.getByRole('button', { name: 'Delete request' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('count-all')).toHaveText(String(countBefore - 1));
  release();
  expect((await deleted).status()).toBe(204);
  await page.unrouteAll();

  await page.reload();
  await expect(page.locator('.sig-list > li').first()).toBeVisible();
  await expect(page.locator(`.sig-list > li[data-request-id="${id}"]`)).toHaveCount(0);
  expect(await api(page).status('GET', `/api/signatures/v2/requests/${id}`)).toBe(404);
});

test('a delete the service never gets is rolled back: the request returns, with the reason', async ({
  page,
}) => {
  expectErrors(
    failedRequest('DELETE', '/api/signatures/v2/requests/[\\w-]+', 'CONNECTION_REFUSED'),
  );
  await signIn(page, DEMO.notary, '/signatures?status=pending');
  const row = page.locator('.sig-list > li').first();
  const id = await row.getAttribute('data-request-id');
  const matter = await row.locator('.sig-row-item__link').innerText();
  await page.route(`**/api/signatures/v2/requests/${id}`, (route) =>
    route.request().method() === 'DELETE' ? route.abort('connectionrefused') : route.fallback(),
  );
  await row.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('button', { name: 'Delete request' }).click();
  const toast = page.locator('.toast', { hasText: `${matter} was not deleted` });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('The service cannot be reached. Try again.');
  await expect(page.locator(`.sig-list > li[data-request-id="${id}"]`)).toBeVisible();
  await page.unroute(`**/api/signatures/v2/requests/${id}`);
  await page.reload();
  await expect(page.locator(`.sig-list > li[data-request-id="${id}"]`)).toBeVisible();
});

test('an unknown request says so, with a way back', async ({ page }) => {
  expectErrors(
    errorAnswer(404, 'GET', '/api/signatures/v2/requests/00000000-0000-4000-8000-000000000000'),
  );
  await signIn(page, DEMO.notary, '/signatures/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This signature request does not exist')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the list' }).click();
  await expect(page).toHaveURL(/\/signatures$/);
});

test('a reviewer without signatures.write is kept out', async ({ page }) => {
  await signIn(page, DEMO.reviewer, '/signatures');
  await expect(page.getByText("You don't have permission to see this")).toBeVisible();
});
