import { expect, test } from './console-watch.ts';

test('the app is served with a strict Content-Security-Policy and safe headers', async ({
  page,
}) => {
  const response = await page.goto('/sign-in');
  const headers = response?.headers() ?? {};
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  // No CSP violation while the page runs.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
  expect(violations).toEqual([]);
});
