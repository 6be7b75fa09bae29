import { randomUUID } from 'node:crypto';
import { type Page, type Request } from '@playwright/test';
import { errorAnswer, expect, expectErrors, failedRequest, test } from './console-watch.ts';
import { QcRequestListSchema } from '../src/contract/qc.ts';
import { SignatureRequestSchema, type SignatureRequest } from '../src/contract/signatures.ts';
import { api } from './api.ts';
import { scanPdf, createRequest, requestAwaitingScan, sendScan } from './scans.ts';
import { newFile } from './requests.ts';
import { DEMO, expectAccessible, screenshots, signIn } from './support.ts';

// The machine is shared with other test runs: uploads under throttling get room.
test.describe.configure({ timeout: 120_000 });

/** Every request the page sends, to count uploads and link requests. */
function recordRequests(page: Page) {
  const sent: Request[] = [];
  page.on('request', (request) => sent.push(request));
  return {
    uploads: () => sent.filter((r) => r.method() === 'POST' && /\/uploads(\?|$)/.test(r.url())),
    links: () => sent.filter((r) => r.url().includes('/uploadUrl')),
    confirms: () =>
      sent.filter((r) => r.method() === 'PATCH' && r.url().includes('/signatures/v2/requests/')),
  };
}

const picker = (page: Page) => page.locator('.sig-detail__scan input[type="file"]');
const progressOf = (page: Page) =>
  page
    .getByRole('progressbar', { name: /^Uploading/ })
    .evaluate((bar: HTMLProgressElement) => bar.value);
const statusOf = async (page: Page, id: string) =>
  (await api(page).get(`/api/signatures/v2/requests/${id}`, SignatureRequestSchema)).status;

test('a generated PDF uploads with real progress, is confirmed, and reaches the QC queue', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.notary);
  const request = await requestAwaitingScan(page);
  const sent = recordRequests(page);
  await page.goto(`/signatures/${request.id}`);
  await expect(page.locator('[data-status="awaitingWetInk"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wet-ink scan' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'wet-ink-choose');

  const token = `Scan ${randomUUID().slice(0, 8)}`;
  const pdf = await scanPdf(`${request.matterReference} signed in wet ink.\n${token}`, 1_500_000);
  // A slow uplink, so the bar is seen moving (the bytes are real; only the pace is set): slow
  // enough that however late the page is looked at, it is still on its way (about 25 s), and
  // at full speed once it has been seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 60 * 1024,
  });
  await picker(page).setInputFiles({
    name: 'signed-scan.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });

  await expect(page.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
  await expect.poll(() => progressOf(page), { timeout: 30_000 }).toBeGreaterThan(5);
  expect(await progressOf(page)).toBeLessThan(100);
  await screenshots(page, 'wet-ink-uploading');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(page.getByText('Scan uploaded and confirmed.')).toBeVisible({ timeout: 60_000 });
  expect(await progressOf(page)).toBe(100);
  await expect(page.getByRole('button', { name: 'Cancel upload' })).toHaveCount(0);
  await expect(page.locator('[data-status="wetInkUploaded"]')).toBeVisible();
  expect(sent.uploads()).toHaveLength(1);
  expect(sent.confirms()).toHaveLength(1);
  await expectAccessible(page);
  await screenshots(page, 'wet-ink-done');

  // The service agrees, and says so after a reload too.
  expect(await statusOf(page, request.id)).toBe('wetInkUploaded');
  await page.reload();
  await expect(page.locator('[data-status="wetInkUploaded"]')).toBeVisible();
  await expect(
    page.getByText('The signed scan has been uploaded and sent to QC review.'),
  ).toBeVisible();
  await expect(picker(page)).toHaveCount(0);

  // A reviewer sees the scan itself in the queue: the newest pending request, holding our bytes.
  const reviewer = await browser.newContext();
  const review = await reviewer.newPage();
  await signIn(review, DEMO.reviewer, '/qc?status=pending&order=newest');
  // Among the newest: another spec may scan a request of the same file at the same moment.
  const { qcRequests } = await api(review).get(
    '/api/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=desc&limit=5',
    QcRequestListSchema,
  );
  const ours: typeof qcRequests = [];
  for (const candidate of qcRequests.filter((q) => q.document.id === request.fileId)) {
    const stored = await review.request.get(candidate.fileUrl);
    if (Buffer.compare(await stored.body(), pdf) === 0) ours.push(candidate);
  }
  expect(ours, 'one pending QC request holds our bytes').toHaveLength(1);
  const qc = ours[0];
  expect(qc?.processName).toBe('Wet-ink scan review');
  expect(qc?.actors.map((a) => a.roleId)).toContain('uploader');
  const row = review.locator(`.qc-row__link[href*="/qc/${qc?.id}"]`);
  await expect(row).toHaveText(request.matterReference);
  await row.click();
  await expect(
    review.locator('.pdf-preview__stage .page[data-painted="true"] .textLayer').first(),
  ).toContainText(token, { timeout: 20_000 });
  await reviewer.close();
});

test('a file that is not a PDF, or is too large, is refused before anything is sent', async ({
  page,
}) => {
  await signIn(page, DEMO.notary);
  const request = await requestAwaitingScan(page);
  await page.goto(`/signatures/${request.id}`);
  await expect(picker(page)).toBeAttached();
  const sent = recordRequests(page);

  // A PNG renamed to .pdf: the first bytes decide, not the name.
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  await picker(page).setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: png });
  await expect(page.getByRole('alert')).toHaveText('“scan.pdf” is not a PDF.');
  await expectAccessible(page);
  await screenshots(page, 'wet-ink-refused');

  const big = Buffer.alloc(26 * 1024 * 1024, 0x20);
  big.write('%PDF-1.7\n');
  await picker(page).setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: big });
  await expect(page.getByRole('alert')).toHaveText('“huge.pdf” is 26.0 MB; the limit is 25 MB.');

  expect(sent.links()).toHaveLength(0);
  expect(sent.uploads()).toHaveLength(0);
  expect(await statusOf(page, request.id)).toBe('awaitingWetInk');
});

