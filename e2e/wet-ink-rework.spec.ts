import { randomUUID } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, expectErrors, failedRequest, test } from './console-watch.ts';
import { QcRequestListSchema, QcRequestSchema } from '../src/contract/qc.ts';
import { SessionSchema } from '../src/contract/session.ts';
import { FIRST_SCREEN_DATA_ID } from '../src/contract/page-session.ts';
import { SignatureRequestSchema } from '../src/contract/signatures.ts';
import { jsonDataBlock } from '../src/shared/html.ts';
import { api } from './api.ts';
import { scanPdf, requestAwaitingScan, sendScanByApi } from './scans.ts';
import { bothThemes, DEMO, expectAccessible, FIRST_SCREEN_DATA, signIn } from './support.ts';

// The wet-ink rework loop end to end: QC rejects a scan with a failed check, the notary sees
// why on the signature request and uploads again, and the reviewer of the new scan sees it is
// a second submission and what was wrong the first time. The reference
// service's `scanReviews` and `earlierReviews` carry this (docs/interface-gaps.md), so the
// spec runs in the `chromium` project only (the strict one runs core-flows alone).

test.describe.configure({ timeout: 120_000 });

/** The pending QC request of this file's newest scan. */
async function scanReview(page: Page, fileId: string) {
  const { qcRequests } = await api(page).get(
    '/api/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=desc&limit=5',
    QcRequestListSchema,
  );
  const found = qcRequests.find((q) => q.document.id === fileId);
  if (!found) throw new Error('the scan is not in the queue');
  return found;
}

test('a rejected scan comes back to the notary with its reasons, and the rescan shows them to QC', async ({
  page,
  browser,
}) => {
  const token = randomUUID().slice(0, 8);
  const itemNote = `Signature on page 1 is cut off (${token})`;
  const reworkNotes = 'Rescan the whole packet at full size, with the seal visible.';

  await signIn(page, DEMO.notary);
  const request = await requestAwaitingScan(page);
  await sendScanByApi(page, request.id, `${request.matterReference} first scan`);

  // The reviewer rejects it with a failed check and rework notes.
  const reviewerContext = await browser.newContext();
  const reviewer = await reviewerContext.newPage();
  await signIn(reviewer, DEMO.reviewer);
  const first = await scanReview(reviewer, request.fileId);
  const failedItem = first.checklistItems[0]?.displayName ?? '';
  await reviewer.goto(`/qc/${first.id}?status=pending&order=newest`);
  await expect(reviewer.getByRole('heading', { name: request.matterReference })).toBeVisible();
  await expect(reviewer.getByRole('heading', { name: /Earlier submissions/ })).toHaveCount(0);
  await reviewer.locator('.check').first().getByRole('button', { name: 'Fail' }).click();
  await reviewer.getByRole('textbox', { name: /What is wrong/ }).fill(itemNote);
  await reviewer.getByLabel('Rework notes').fill(reworkNotes);
  const saved = reviewer.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(`/requests/${first.id}`),
  );
  await reviewer.getByRole('button', { name: 'Reject and next' }).click();
  expect((await saved).status()).toBe(200);

  // The notary sees why on the signature request, which awaits a scan again.
  await page.goto(`/signatures/${request.id}`);
  await expect(page.locator('[data-status="awaitingWetInk"]')).toBeVisible();
  const reasons = page.getByRole('region', { name: 'QC returned the scan' });
  await expect(reasons).toContainText('Returned by Riley Reviewer');
  await expect(reasons.getByRole('list', { name: 'Failed checks' })).toContainText(failedItem);
  await expect(reasons).toContainText(itemNote);
  await expect(reasons).toContainText(reworkNotes);
  await expectAccessible(page);
  await bothThemes(page, 'wet-ink-rework-returned');

  // The notary uploads the new scan from the panel.
  await page.locator('.sig-detail__scan input[type="file"]').setInputFiles({
    name: 'rescan.pdf',
    mimeType: 'application/pdf',
    buffer: await scanPdf(`${request.matterReference} second scan ${token}`),
  });
  await expect(page.getByText('Scan uploaded and confirmed.')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-status="wetInkUploaded"]')).toBeVisible();
  const stored = await api(page).get(
    `/api/signatures/v2/requests/${request.id}`,
    SignatureRequestSchema,
  );
  expect(stored.scanReviews?.map((r) => r.qcRequestId)).toEqual([first.id]);

  // The reviewer of the new scan sees it is the second, and what was wrong with the first.
  const second = await scanReview(reviewer, request.fileId);
  expect(second.id).not.toBe(first.id);
  await reviewer.goto(`/qc/${second.id}?status=pending&order=newest`);
  await expect(
    reviewer.locator('.pdf-preview__stage .page[data-painted="true"] .textLayer').first(),
  ).toContainText(token, { timeout: 20_000 });
  const earlier = reviewer.getByRole('region', { name: /Earlier submissions/ });
  await expect(earlier).toContainText('This is the second scan of this document.');
  await expect(earlier).toContainText('Rejected');
  await expect(earlier).toContainText('Riley Reviewer');
  await expect(earlier).toContainText(failedItem);
  await expect(earlier).toContainText(itemNote);
  await expect(earlier).toContainText(reworkNotes);
  const detail = await api(reviewer).get(`/api/qc/v2/qc/requests/${second.id}`, QcRequestSchema);
  expect(detail.earlierReviews?.map((r) => r.qcRequestId)).toEqual([first.id]);
  await expectAccessible(reviewer);
  await bothThemes(reviewer, 'wet-ink-rework-earlier-submissions');
  await reviewerContext.close();
});

