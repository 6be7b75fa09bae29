import { type Page } from '@playwright/test';
import { expect, expectErrors, failedRequest, test } from './console-watch.ts';
import { CompleteSignatureRequestResultSchema } from '../src/contract/sandbox.ts';
import { ReceivedEventListSchema } from '../src/contract/session.ts';
import { SignatureRequestListSchema } from '../src/contract/signatures.ts';
import { AddressChangePayloadSchema } from '../src/contract/webhooks.ts';
import { api } from './api.ts';
import {
  createEntity,
  forgeDelivery,
  hookIdOfEntity,
  REFUSED_LIST,
  rowOf,
} from './event-support.ts';
import { DEMO, expectAccessible, screenshots, signIn } from './support.ts';

// The event log against the real gateway and the embedded sandbox service: every row here
// is a real signed webhook delivery, triggered through the API from the page.

/** Counts GET /events/recent of verified events from now on: a live row must not need one. */
function countRecentLoads(page: Page): () => number {
  let loads = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/events/recent' && !url.searchParams.has('check')) loads += 1;
  });
  return () => loads;
}

async function openLiveEvents(page: Page) {
  await signIn(page, DEMO.admin, '/events');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  // The stream is open before anything is triggered, so the row can only come over it.
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await expect(page.getByText(/Loading events/)).toHaveCount(0);
}

test('an ADDRESS_CHANGE row appears live, verified with its hook-id, and stays newest first after a reload', async ({
  page,
}) => {
  await openLiveEvents(page);
  const loads = countRecentLoads(page);

  const first = await createEntity(page, 'Avery Address');
  const firstHook = await hookIdOfEntity(page, first.entityId);
  const firstRow = rowOf(page, firstHook);
  await expect(firstRow).toBeVisible({ timeout: 15_000 });
  await expect(firstRow.getByRole('heading', { name: 'Address change' })).toBeVisible();
  await expect(firstRow.getByText('Verified', { exact: true })).toBeVisible();
  await expect(firstRow).toContainText(
    `Official and mailing addresses written for an entity on account ${first.crid}.`,
  );

  const second = await createEntity(page, 'Blair Address');
  const secondHook = await hookIdOfEntity(page, second.entityId);
  await expect(rowOf(page, secondHook)).toBeVisible({ timeout: 15_000 });
  expect(loads()).toBe(0);
  // The rows are the news here: no toast repeats them (a toast and its row render together).
  expect(await page.locator('.toast').count()).toBe(0);

  const hookIds = () => page.locator('.events-list .event__hook-id').allTextContents();
  const before = await hookIds();
  expect(before.indexOf(secondHook)).toBeLessThan(before.indexOf(firstHook));

  await page.reload();
  await expect(rowOf(page, firstHook)).toBeVisible();
  const after = await hookIds();
  expect(after.indexOf(secondHook)).toBeGreaterThanOrEqual(0);
  expect(after.indexOf(secondHook)).toBeLessThan(after.indexOf(firstHook));
  await expect(rowOf(page, firstHook).getByText('Verified', { exact: true })).toBeVisible();

  // The payload unfolds from the keyboard and holds what the service sent.
  const summary = rowOf(page, secondHook).getByText('Payload', { exact: true });
  await summary.focus();
  await page.keyboard.press('Enter');
  const json = rowOf(page, secondHook).locator('.payload__json');
  await expect(json).toBeVisible();
  const payload = AddressChangePayloadSchema.parse(JSON.parse((await json.textContent()) ?? '{}'));
  expect(payload).toMatchObject({
    entityId: second.entityId,
    crid: second.crid,
    addressTypes: ['official', 'mailing'],
  });

  await expectAccessible(page);
  await screenshots(page, 'events-received');
});

test('filters live in the URL and survive a reload; search finds a row by hook-id', async ({
  page,
}) => {
  await openLiveEvents(page);
  const entity = await createEntity(page, 'Casey Filter');
  const hookId = await hookIdOfEntity(page, entity.entityId);
  await expect(rowOf(page, hookId)).toBeVisible({ timeout: 15_000 });

  await page.getByLabel('Event type').selectOption('DOCUMENT_READY');
  await expect(page).toHaveURL(/[?&]type=DOCUMENT_READY/);
  await expect(rowOf(page, hookId)).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Event type')).toHaveValue('DOCUMENT_READY');
  await expect(rowOf(page, hookId)).toHaveCount(0);

  await page.getByLabel('Event type').selectOption('ADDRESS_CHANGE');
  await page.getByLabel('Search').fill(hookId);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${hookId}`));
  await expect(page.locator('.events-list > li')).toHaveCount(1);
  await expect(rowOf(page, hookId)).toBeVisible();

  // The refused list is another list under the same filters: a verified row is not in it.
  await page.getByRole('link', { name: /^Refused/ }).click();
  await expect(page).toHaveURL(/[?&]check=refused/);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${hookId}`));
  await expect(page.getByRole('link', { name: /^Refused/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText(/No events match these filters|No refused deliveries/)).toBeVisible();
  await page.getByRole('link', { name: /^Verified/ }).click();
  await expect(page).not.toHaveURL(/check=/);
  await expect(rowOf(page, hookId)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByLabel('Search')).toHaveValue('');
  await expect(rowOf(page, hookId)).toBeVisible();
});

