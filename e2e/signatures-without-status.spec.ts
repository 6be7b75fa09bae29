import { type Page } from '@playwright/test';
import { expect, test } from './console-watch.ts';
import {
  SignatureRequestListSchema,
  SignatureRequestSchema,
  type SignatureRequest,
} from '../src/contract/signatures.ts';
import { bothThemes, DEMO, expectAccessible, signIn } from './support.ts';

// ADR 016: the spec's signature request has no `status` and no `wetInk`, and the list's
// `status` filter is the reference service's own; a real deployment would ignore it and answer
// every request. Here the real service's answers lose both fields on their way to the browser,
// as a real deployment's would lack them, and every status filter the browser sends is
// recorded: the console must not filter, and must label rows by `completedOn`.

test.describe.configure({ timeout: 90_000 });

/** Strips `status` and `wetInk` from the list and detail answers; records the list's filters. */
async function withoutStatus(page: Page) {
  const sentStatus: (string | null)[] = [];
  const seen = new Map<string, Omit<SignatureRequest, 'status' | 'wetInk'>>();
  const strip = ({ status: _status, wetInk: _wetInk, ...rest }: SignatureRequest) => rest;
  await page.route('**/api/signatures/v2/requests?**', async (route) => {
    sentStatus.push(new URL(route.request().url()).searchParams.get('status'));
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const body = SignatureRequestListSchema.parse(await response.json());
    const signatureRequests = body.signatureRequests.map(strip);
    for (const row of signatureRequests) seen.set(row.id, row);
    return route.fulfill({ response, json: { ...body, signatureRequests } });
  });
  await page.route('**/api/signatures/v2/requests/*', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    return route.fulfill({
      response,
      json: strip(SignatureRequestSchema.parse(await response.json())),
    });
  });
  return { sentStatus, seen };
}

const rows = (page: Page) => page.locator('.sig-list > li');

/** Each listed row's id and badge, once the list has settled. */
async function shownRows(page: Page) {
  await expect(rows(page).first()).toBeVisible();
  await expect(page.locator('.sig-list')).not.toHaveAttribute('aria-busy', 'true');
  return rows(page).evaluateAll((items) =>
    items.map((item) => ({
      id: item.getAttribute('data-request-id') ?? '',
      status: item.querySelector('[data-status]')?.getAttribute('data-status'),
      label: item.querySelector('[data-status]')?.textContent,
    })),
  );
}

test('without status the list has no tabs, labels rows by completedOn and never filters', async ({
  page,
}) => {
  const { sentStatus, seen } = await withoutStatus(page);
  // A tab's address from elsewhere (a bookmark made against the reference service).
  await signIn(page, DEMO.notary, '/signatures?status=completed&order=oldest');
  await expect(page.getByRole('heading', { name: 'Signature requests' })).toBeVisible();
  // The tab the deployment cannot filter by leaves the address; the order stays.
  await expect(page).toHaveURL(/\/signatures\?order=oldest$/);
  await expect(page.getByRole('navigation', { name: 'Request status' })).toHaveCount(0);

  const first = await shownRows(page);
  for (const row of first) {
    const completed = Boolean(seen.get(row.id)?.completedOn);
    expect(row.status).toBe(completed ? 'completed' : 'open');
    expect(row.label).toBe(completed ? 'Completed' : 'Open');
  }
  // Every request is listed, not only completed ones.
  expect(new Set(first.map((r) => r.status))).toEqual(new Set(['open', 'completed']));
  await expectAccessible(page);
  await bothThemes(page, 'signatures-without-status');

  // Another order and the next page: still nothing filtered by status.
  await page.getByRole('combobox').selectOption('newest');
  await expect(page).toHaveURL(/\/signatures$/);
  await shownRows(page);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/cursor=/);
  for (const row of await shownRows(page)) expect(['open', 'completed']).toContain(row.status);
  expect(sentStatus.length).toBeGreaterThan(2);
  expect(sentStatus.filter((status) => status !== null)).toEqual([]);
});

test('without status and wetInk the detail shows Open or Completed, and says nothing it cannot know', async ({
  page,
}) => {
  await withoutStatus(page);
  await signIn(page, DEMO.notary, '/signatures');
  const open = rows(page)
    .filter({ has: page.locator('[data-status="open"]') })
    .first();
  const name = await open.locator('.sig-row-item__link').innerText();
  await open.locator('.sig-row-item__link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('.app-page__header [data-status="open"]')).toHaveText('Open');
  // Whether it is signed on paper is the deployment's workflow: no row guesses it, and the
  // scan is offered (the upload link, asked for when a scan is chosen, decides).
  const signing = page.getByRole('region', { name: 'Signing' });
  await expect(signing.locator('dt', { hasText: 'Signed in' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Wet-ink scan' })).toBeVisible();
  await expectAccessible(page);
  await bothThemes(page, 'signatures-without-status-open');

  await page.getByRole('link', { name: '← Signature requests' }).click();
  const completed = rows(page)
    .filter({ has: page.locator('[data-status="completed"]') })
    .first();
  await completed.locator('.sig-row-item__link').click();
  await expect(page.locator('.app-page__header [data-status="completed"]')).toHaveText('Completed');
  await expect(page.getByRole('link', { name: 'Download the completed file' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wet-ink scan' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expectAccessible(page);
});
