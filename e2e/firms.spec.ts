import { type Page } from '@playwright/test';
import { expect, expectErrors, test } from './console-watch.ts';
import { FirmListSchema } from '../src/contract/accounts.ts';
import { api } from './api.ts';
import { DEMO, expectAccessible, screenshots, signIn } from './support.ts';

// Nothing creates or renames firms, but the expectations still come from the API at the time
// rather than from the seed, so a change of demo data cannot make these pass by accident.

/** Every page of the acme firm list, as the API pages it, by name in `dir` order. */
async function apiPages(page: Page, size: number, dir: 'asc' | 'desc') {
  const pages: string[][] = [];
  let cursor = '';
  let totalCount: number;
  do {
    const body = await api(page).get('/api/accounts/v1/firms', FirmListSchema, {
      query: {
        owner: 'acme',
        orderBy: 'name',
        orderDirection: dir,
        limit: size,
        cursor: cursor || undefined,
      },
    });
    pages.push(body.firms.map((f) => f.name));
    totalCount = body.pagination.totalCount;
    cursor = body.pagination.nextCursor;
  } while (cursor);
  return { pages, totalCount };
}

const table = (page: Page) => page.getByRole('table', { name: 'Firms' });
const names = (page: Page) => table(page).locator('tbody th');
const summary = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).getByRole('status');
const next = (page: Page) => page.getByRole('link', { name: 'Next' });
const previous = (page: Page) => page.getByRole('link', { name: 'Previous' });

async function expectPage(page: Page, rows: string[], from: number, total: number) {
  await expect(names(page)).toHaveText(rows);
  await expect(summary(page)).toHaveText(`Showing ${from}–${from + rows.length - 1} of ${total}`);
}

test('firms page forward and back by cursor, and the URL holds the page', async ({ page }) => {
  // A reviewer has no accounts permission: firms are for anyone signed in.
  await signIn(page, DEMO.reviewer, '/firms?size=5');
  await expect(page.getByRole('heading', { name: 'Firms', level: 1 })).toBeVisible();
  const { pages, totalCount } = await apiPages(page, 5, 'asc');
  // Three pages at least, so going back from the last one follows a real previousCursor.
  expect(pages.length).toBeGreaterThanOrEqual(3);
  const [first = [], second = [], third = []] = pages;

  await expectPage(page, first, 1, totalCount);
  await expect(previous(page)).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByLabel('Per page')).toHaveValue('5');

  await next(page).click();
  await expect(page).toHaveURL(/[?&]page=2&cursor=[^&]+/);
  await expectPage(page, second, 6, totalCount);
  expect(second[0]).not.toBe(first[0]);

  // From the keyboard: focus stays on Next, which stays reachable.
  await next(page).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]page=3&/);
  await expectPage(page, third, 11, totalCount);
  await expect(next(page)).toBeFocused();

  // A reload (or a shared link) opens the same page.
  await page.reload();
  await expectPage(page, third, 11, totalCount);

  await previous(page).click();
  await expect(page).toHaveURL(/[?&]page=2&/);
  await expectPage(page, second, 6, totalCount);

  // Each page is a history entry: the browser's Back walks back through them.
  await page.goBack();
  await expectPage(page, third, 11, totalCount);
  await page.goBack();
  await expectPage(page, second, 6, totalCount);
  await page.goBack();
  await expectPage(page, first, 1, totalCount);
  await expect(page).not.toHaveURL(/cursor=/);

  // Back to page 1 with Previous lands on the same cursor-less address.
  await next(page).click();
  await expectPage(page, second, 6, totalCount);
  await previous(page).click();
  await expectPage(page, first, 1, totalCount);
  expect(new URL(page.url()).search).toBe('?dir=asc&size=5');
});

test('descending order reverses the list, and the page size sets the row count', async ({
  page,
}) => {
  await signIn(page, DEMO.notary, '/firms');
  const asc = await apiPages(page, 500, 'asc');
  const all = asc.pages.flat();
  expect(all.length).toBeGreaterThan(10);
  expect(all.length).toBeLessThanOrEqual(25);
  await expectPage(page, all, 1, asc.totalCount);

  await page.getByLabel('Order').selectOption({ label: 'Name, Z to A' });
  await expect(page).toHaveURL(/dir=desc/);
  await expectPage(page, [...all].reverse(), 1, asc.totalCount);
  await expect(table(page).getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  await page.getByLabel('Per page').selectOption('10');
  await expect(page).toHaveURL(/size=10/);
  const desc = await apiPages(page, 10, 'desc');
  await expect(names(page)).toHaveCount(10);
  await expectPage(page, desc.pages[0] ?? [], 1, desc.totalCount);
  await next(page).click();
  await expectPage(page, desc.pages[1] ?? [], 11, desc.totalCount);
  await expect(next(page)).toHaveAttribute('aria-disabled', 'true');

  await page.reload();
  await expectPage(page, desc.pages[1] ?? [], 11, desc.totalCount);
  await expect(page.getByLabel('Order')).toHaveValue('desc');
  await expect(page.getByLabel('Per page')).toHaveValue('10');
});

test('the firm list passes axe on its first and last pages, wide and narrow', async ({ page }) => {
  await signIn(page, DEMO.notary, '/firms?dir=asc&size=25');
  await expect(summary(page)).toHaveText(/^Showing 1–/);
  await expectAccessible(page);
  await screenshots(page, 'firms-list');
  await page.getByLabel('Per page').selectOption('10');
  await next(page).click();
  await expect(summary(page)).toHaveText(/^Showing 11–/);
  await expectAccessible(page);
  await screenshots(page, 'firms-list-last-page');
});

test('a link to a page the service no longer accepts offers the first page', async ({ page }) => {
  // The cursor the test makes up, which the service refuses.
  expectErrors(/^400 GET .*\/api\/accounts\/v1\/firms\?.*cursor=not-a-real-cursor$/);
  await signIn(page, DEMO.reviewer, '/firms?dir=asc&size=5&page=2&cursor=not-a-real-cursor');
  await expect(page.getByText('This page of the list is no longer available')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'firms-bad-link');
  await page.getByRole('button', { name: 'Go to the first page' }).click();
  await expect(names(page)).toHaveCount(5);
  expect(new URL(page.url()).search).toBe('?dir=asc&size=5');
});