test('a failed upload and a refused confirmation each say so, and each is retried without starting over', async ({
  page,
}) => {
  // The upload and the confirmation are each cut at the socket once, as the test asks.
  expectErrors(
    failedRequest('POST', '/uploads', 'CONNECTION_REFUSED'),
    failedRequest('PATCH', '/api/signatures/v2/requests/[\\w-]+', 'CONNECTION_REFUSED'),
  );
  await signIn(page, DEMO.notary);
  const request = await requestAwaitingScan(page);
  await page.goto(`/signatures/${request.id}`);
  const sent = recordRequests(page);
  const pdf = await scanPdf('Signed in wet ink');

  // Storage cannot be reached for the first upload.
  await page.route(/\/uploads(\?|$)/, (route) => route.abort('connectionrefused'), { times: 1 });
  await picker(page).setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByRole('alert')).toHaveText(
    'The scan did not upload. The storage service could not be reached. Nothing was recorded; try again.',
  );
  expect(await statusOf(page, request.id)).toBe('awaitingWetInk');

  // The same file again, without choosing it again; this time the confirmation is lost.
  await page.route(
    `**/api/signatures/v2/requests/${request.id}`,
    (route) =>
      route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.fallback(),
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Try again with scan.pdf' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'The scan is uploaded but not yet confirmed. The service cannot be reached.',
  );
  await expect(page.getByRole('button', { name: 'Confirm again' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'wet-ink-confirm-failed');
  expect(await statusOf(page, request.id)).toBe('awaitingWetInk');

  await page.getByRole('button', { name: 'Confirm again' }).click();
  await expect(page.getByText('Scan uploaded and confirmed.')).toBeVisible();
  expect(await statusOf(page, request.id)).toBe('wetInkUploaded');
  // Two uploads (the refused one and the good one), never a third for the confirmation.
  expect(sent.uploads()).toHaveLength(2);
  expect(sent.confirms()).toHaveLength(2);
});

test('an upload link refused by the service says why', async ({ page }) => {
  expectErrors(errorAnswer(400, 'GET', '/api/signatures/v2/requests/[\\w-]+/uploadUrl'));
  await signIn(page, DEMO.notary);
  const request = await requestAwaitingScan(page);
  await page.goto(`/signatures/${request.id}`);
  await expect(picker(page)).toBeAttached();

  // Meanwhile someone else sends the scan and confirms it.
  const pdf = await scanPdf('Sent from elsewhere');
  expect(await sendScan(page, request.id, pdf)).toEqual({ uploaded: true, confirmed: 200 });

  const sent = recordRequests(page);
  await picker(page).setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByRole('alert')).toHaveText(
    'The service refused an upload link. This signature request is not awaiting a wet-ink scan (it is wetInkUploaded).',
  );
  expect(sent.uploads()).toHaveLength(0);
});

test('an upload can be cancelled: nothing is recorded and the request still awaits its scan', async ({
  page,
}) => {
  await signIn(page, DEMO.notary);
  const request = await requestAwaitingScan(page);
  await page.goto(`/signatures/${request.id}`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 100 * 1024,
  });
  const pdf = await scanPdf('Never sent', 2_000_000);
  await picker(page).setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect.poll(() => progressOf(page), { timeout: 30_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'The upload was cancelled.' }),
  ).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(picker(page)).toBeAttached();
  expect(await statusOf(page, request.id)).toBe('awaitingWetInk');
});

test('without status or wetInk, any open request offers a scan, and uploadUrl says when it takes none', async ({
  page,
}) => {
  expectErrors(errorAnswer(400, 'GET', '/api/signatures/v2/requests/[\\w-]+/uploadUrl'));
  await signIn(page, DEMO.notary, '/signatures');
  const file = await newFile();
  // An ordinary request: the reference service will not take a scan for it.
  const { id } = await createRequest(page, { fileId: file.id });
  // Its detail as a real deployment sends it: the reference-only fields dropped.
  const spec = ({ status: _status, wetInk: _wetInk, ...rest }: SignatureRequest) => rest;
  await page.route(`**/api/signatures/v2/requests/${id}`, async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    return route.fulfill({
      response,
      json: spec(SignatureRequestSchema.parse(await response.json())),
    });
  });
  const sent = recordRequests(page);
  await page.goto(`/signatures/${id}`);
  await expect(page.getByRole('heading', { name: 'Wet-ink scan' })).toBeVisible();
  await picker(page).setInputFiles({
    name: 'scan.pdf',
    mimeType: 'application/pdf',
    buffer: await scanPdf('Signed in ink'),
  });
  // The service's own 400 decides, and its reason is shown; nothing is uploaded.
  await expect(page.locator('.sig-detail__scan')).toContainText(/not marked for wet-ink signing/i);
  expect(sent.links()).toHaveLength(1);
  expect(sent.uploads()).toHaveLength(0);
  await expectAccessible(page);
});