/** Answers as a deployment without the reference's fields would: every `key` dropped. */
async function withoutField(page: Page, url: RegExp, key: 'scanReviews' | 'earlierReviews') {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([name]) => name !== key)
        .map(([name, inner]) => [name, strip(inner)]),
    );
  };
  await page.route(url, async (route) => {
    const response = await route.fetch();
    if (!response.ok() || route.request().method() !== 'GET') return route.fulfill({ response });
    return route.fulfill({ response, json: strip(await response.json()) });
  });
  // A page that comes with its first screen carries the answer it was rendered from (ADR
  // 031), which the app takes instead of asking: that answer too, as such a service gives it.
  // (QC screens are the ones that come with a first screen.)
  await page.route(/\/qc(\/[^/?]*)?(\?.*)?$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(FIRST_SCREEN_DATA, (whole, written, json) => {
      const dataUrl = String(written).replace(/&amp;/g, '&');
      if (!url.test(dataUrl)) return whole;
      const stripped = JSON.stringify(strip(JSON.parse(String(json))));
      return jsonDataBlock(FIRST_SCREEN_DATA_ID, stripped, { 'data-url': dataUrl });
    });
    return route.fulfill({ response, body: html });
  });
}

test('without scanReviews and earlierReviews the screens work as before and show no rework panels', async ({
  page,
}) => {
  // With a route over the API, Chromium reads the page's preload of the scan from the storage
  // origin (or pdf.js's fetch of it, when that comes first) as crossing into the loopback
  // address space, and refuses it: the test's routing, not the app's (the same preload is
  // clean with no route, as every other review shows).
  expectErrors(
    /^console: Access to (?:link element resource|fetch) at \S+\/blobs\/scans\/\S+ from origin \S+ has been blocked by CORS policy: Permission was denied for this request to access the `loopback` address space\./,
    failedRequest('GET', '/blobs/scans/[\\w/-]+\\.pdf', 'FAILED'),
  );
  await signIn(page, DEMO.admin);
  const session = await api(page).get('/session', SessionSchema);
  const request = await requestAwaitingScan(page);
  await sendScanByApi(page, request.id, 'first');
  const first = await scanReview(page, request.fileId);
  const [item] = first.checklistItems;
  const rejected = await api(page).status('PATCH', `/api/qc/v2/qc/requests/${first.id}`, {
    status: 'rejected',
    reviewedBy: session.user?.id,
    checklistItems: [{ id: item?.id, status: 'rejected', reviewerNote: 'Blurred' }],
  });
  expect(rejected).toBe(200);

  await withoutField(page, /\/api\/signatures\/v2\/requests/, 'scanReviews');
  await page.goto(`/signatures/${request.id}`);
  await expect(page.locator('[data-status="awaitingWetInk"]')).toBeVisible();
  await expect(page.getByText('Upload the signed paper document as one PDF.')).toBeVisible();
  await expect(page.locator('.sig-rework')).toHaveCount(0);

  await sendScanByApi(page, request.id, 'second');
  const second = await scanReview(page, request.fileId);
  await withoutField(page, /\/api\/qc\/v2\/qc\/requests/, 'earlierReviews');
  await page.goto(`/qc/${second.id}?status=pending&order=newest`);
  await expect(page.getByRole('heading', { name: 'Checklist' })).toBeVisible();
  await expect(page.locator('.earlier')).toHaveCount(0);
});
