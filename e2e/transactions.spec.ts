import { type Page } from '@playwright/test';
import { expect, test } from './console-watch.ts';
import { TransactionListSchema, type SignatureTransaction } from '../src/contract/signatures.ts';
import { api } from './api.ts';
import { DEMO, expectAccessible, screenshots, signIn } from './support.ts';

// What the list must show is read from the service at the time, for the signed-in user
// (transactions are per user: Nora Notary is signer or notary on some of acme's).

async function apiTransactions(page: Page, statuses: string[] = []) {
  const query = statuses.length ? `?filter=status:${statuses.join(',')}` : '';
  const { transactions } = await api(page).get(
    `/api/signatures/v2/transactions${query}`,
    TransactionListSchema,
  );
  return transactions;
}

const rows = (page: Page) =>
  page.getByRole('list', { name: 'Transactions' }).locator(':scope > li');
/** The ids of the rows on screen, in order (each row's id carries the full id as its title). */
const shownIds = (page: Page) =>
  rows(page)
    .locator('.tx-row__id')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('title')));
const filter = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Filter by status' })
    .getByRole('button', { name: new RegExp(`^${name}\\b`) });

async function expectShown(page: Page, expected: SignatureTransaction[]) {
  await expect(rows(page)).toHaveCount(expected.length);
  await expect.poll(() => shownIds(page)).toEqual(expected.map((t) => t.id));
}

test('the status filter changes what is listed, lives in the URL and survives a reload', async ({
  page,
}) => {
  await signIn(page, DEMO.notary, '/signatures/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  const all = await apiTransactions(page);
  const pending = await apiTransactions(page, ['pending']);
  const pendingOrFailed = await apiTransactions(page, ['pending', 'failed']);
  // The filter has to narrow for the test to mean anything.
  expect(pending.length).toBeGreaterThan(0);
  expect(pending.length).toBeLessThan(all.length);
  expect(pendingOrFailed.length).toBeGreaterThan(pending.length);

  await expectShown(page, all);
  await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
  await expect(filter(page, 'All')).toHaveText(new RegExp(`${all.length}$`));
  await expect(filter(page, 'Pending')).toHaveText(new RegExp(`${pending.length}$`));

  await filter(page, 'Pending').click();
  await expect(page).toHaveURL(/\?status=pending$/);
  await expect(filter(page, 'Pending')).toHaveAttribute('aria-pressed', 'true');
  await expectShown(page, pending);
  await expect(rows(page).locator('.tx-status')).toHaveText(pending.map(() => 'Pending'));

  await filter(page, 'Failed').click();
  await expect(page).toHaveURL(/\?status=pending,failed$/);
  await expectShown(page, pendingOrFailed);

  await page.reload();
  await expectShown(page, pendingOrFailed);
  await expect(filter(page, 'Failed')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: /transactions?$/ })).toHaveText(
    `${pendingOrFailed.length} transaction${pendingOrFailed.length === 1 ? '' : 's'}`,
  );

  await filter(page, 'All').click();
  await expect(page).toHaveURL(/\/signatures\/transactions$/);
  await expectShown(page, all);
});

test('a row links its signature requests and shows OTP and times', async ({ page }) => {
  await signIn(page, DEMO.notary, '/signatures/transactions');
  const all = await apiTransactions(page);
  const ended = all.find((t) => t.completedOn && t.otpRequired && t.otpMethod === 'sms');
  const open = all.find((t) => t.status === 'pending' && !t.otpRequired);
  if (!ended || !open)
    throw new Error('the demo lacks a completed SMS or an open no-OTP transaction');
  await expectShown(page, all);

  const row = (id: string) => rows(page).filter({ has: page.locator(`[title="${id}"]`) });
  const done = row(ended.id);
  await expect(done.locator('.tx-status')).toHaveText('Completed');
  await expect(done.locator('.tx-row__otp dd')).toHaveText('Text message');
  await expect(done.locator('.tx-row__ended time')).toHaveAttribute(
    'datetime',
    ended.completedOn ?? '',
  );
  const links = done.getByRole('link');
  await expect(links).toHaveCount(ended.signatureRequests.length);
  const hrefs = await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')));
  expect(hrefs).toEqual(ended.signatureRequests.map((id) => `/signatures/${id}`));

  await expect(row(open.id).locator('.tx-row__otp dd')).toHaveText('Not required');
  await expect(row(open.id).locator('.tx-row__ended dd')).toHaveText('Not yet');
  const cancelled = all.find((t) => t.status === 'cancelled');
  if (cancelled) await expect(row(cancelled.id).locator('.tx-row__ended dd')).toHaveText('—');

  await expectAccessible(page);
  await screenshots(page, 'transactions-list');

  // The first link opens that request's page.
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`/signatures/${ended.signatureRequests[0]}$`));
});

test('a filter that matches nothing says so and offers everything back', async ({ page }) => {
  // A machine client has the permission but is party to no transaction.
  const machine = {
    id: 'acme-integration',
    secret: 'acme-integration-secret',
    name: 'acme-integration',
  };
  await signIn(page, machine, '/signatures/transactions?status=failed');
  expect(await apiTransactions(page)).toEqual([]);
  await expect(page.getByText('No failed transactions')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'transactions-empty');
  await page.getByRole('button', { name: 'Show all transactions' }).click();
  await expect(page.getByText('No transactions yet')).toBeVisible();
  await expect(page.getByText(/This sign-in is a machine client/)).toBeVisible();
});

test('transactions are only for those who may sign', async ({ page }) => {
  await signIn(page, DEMO.reviewer, '/signatures/transactions');
  await expect(page.getByText("You don't have permission to see this")).toBeVisible();
});

test('against a service that ignores the status filter, the list still shows only the chosen status', async ({
  page,
}) => {
  await signIn(page, DEMO.notary, '/signatures/transactions');
  const all = await apiTransactions(page);
  const pending = await apiTransactions(page, ['pending']);
  expect(pending.length).toBeLessThan(all.length);
  // A deployment whose filter parameter has another name: every call answers everything.
  await page.route('**/api/signatures/v2/transactions?**', async (route) => {
    const url = new URL(route.request().url());
    url.search = '';
    return route.fulfill({ response: await route.fetch({ url: url.toString() }) });
  });
  await filter(page, 'Pending').click();
  await expect(page).toHaveURL(/status=pending/);
  await expectShown(page, pending);
});