test('a DOCUMENT_READY row links to the download while valid, then says when it expired', async ({
  page,
}) => {
  // The browser's clock only: the countdown must move on its own, without a reload.
  await page.clock.install();
  await openLiveEvents(page);

  const { signatureRequests } = await api(page).get(
    '/api/signatures/v2/requests?owner=acme&status=pending&limit=50',
    SignatureRequestListSchema,
  );
  // Any pending one: other specs complete the first, perhaps at the same time.
  const id = signatureRequests[Math.floor(Math.random() * signatureRequests.length)]?.id;
  expect(id).toBeTruthy();
  const { messageId: hookId } = await api(page).post(
    `/api/sandbox/v1/signature-requests/${id}/complete`,
    {},
    CompleteSignatureRequestResultSchema,
    { status: 200 },
  );

  const row = rowOf(page, hookId);
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByRole('heading', { name: 'Document ready' })).toBeVisible();
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();
  const link = row.getByRole('link', { name: 'Download signed PDF' });
  await expect(link).toHaveAttribute('href', /\/blobs\/.+signature=/);
  await expect(row).toContainText(/Link expires in (59 min|1 h)/);

  // The link is the real one: it serves the signed PDF.
  const href = (await link.getAttribute('href')) ?? '';
  const served = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, head: (await response.text()).slice(0, 5) };
  }, href);
  expect(served).toEqual({ status: 200, head: '%PDF-' });

  await row.getByText('Payload', { exact: true }).click();
  await expect(row.locator('.payload__json')).toContainText(href);
  await expectAccessible(page);
  await screenshots(page, 'events-document-ready');

  await page.clock.fastForward('30:00');
  await expect(row).toContainText(/Link expires in (29|30) min/);
  await page.clock.fastForward('31:00');
  await expect(row).toContainText(/Download link expired at /);
  await expect(row.getByRole('link', { name: 'Download signed PDF' })).toHaveCount(0);
  await screenshots(page, 'events-document-expired');
});

test('a sandbox admin sees the service’s deliveries and redelivers one; the received list keeps one row per hook-id', async ({
  page,
}) => {
  await openLiveEvents(page);
  const entity = await createEntity(page, 'Drew Redeliver');
  const hookId = await hookIdOfEntity(page, entity.entityId);
  await expect(rowOf(page, hookId)).toBeVisible({ timeout: 15_000 });

  await page.getByRole('link', { name: /Sent by the service/ }).click();
  await expect(page).toHaveURL(/[?&]view=sent/);
  const sent = page
    .getByRole('list', { name: 'Service deliveries, newest first' })
    .getByRole('listitem')
    .filter({ has: page.locator('.event__hook-id', { hasText: hookId }) });
  await expect(sent).toBeVisible();
  await expect(sent.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(sent.getByText('received', { exact: true })).toBeVisible();

  await sent.getByText('Attempt history').click();
  const attempts = sent.locator('.delivery__attempts tbody tr');
  await expect(attempts).toHaveCount(1);
  await expect(attempts.first()).toContainText('try 1');
  await expect(attempts.first()).toContainText('HTTP 204');

  await sent.getByRole('button', { name: 'Redeliver' }).click();
  await expect(sent.getByText('Sent again with the same hook-id.')).toBeVisible();
  await expect(attempts).toHaveCount(2, { timeout: 15_000 });
  await expect(attempts.nth(1)).toContainText('HTTP 204');
  await expect(attempts.nth(1)).toContainText('redelivery');
  await expect(sent.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(sent).toContainText('1 of 9');

  await expectAccessible(page);
  await screenshots(page, 'events-sent');

  // The gateway took the second delivery (204) as the same message: still one row.
  await page.getByRole('link', { name: 'Received' }).click();
  await expect(rowOf(page, hookId)).toHaveCount(1);
  await page.reload();
  await expect(rowOf(page, hookId)).toHaveCount(1);
  const recent = await api(page).get('/events/recent', ReceivedEventListSchema);
  expect(recent.events.filter((e) => e.hookId === hookId)).toHaveLength(1);
});

test('a delivery whose signature does not verify is listed apart as refused, and nothing in it is a link', async ({
  page,
  request,
}) => {
  // Anyone can post to the webhook endpoint: this one has no valid signature.
  const hookId = `msg_forged${Date.now()}`;
  const status = await forgeDelivery(request, 'acme', hookId, {
    crid: 'CR-FORGED',
    downloadUrl: 'https://attacker.example/signed.pdf',
  });
  expect(status).toBe(400);

  await signIn(page, DEMO.reviewer, '/events?check=refused');
  await expect(page.getByRole('link', { name: /^Refused/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const row = rowOf(page, hookId, REFUSED_LIST);
  await expect(row).toBeVisible();
  await expect(row.getByText('Refused', { exact: true })).toBeVisible();
  await expect(row).toContainText('The signature did not verify');
  await expect(row.getByRole('link')).toHaveCount(0);
  await row.getByText('Payload', { exact: true }).click();
  await expect(row.locator('.payload__json')).toContainText('https://attacker.example/signed.pdf');
  // Only refused rows here; and none of them among the verified events.
  await expect(page.locator('.events-list').getByText('Verified', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: /^Verified/ }).click();
  await expect(page.getByText(/Loading events/)).toHaveCount(0);
  await expect(page.locator('.event--refused')).toHaveCount(0);
  await expect(page.locator('.event__hook-id', { hasText: hookId })).toHaveCount(0);
});

test('210 forged deliveries push no verified event off the list; the refused list keeps the latest 50', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await openLiveEvents(page);
  const entity = await createEntity(page, 'Flora Flood');
  const hookId = await hookIdOfEntity(page, entity.entityId);
  await expect(rowOf(page, hookId)).toBeVisible({ timeout: 15_000 });
  const before = await api(page).get('/events/recent', ReceivedEventListSchema);

  const stamp = Date.now();
  const statuses: number[] = [];
  for (let i = 0; i < 209; i += 30) {
    const batch = Array.from({ length: Math.min(30, 209 - i) }, (_, j) =>
      forgeDelivery(request, 'acme', `msg_flood${stamp}_${i + j}`, { forged: i + j }),
    );
    statuses.push(...(await Promise.all(batch)));
  }
  // The last on its own, so it is surely the newest.
  statuses.push(await forgeDelivery(request, 'acme', `msg_flood${stamp}_last`, { forged: 209 }));
  expect(statuses.filter((s) => s === 400)).toHaveLength(210);

  await page.reload();
  await expect(rowOf(page, hookId)).toBeVisible();
  const after = await api(page).get('/events/recent', ReceivedEventListSchema);
  const listed = new Set(after.events.map((e) => e.hookId));
  expect(before.events.filter((e) => !listed.has(e.hookId))).toEqual([]);
  await expect(page.locator('.event--refused')).toHaveCount(0);

  await page.getByRole('link', { name: /^Refused/ }).click();
  const refused = page.getByRole('list', { name: REFUSED_LIST }).getByRole('listitem');
  await expect(refused).toHaveCount(50);
  await expect(page.getByText('50 refused deliveries', { exact: true })).toBeVisible();
  await expect(refused.first()).toContainText(`msg_flood${stamp}_last`);
  await expectAccessible(page);
  await screenshots(page, 'events-refused');
});

test('without the sandbox permission there is no deliveries view, even from a shared link', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer, '/events?view=sent');
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Event views' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Service deliveries' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Received events' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Redeliver' })).toHaveCount(0);
  await expectAccessible(page);
});

