import { type Page } from '@playwright/test';
import { expect, expectErrors, failedRequest, test } from './console-watch.ts';
import { CompleteSignatureRequestResultSchema } from '../src/contract/sandbox.ts';
import { SignatureRequestListSchema, SignatureRequestSchema } from '../src/contract/signatures.ts';
import { api } from './api.ts';
import { createEntity, hookIdOfEntity, rowOf } from './event-support.ts';
import { DEMO, signIn } from './support.ts';

interface ToastSeen {
  text: string;
  /** The paths (no query: each link is signed anew) of the toast's links. */
  links: string[];
}

/** Records every toast the page shows, however briefly (`window.toastsSeen`). */
function recordToasts() {
  const seen: ToastSeen[] = [];
  Object.assign(window, { toastsSeen: seen });
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        for (const toast of [node, ...node.querySelectorAll('.toast')]) {
          if (!toast.matches('.toast')) continue;
          const links = [...toast.querySelectorAll('a[href]')].map(
            (a) => new URL((a as HTMLAnchorElement).href).pathname,
          );
          seen.push({ text: toast.textContent ?? '', links });
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}
const toastsSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { toastsSeen: ToastSeen[] }).toastsSeen);

test('a DOCUMENT_READY toast appears after a sandbox control completes a signature request', async ({
  page,
  browser,
}) => {
  await page.addInitScript(recordToasts);
  await signIn(page, DEMO.admin);
  // Another owner, signed in at the same time, must not see acme's event.
  const other = await browser.newPage();
  await other.addInitScript(recordToasts);
  await signIn(other, DEMO.globex);
  const globexNews = async (name: string, count: number) => {
    await createEntity(other, name, 'globex');
    await expect
      .poll(async () => (await toastsSeen(other)).filter((t) => t.text.includes('Address changed')))
      .toHaveLength(count);
  };
  // Globex's own news reaches its page: its stream is open before acme's event.
  await globexNews('Gemma Before', 1);

  const list = await api(page).get(
    '/api/signatures/v2/requests?owner=acme&status=pending&limit=1',
    SignatureRequestListSchema,
  );
  const id = list.signatureRequests[0]?.id;
  expect(id).toBeTruthy();
  await api(page).post(
    `/api/sandbox/v1/signature-requests/${id}/complete`,
    {},
    CompleteSignatureRequestResultSchema,
    { status: 200 },
  );

  // Other specs complete and approve documents too, globex's among them: this request's own
  // event is known by its document, the sealed file the completion handed out.
  const completed = await api(page).get(
    `/api/signatures/v2/requests/${id}`,
    SignatureRequestSchema,
  );
  expect(completed.completedFileUrl).toMatch(/\/blobs\/.+signature=/);
  const sealed = new URL(completed.completedFileUrl ?? '', page.url()).pathname;
  const toastOf = (seen: ToastSeen[]) =>
    seen.filter((t) => t.text.includes('Document ready') && t.links.includes(sealed));
  await expect
    .poll(async () => toastOf(await toastsSeen(page)), { timeout: 15_000 })
    .toHaveLength(1);
  await expect(
    page.locator('.toast', { hasText: 'Document ready' }).getByRole('link', { name: 'Download' }),
  ).not.toHaveCount(0);
  // The gateway has streamed acme's event. Globex's next news comes after it: had the event
  // gone down globex's stream too, its toast would have come before this one.
  await globexNews('Gemma After', 2);
  expect(toastOf(await toastsSeen(other))).toEqual([]);
  await other.close();
});

test('a browser’s tabs share one event stream: seven tabs load, each hears every event, and the stream outlives the tab that read it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const streams: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/events' && request.resourceType() === 'eventsource')
      streams.push(url.search);
  });
  const live = (page: Page) => page.getByRole('status').filter({ hasText: 'Live' });
  const first = await context.newPage();
  await signIn(first, DEMO.admin, '/events');
  const tabs = [first];
  // A stream per tab took one of the browser's six connections to the console each: the
  // seventh tab then waited for good.
  for (let i = 2; i <= 7; i += 1) {
    const tab = await context.newPage();
    await tab.goto(`/events?tab=${i}`, { timeout: 15_000 });
    tabs.push(tab);
  }
  for (const tab of tabs) await expect(live(tab)).toBeVisible({ timeout: 10_000 });
  expect(streams).toEqual(['']);

  const heard = async (page: Page, name: string, listeners: Page[]) => {
    const entity = await createEntity(page, name);
    const hookId = await hookIdOfEntity(page, entity.entityId);
    for (const tab of listeners) await expect(rowOf(tab, hookId)).toBeVisible({ timeout: 15_000 });
  };
  await heard(first, 'Tabitha Tabs', tabs);

  // The tab reading the stream closes: another reads it, from the last event seen.
  await first.close();
  await expect.poll(() => streams.length).toBe(2);
  expect(streams[1]).toMatch(/^\?lastEventId=\d+$/);
  const rest = tabs.slice(1);
  for (const tab of rest) await expect(live(tab)).toBeVisible({ timeout: 10_000 });
  await heard(rest[0]!, 'Tobias Tabs', rest);
  await context.close();
});

test('news that comes while the toaster cannot be fetched leaves the console working, and shows once it can', async ({
  page,
}) => {
  expectErrors(failedRequest('GET', '/assets/toaster-[\\w-]+\\.js', 'INTERNET_DISCONNECTED'));
  // The toaster's chunk unreachable, as it is offline or mid-deploy: before, the first toast
  // failed its import outside every boundary, and the page went blank.
  const toaster = /\/assets\/toaster-[\w-]+\.js$/;
  let refused = 0;
  await page.route(toaster, (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await signIn(page, DEMO.admin, '/accounts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const tried = refused;
  await createEntity(page, 'Noor Offline');
  // The event came, and its toast asked for the toaster in vain: the console stands.
  await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThan(tried);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
  // Reachable again, and the connection back: the toast that waited is shown.
  await page.unroute(toaster);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.locator('.toast', { hasText: 'Address changed' })).toBeVisible();
});
