import { expect, test } from '@playwright/test';
import { apiPost, DEMO, signIn } from './support.ts';

test('a DOCUMENT_READY toast appears after a sandbox control completes a signature request', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.admin);
  // Another owner, signed in at the same time, must not see acme's event.
  const other = await browser.newPage();
  await signIn(other, DEMO.globex);

  const list = await page.evaluate(async () => {
    const response = await fetch('/api/signatures/v2/requests?owner=acme&status=pending&limit=1');
    return (await response.json()) as { signatureRequests: { id: string }[] };
  });
  const id = list.signatureRequests[0]?.id;
  expect(id).toBeTruthy();
  const completed = await apiPost(page, `/api/sandbox/v1/signature-requests/${id}/complete`);
  expect(completed.status).toBe(200);

  const toast = page
    .getByRole('status')
    .filter({ hasText: 'Document ready' })
    .or(page.locator('.toast', { hasText: 'Document ready' }));
  await expect(toast.first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'href',
    /\/blobs\/.+signature=/,
  );
  await page.waitForTimeout(1000);
  await expect(other.locator('.toast', { hasText: 'Document ready' })).toHaveCount(0);
  await other.close();
});
