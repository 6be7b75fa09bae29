import { type Page } from '@playwright/test';
import { errorAnswer, expect, expectErrors, test } from './console-watch.ts';
import {
  QcProcessListSchema,
  QcRequestListSchema,
  type QcRequestStatus,
} from '../src/contract/qc.ts';
import { api } from './api.ts';
import { DEMO, expectAccessible, screenshots, shot, signIn } from './support.ts';
import { QUEUE_PAGE_SIZE } from '../src/app/features/qc/queue-request.ts';

// The seeded demo's queue, as a reviewer sees it. Other specs make requests of their own (the
// newest of the queue) and decide them while these run, so every expectation about the data
// is taken from the API at the time, and retried (with a reload) if one lands in between.

async function apiList(page: Page, query: string) {
  return api(page).get(`/api/qc/v2/qc/requests?owner=acme&${query}`, QcRequestListSchema);
}

async function apiProcesses(page: Page) {
  return api(page).get('/api/qc/v2/qc/processes?owner=acme&archived=false', QcProcessListSchema);
}

const tab = (page: Page, status: QcRequestStatus) =>
  page.getByRole('navigation', { name: 'Request status' }).getByRole('link', {
    name: new RegExp(`^${status}`, 'i'),
  });
const list = (page: Page) => page.getByRole('list', { name: /requests$/ });
const rows = (page: Page) => list(page).getByRole('listitem');

test('tabs carry the counts the API gives, and each tab lists its requests', async ({ page }) => {
  await signIn(page, DEMO.reviewer);
  await expect(page).toHaveURL(/\/qc$/);
  await expect(page.getByRole('heading', { name: 'QC queue' })).toBeVisible();
  await expect(tab(page, 'pending')).toHaveAttribute('aria-current', 'page');
  await expect(async () => {
    await page.reload();
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      const { pagination } = await apiList(page, `status=${status}&limit=1`);
      expect(pagination.totalCount).toBeGreaterThan(0);
      await expect(tab(page, status)).toHaveText(
        new RegExp(`${pagination.totalCount.toLocaleString('en-US')}$`),
        { timeout: 2_000 },
      );
    }
  }).toPass({ timeout: 25_000 });
  await expect(rows(page).first()).toBeVisible();

  await tab(page, 'rejected').click();
  await expect(page).toHaveURL(/status=rejected/);
  await expect(tab(page, 'rejected')).toHaveAttribute('aria-current', 'page');
  // Rejected requests show their rework note.
  await expect(rows(page).first().getByText('Rework')).toBeVisible();
});

test('a process filter narrows the list, lives in the URL and survives a reload', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const { qcProcesses } = await apiProcesses(page);
  const poa = qcProcesses.find((p) => p.displayName.startsWith('Power of attorney'));
  if (!poa) throw new Error('the demo has no power of attorney process');

  await page.getByLabel('Process').selectOption(poa.id);
  await expect(page).toHaveURL(new RegExp(`process=${poa.id}`));
  const check = async () => {
    const api = await apiList(page, `status=pending&processId=${poa.id}&limit=1`);
    await expect(tab(page, 'pending')).toHaveText(new RegExp(`${api.pagination.totalCount}$`), {
      timeout: 2_000,
    });
    // Every row on screen is of that process, and there are fewer than unfiltered.
    const names = await rows(page).locator('.qc-row__process').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain(poa.displayName);
  };
  await expect(check).toPass({ timeout: 15_000 });
  const all = await apiList(page, 'status=pending&limit=1');
  const filtered = await apiList(page, `status=pending&processId=${poa.id}&limit=1`);
  expect(filtered.pagination.totalCount).toBeLessThan(all.pagination.totalCount);

  await page.reload();
  await expect(page.getByLabel('Process')).toHaveValue(poa.id);
  await expect(check).toPass({ timeout: 15_000 });

  // Tabs keep the filter; clearing it brings the whole queue back.
  await tab(page, 'approved').click();
  await expect(page).toHaveURL(new RegExp(`status=approved.*process=${poa.id}`));
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/process=/);
  await expect(page.getByLabel('Process')).toHaveValue('');
});

