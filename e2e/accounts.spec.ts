import { type Page } from '@playwright/test';
import { expect, expectErrors, test } from './console-watch.ts';
import { AccountListSchema, AccountSchema, type Account } from '../src/contract/accounts.ts';
import { api } from './api.ts';
import { DEMO, expectAccessible, screenshots, signIn } from './support.ts';

// Anything the browser reports that a test here does not expect fails it (console-watch.ts).

// The accounts list and an account's detail, read against the seeded demo data (acme has 150
// accounts, CR-000001 to CR-000150). Nothing here writes.

async function accountByCrid(page: Page, crid: string): Promise<Account> {
  const list = await api(page).get(
    '/api/accounts/v1/accounts?owner=acme&limit=500',
    AccountListSchema,
  );
  const found = list.accounts.find((a) => a.crid === crid);
  if (!found) throw new Error(`no account ${crid}`);
  return api(page).get(`/api/accounts/v1/accounts/${found.id}`, AccountSchema);
}

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const firstCrid = (page: Page) => rows(page).first().getByRole('rowheader');

test('the list pages by cursor, and the page, order and size survive a reload', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/accounts');
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(25);
  await expect(firstCrid(page)).toHaveText('CR-000001');
  await expect(page.getByText('1–25 of 150')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'accounts-list');

  // Next, from the keyboard: the cursor goes into the URL and a reload lands on the same page.
  await page.getByRole('link', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(firstCrid(page)).toHaveText('CR-000026');
  expect(new URL(page.url()).searchParams.get('cursor')).toBeTruthy();
  await page.reload();
  await expect(firstCrid(page)).toHaveText('CR-000026');
  await expect(page.getByText('26–50 of 150')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(firstCrid(page)).toHaveText('CR-000051');
  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(firstCrid(page)).toHaveText('CR-000026');
  await page.goBack();
  await expect(firstCrid(page)).toHaveText('CR-000051');

  // A new order starts at the first page, and is held in the URL too.
  await page.getByLabel('Sort').selectOption({ label: 'CRID, Z to A' });
  await expect(firstCrid(page)).toHaveText('CR-000150');
  await expect(page.getByText('1–25 of 150')).toBeVisible();
  await page.getByLabel('Per page').selectOption('50');
  await expect(rows(page)).toHaveCount(50);
  await page.reload();
  await expect(page.getByLabel('Sort')).toHaveValue('crid:desc');
  await expect(rows(page)).toHaveCount(50);
  await expect(firstCrid(page)).toHaveText('CR-000150');
  await expect(rows(page).last().getByRole('rowheader')).toHaveText('CR-000101');

  // The last page's Next leads nowhere.
  // Each page arrives before the next click: the link points onward only once it has.
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByText('51–100 of 150')).toBeVisible();
  await expect(rows(page).last().getByRole('rowheader')).toHaveText('CR-000051');
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(rows(page).last().getByRole('rowheader')).toHaveText('CR-000001');
  await expect(page.getByText('101–150 of 150')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
});

test("an account's detail lists its entities, with only the last four SSN digits", async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/accounts');
  await page.getByRole('link', { name: 'CR-000003', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Account CR-000003' })).toBeVisible();
  const account = await accountByCrid(page, 'CR-000003');
  const cards = page.getByRole('main').getByRole('listitem');
  await expect(cards).toHaveCount(account.entities.length);
  for (const entity of account.entities) {
    const card = cards.filter({ has: page.getByRole('link', { name: entity.name, exact: true }) });
    await expect(card).toContainText(`••• •• ${entity.ssnLastFour ?? ''}`);
  }
  await expect(page.getByRole('link', { name: 'New entity' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'accounts-detail');

  // The breadcrumb goes back to the list.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/accounts$/);
});

test('an old cursor, an unknown account and a failing service each say so', async ({ page }) => {
  // What the test asks for: a cursor no list gave, an account no one has, a service it fails.
  expectErrors(
    /^400 GET .*\/api\/accounts\/v1\/accounts\?.*cursor=bm90LWEtY3Vyc29y$/,
    /^404 GET .*\/api\/accounts\/v1\/accounts\/00000000-0000-4000-8000-000000000000$/,
    /^503 GET .*\/api\/accounts\/v1\/accounts\?/,
  );
  await signIn(page, DEMO.admin, '/accounts?page=2&cursor=bm90LWEtY3Vyc29y');
  await expect(page.getByText('This page of the list is no longer available')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the first page' }).click();
  await expect(firstCrid(page)).toHaveText('CR-000001');

  await page.goto('/accounts/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('No such account')).toBeVisible();
  await expectAccessible(page);

  // The service fails: the error says so and Try again recovers once it is back.
  await page.route('**/api/accounts/v1/accounts?*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'the service is restarting' }),
    }),
  );
  await page.goto('/accounts?order=createdOn&dir=desc');
  await expect(page.getByText('The accounts could not be loaded')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('the service is restarting')).toBeVisible();
  await page.unroute('**/api/accounts/v1/accounts?*');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(firstCrid(page)).toHaveText('CR-000150');
});

test('an empty list says so', async ({ page }) => {
  // The demo owners both have accounts: the answer is emptied on the way to the page.
  await page.route('**/api/accounts/v1/accounts?*', async (route) => {
    const response = await route.fetch();
    const body = AccountListSchema.parse(await response.json());
    await route.fulfill({
      response,
      json: { accounts: [], pagination: { ...body.pagination, totalCount: 0 } },
    });
  });
  await signIn(page, DEMO.admin, '/accounts');
  await expect(page.getByText('No accounts yet')).toBeVisible();
  await expectAccessible(page);
});

test('a sign-in without accounts.write is refused the area', async ({ page }) => {
  await signIn(page, DEMO.reviewer, '/accounts');
  await expect(page.getByText("You don't have permission to see this")).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Accounts')).toHaveCount(0);
});
