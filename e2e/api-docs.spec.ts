import { type Page } from '@playwright/test';
import { expect, test } from './console-watch.ts';
import { axe, TAKING_SCREENSHOTS, VIEWPORTS } from './support.ts';

// The reference service's API reference (ADR 022): Scalar, served by the service itself,
// under a strict CSP, with "try it" against the same service. It runs against the sandbox
// service the chromium project starts (its demo client is filled in for "try it").

const SERVICE = `http://127.0.0.1:${process.env.E2E_SERVICE_PORT}`;

/** Every request the page makes, and every CSP refusal it meets, from the first byte on. */
async function watch(page: Page) {
  const requests: string[] = [];
  const refusals: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => refusals.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void })
        .reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
  return { requests, refusals };
}

/**
 * expectAccessible (support.ts) with Scalar's own widgets left out, which the page cannot
 * label (Scalar 1.72): the code-input comboboxes of the auth form (Token URL, Client ID: no
 * accessible name, no aria-expanded; axe's aria-input-field-name and aria-required-attr) and
 * its headless-UI disclosure buttons whose text is hidden from screen readers (the scopes
 * chevron, the schema and response toggles; button-name). Everything else, this page's own
 * HTML and Scalar's colours as docs.css tunes them, is checked.
 */
async function expectAccessibleReference(page: Page) {
  const results = await axe(page)
    .exclude('.code-input-lite__editor')
    .exclude('button[id^="headlessui-disclosure-button"]')
    .exclude('button[aria-controls]')
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Opens an operation through the reference's own search, by its path. */
async function findOperation(page: Page, method: string, path: string) {
  await page.getByRole('button', { name: /Open Search/ }).click();
  await page.getByRole('dialog').getByRole('combobox').fill(path);
  const escaped = path.replace(/[{}/]/g, '\\$&');
  const hit = page.getByRole('option', {
    name: new RegExp(`HTTP Method: ${method} Path: ${escaped}$`),
  });
  await expect(hit).toHaveCount(1);
  await hit.click();
  // The operation's section, which the reference scrolled to.
  const section = page.locator(`section[id$="/${method.toUpperCase()}${path}"]`);
  await expect(section).toBeVisible();
  return section;
}

test('the API reference is served locally under its CSP, and "try it" works', async ({ page }) => {
  const seen = await watch(page);
  const response = await page.goto(`${SERVICE}/docs`);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
  await expect(page).toHaveTitle(/API reference/);

  // The reference lists the token endpoint and the QC request PATCH, found by its search.
  await findOperation(page, 'post', '/auth/v1/oauth2/token');
  await findOperation(page, 'patch', '/qc/v2/qc/requests/{qcrID}');

  // Try it: the QC requests list, with a token from the page's own OAuth client-credentials
  // form (the demo client is filled in), then one GET.
  const list = await findOperation(page, 'get', '/qc/v2/qc/requests');
  await list.getByRole('button', { name: 'Test Request' }).click();
  const client = page.getByRole('dialog');
  await client.getByRole('button', { name: 'Authorize' }).click();
  await expect(client.getByText('Access Token:')).toBeVisible();
  await client.locator('tr#owner').getByRole('combobox', { name: 'Value' }).fill('acme');
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/qc/v2/qc/requests');
  await client.getByRole('button', { name: /^Send get request/ }).click();
  expect((await answer).status()).toBe(200);
  await expect(client.getByText('200 OK')).toBeVisible();
  await expect(client.getByText('"qcRequests"')).toBeVisible();

  expect(seen.requests.filter((url) => new URL(url).origin !== SERVICE)).toEqual([]);
  expect(seen.refusals).toEqual([]);
});

test('the API reference reads well in both themes and passes axe', async ({ page }) => {
  // Two loads of a long reference and an axe pass over each, on a busy two-core machine.
  test.setTimeout(120_000);
  const seen = await watch(page);
  // Scalar takes the theme from the system's preference as it starts: each theme is a load.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto(`${SERVICE}/docs`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('body')).toHaveClass(new RegExp(`\\b${colorScheme}-mode\\b`));
    // The viewport, not the full page: Scalar renders sections as they near it, so a full-page
    // shot is thousands of blank pixels.
    for (const viewport of TAKING_SCREENSHOTS ? VIEWPORTS : []) {
      await page.setViewportSize(viewport);
      const path = `test-results/screenshots/api-docs-${colorScheme}-${viewport.name}.png`;
      await page.screenshot({ path });
    }
    if (TAKING_SCREENSHOTS) await page.setViewportSize(VIEWPORTS[0]);
    await expectAccessibleReference(page);
  }
  expect(seen.requests.filter((url) => new URL(url).origin !== SERVICE)).toEqual([]);
  expect(seen.refusals).toEqual([]);
});