test('sorting newest first puts the newest request on top', async ({ page }) => {
  await signIn(page, DEMO.reviewer);
  await page.getByLabel('Sort').selectOption('newest');
  await expect(page).toHaveURL(/order=newest/);
  await expect(async () => {
    await page.reload();
    const newest = await apiList(page, 'status=pending&orderDirection=desc&limit=2');
    const oldest = await apiList(page, 'status=pending&orderDirection=asc&limit=1');
    const top = newest.qcRequests[0];
    if (!top) throw new Error('no pending requests');
    expect(top.id).not.toBe(oldest.qcRequests[0]?.id);
    await expect(rows(page).first().getByRole('link')).toHaveAttribute(
      'href',
      `/qc/${top.id}?status=pending&order=newest`,
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 20_000 });
});

test('j/k move the selection, Enter opens the request, and coming back keeps the place', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  await expect(rows(page).nth(3)).toBeVisible();
  const links = rows(page).getByRole('link');
  await page.keyboard.press('j');
  await expect(links.nth(0)).toBeFocused();
  await expect(links.nth(0)).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(links.nth(1)).toBeFocused();
  await expect(links.nth(0)).not.toHaveAttribute('aria-current', 'true');

  // Far enough down that the list has to scroll to keep the selection in view.
  for (let i = 0; i < 18; i += 1) await page.keyboard.press('j');
  const selected = list(page).locator('li[aria-posinset="20"]').getByRole('link');
  await expect(selected).toBeFocused();
  await expect(selected).toHaveAttribute('aria-current', 'true');
  await expect(selected).toBeInViewport();
  const scroller = page.locator('[data-qc-scroller]');
  const scrolled = await scroller.evaluate((element) => element.scrollTop);
  expect(scrolled).toBeGreaterThan(200);
  const matter = await selected.innerText();
  const href = await selected.getAttribute('href');
  expect(href).toMatch(/^\/qc\/[0-9a-f-]{36}\?status=pending&order=oldest$/);

  // `/` goes to the filters; Escape comes back to the list.
  await page.keyboard.press('/');
  await expect(page.getByLabel('Process')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(selected).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href ?? '');
  await page.goBack();
  await expect(page).toHaveURL(/\/qc$/);
  const again = rows(page).getByRole('link', { name: matter, exact: true });
  await expect(again).toHaveAttribute('aria-current', 'true');
  await expect(again).toBeFocused();
  await expect(again).toBeInViewport();
  const restored = await scroller.evaluate((element) => element.scrollTop);
  expect(Math.abs(restored - scrolled)).toBeLessThan(80);
});

test('a long list keeps few rows in the DOM, loads more as it scrolls, and offers a failed page again', async ({
  page,
}) => {
  // The count the list itself was given: specs running beside this one decide requests, so
  // a count asked for afterwards may already differ.
  const firstPage = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/qc/v2/qc/requests' &&
      url.searchParams.get('status') === 'pending' &&
      url.searchParams.get('limit') === String(QUEUE_PAGE_SIZE) &&
      !url.searchParams.has('cursor')
    );
  });
  await signIn(page, DEMO.reviewer);
  await expect(rows(page).first()).toBeVisible();
  const { pagination } = QcRequestListSchema.parse(await (await firstPage).json());
  // Several pages in when the data allows: each next page must load on the way.
  expect(Math.min(pagination.totalCount, 110)).toBeGreaterThan(60);
  // The list's size as the list has it now: a decision made beside this spec leaves it live
  // (one fewer), between the first page's answer and here, or while it scrolls.
  const size = async () => Number(await rows(page).first().getAttribute('aria-setsize'));
  await expect.poll(size).toBeLessThanOrEqual(pagination.totalCount);
  expect(await size()).toBeGreaterThan(pagination.totalCount - 30);

  // The next page fails, its retries too: the foot says so, and asks again only when told.
  expectErrors(errorAnswer(503, 'GET', '/api/qc/v2/qc/requests'));
  let failing = true;
  await page.route(
    (url) => url.pathname === '/api/qc/v2/qc/requests' && url.searchParams.has('cursor'),
    (route) =>
      failing ? route.fulfill({ status: 503, json: { message: 'Unavailable' } }) : route.fallback(),
  );
  const toEnd = () =>
    page
      .locator('[data-qc-scroller]')
      .evaluate((scroller) => scroller.scrollTo(0, scroller.scrollHeight));
  await toEnd();
  const failed = page
    .getByRole('alert')
    .filter({ hasText: 'The next requests could not be loaded' });
  await expect(failed).toBeVisible();
  // What the foot says is loaded: all of it once the last page is in.
  const foot = page.locator('.qc-list__foot[role="status"]');
  const loaded = async () => {
    const said = (await foot.textContent()) ?? '';
    return /^All /.test(said)
      ? Infinity
      : Number(said.match(/^([\d,]+) of/)?.[1]?.replace(/,/g, ''));
  };
  const before = await loaded();
  failing = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toHaveCount(0);
  await expect.poll(loaded).toBeGreaterThan(before);

  // Five pages in (or all there are), each asked for as the last is reached, on a machine the
  // other specs share. The rows at the end are in the DOM: the last loaded is.
  await expect(async () => {
    await toEnd();
    expect(await loaded()).toBeGreaterThanOrEqual(Math.min(await size(), 110));
  }).toPass({ timeout: 45_000 });
  // Scrolled to the end, the last loaded row is in the DOM. Read again if the foot says
  // "Loading more…" (no count in it), or if a page came in after the scroll, below it.
  await expect(async () => {
    await toEnd();
    const last = Math.min(await loaded(), await size());
    expect(last).not.toBeNaN();
    await expect(list(page).locator(`li[aria-posinset="${last}"]`)).toBeAttached({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  const rendered = await rows(page).count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(40);
  await expect(list(page).locator('li[aria-posinset="1"]')).toHaveCount(0);
});

test('while the queue is read, what a review needs is fetched: its code, pdf.js and its worker', async ({
  page,
}) => {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const name = /^\/assets\/(qc-review|pdfjs|pdf\.worker\.min)-[\w-]+\.m?js$/.exec(
      new URL(request.url()).pathname,
    )?.[1];
    if (name) fetched.add(name);
  });
  await signIn(page, DEMO.reviewer);
  await expect(rows(page).first()).toBeVisible();
  // Nothing is opened: the page asks for them once it is idle.
  await expect
    .poll(() => [...fetched].sort(), { timeout: 15_000 })
    .toEqual(['pdf.worker.min', 'pdfjs', 'qc-review']);
  await expect(page).toHaveURL(/\/qc$/);
});