test('another owner sees only its own events, or the empty state', async ({ page }) => {
  await signIn(page, DEMO.globex, '/events');
  const recent = await api(page).get('/events/recent', ReceivedEventListSchema);
  expect(recent.events.every((e) => e.owner === 'globex')).toBe(true);
  if (recent.events.length === 0) {
    await expect(page.getByText('No events yet')).toBeVisible();
  } else {
    await expect(page.locator('.events-list > li')).toHaveCount(recent.events.length);
  }
  await expectAccessible(page);
  await screenshots(page, 'events-empty');
});

test('a failed load of the refused list shows its own error, and Try again recovers', async ({
  page,
}) => {
  // The list's load is refused at the socket, as the test asks.
  expectErrors(failedRequest('GET', '/events/recent', 'CONNECTION_REFUSED'));
  await signIn(page, DEMO.reviewer);
  const refusedList = (url: URL) =>
    url.pathname === '/events/recent' && url.searchParams.get('check') === 'refused';
  await page.route(refusedList, (route) => route.abort('connectionrefused'));
  await page.goto('/events?check=refused');
  await expect(page.getByText('The refused deliveries could not be loaded')).toBeVisible({
    timeout: 15_000,
  });
  await expectAccessible(page);
  await page.unroute(refusedList);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('The refused deliveries could not be loaded')).toHaveCount(0);
  await expect(page.getByText(/Loading refused deliveries/)).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: REFUSED_LIST }).or(page.getByText('No refused deliveries')),
  ).toBeVisible();
});

test('a failed load shows the error, and Try again recovers', async ({ page }) => {
  expectErrors(failedRequest('GET', '/events/recent', 'CONNECTION_REFUSED'));
  await signIn(page, DEMO.admin);
  // No answer at all, as when the network drops: the gateway itself is not imitated.
  await page.route('**/events/recent', (route) => route.abort('connectionrefused'));
  await page.getByRole('link', { name: 'Events' }).click();
  await expect(page.getByText('The events could not be loaded')).toBeVisible({ timeout: 15_000 });
  await expectAccessible(page);
  await page.unroute('**/events/recent');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('The events could not be loaded')).toHaveCount(0);
  await expect(page.getByText(/Loading events/)).toHaveCount(0);
  await expect(
    page
      .getByRole('list', { name: 'Received events, newest first' })
      .or(page.getByText('No events yet')),
  ).toBeVisible();
});