test('the queue is accessible and reads well on desktop and phone', async ({ page }) => {
  await signIn(page, DEMO.reviewer);
  await expect(rows(page).first()).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expectAccessible(page);
  await screenshots(page, 'qc-queue');
  await tab(page, 'rejected').click();
  await expect(rows(page).first().getByText('Rework')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'qc-queue-rejected-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows(page).first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'qc-queue-rejected-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('against a service that ignores the status filter, a tab lists only its status and claims no counts', async ({
  page,
}) => {
  // A cursor read under one status, sent with none, is refused by the service (400).
  expectErrors(errorAnswer(400, 'GET', '/api/qc/v2/qc/requests'));
  // The QC request list is not in the spec: a deployment may not know our `status` filter.
  const statusesSent: string[] = [];
  let countsAnswered = 0;
  await page.route('**/api/qc/v2/qc/requests?**', async (route) => {
    const url = new URL(route.request().url());
    statusesSent.push(url.searchParams.get('status') ?? '');
    url.searchParams.delete('status');
    // A read the page gives up on meanwhile (a tab left, a newer read) has nothing to answer.
    const response = await route.fetch({ url: url.toString() }).catch(() => undefined);
    if (!response) return;
    await route.fulfill({ response }).catch(() => {});
    if (url.searchParams.get('limit') === '1') countsAnswered += 1;
  });
  await signIn(page, DEMO.reviewer, '/qc?status=rejected');
  await expect(rows(page).first()).toBeVisible();
  expect(statusesSent).toContain('rejected');
  // Every row shown is a rejected one (each shows its rework note), though the service sent all.
  // (Counted as "none without", since more rows render as the list settles.)
  expect(await rows(page).count()).toBeGreaterThan(0);
  await expect(rows(page).filter({ hasNotText: 'Rework' })).toHaveCount(0);
  // The totals the service gave count every status: the tabs say nothing rather than mislead.
  await expect.poll(() => countsAnswered).toBeGreaterThanOrEqual(3);
  for (const status of ['pending', 'approved', 'rejected'] as const) {
    const count = page.getByTestId(`count-${status}`);
    // Read, not still loading: the "–" is the page's answer, not a placeholder.
    await expect(count).not.toHaveAttribute('aria-busy', 'true');
    await expect(count).toHaveText('–');
  }
  // A list read still on its way when the test ends (the queue reads again on its own) must
  // not fail it once the page is gone.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
