import { type Page } from '@playwright/test';
import { expect, test } from './console-watch.ts';
import { QcProcessListSchema, type QcRequest } from '../src/contract/qc.ts';
import { SampleSchema } from '../src/contract/qc-management.ts';
import { newQcRequest } from './requests.ts';
import { api } from './api.ts';
import { DEMO, bothThemes, expectAccessible, personPage } from './support.ts';

// Second-level sampling (ADR 021): an admin samples every approval of one process; Riley
// approves a request of it; Alex, who did not, reviews it again blind and fails a check
// Riley passed; the flag shows both reviews to the admin, who records the outcome. Riley
// never sees their own approval to review. The sampling and the samples are the gateway's
// own (no upstream behaviour beyond the spec's); only the request Riley approves is made
// through the sandbox (requests.ts), so that no other test decides it.

test.describe.configure({ timeout: 120_000 });

/** A pending request of this test's own (requests.ts), held for `page`'s person from now on. */
async function middlePending(page: Page): Promise<QcRequest> {
  const request = await newQcRequest();
  expect(request.checklistItems.length).toBeGreaterThan(1);
  expect(await api(page).status('PUT', `/team/holds/${request.id}`, {})).toBe(201);
  return request;
}

const sampleCount = (page: Page) => page.getByTestId('count-second-review');

test('a sampled approval is reviewed again blind, flagged, and settled by an admin', async ({
  browser,
}) => {
  const alex = await personPage(browser, DEMO.admin, '/qc/processes');
  const riley = await personPage(browser, DEMO.reviewer, '/qc');
  const request = await middlePending(riley);
  const { qcProcesses } = await api(alex).get(
    '/api/qc/v2/qc/processes?owner=acme&limit=500',
    QcProcessListSchema,
  );
  const process = qcProcesses.find((p) => p.displayName === request.processName);
  if (!process) throw new Error(`no process named ${request.processName}`);

  try {
    // The admin samples every approval of the process: errors first, kept values, then saved.
    const card = alex.getByRole('listitem').filter({
      has: alex.getByRole('heading', { name: process.displayName, exact: true }),
    });
    await card.getByRole('button', { name: `Settings of ${process.displayName}` }).click();
    const dialog = alex.getByRole('dialog', { name: 'Process settings' });
    await dialog.getByLabel('Target age (hours)').fill('0');
    await dialog.getByLabel('Second review (% of approvals)').fill('150');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog.getByText('The target age must be more than 0 hours.')).toBeVisible();
    await expect(dialog.getByText(/Enter a share from 0 to 100/)).toBeVisible();
    await expect(dialog.getByLabel('Target age (hours)')).toHaveValue('0');
    await dialog.getByLabel('Target age (hours)').fill('48');
    await dialog.getByLabel('Second review (% of approvals)').fill('100');
    await bothThemes(alex, 'qc-sampling-settings');
    await expectAccessible(alex);
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByTestId('sample-percent')).toHaveText('100 % of approvals');
    await expect(card.getByTestId('target-age')).toHaveText('48 h');

    // Alex watches the queue; Riley approves, every check passed.
    await alex.goto('/qc');
    await expect(sampleCount(alex)).toHaveText(/^\d+$/);
    const before = Number(await sampleCount(alex).textContent());
    await riley.goto(`/qc/${request.id}?status=pending&order=oldest`);
    await expect(riley.locator('.review__panel')).toHaveAttribute('data-hold', 'mine');
    const checks = riley.locator('.check');
    for (let i = 0, n = await checks.count(); i < n; i += 1) {
      await checks.nth(i).getByRole('button', { name: 'Pass' }).click();
    }
    const approved = riley.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes(request.id),
    );
    await riley.getByRole('button', { name: 'Approve and next' }).click();
    expect((await approved).status()).toBe(200);

    // The sample reaches Alex's tab as it happens (the tab reads its count again only when
    // the event stream says so); Riley's own list never holds it. Other workers may approve in
    // this process while it samples everything, so the count can grow by more than this one;
    // the list below names this request itself.
    await expect
      .poll(async () => Number(await sampleCount(alex).textContent()))
      .toBeGreaterThan(before);
    await bothThemes(alex, 'qc-sampling-tab');
    await riley.goto('/qc/second-review');
    await expect(riley.getByRole('heading', { name: 'Second review', level: 1 })).toBeVisible();
    await expect(riley.getByRole('navigation', { name: 'Sample state' })).toHaveCount(0);
    await expect(riley.locator('.sr-list__body .state, .sr-list')).toBeVisible();
    await expect(
      riley.getByRole('link', { name: new RegExp(request.document.matterReference) }),
    ).toHaveCount(0);

    // Alex opens it from the tab: the document and the checklist, none of Riley's verdicts.
    await alex.getByRole('link', { name: /^Second review/ }).click();
    await alex.getByRole('link', { name: new RegExp(request.document.matterReference) }).click();
    const panel = alex.locator(`.sr__panel[data-request-id="${request.id}"]`);
    await expect(panel).toHaveAttribute('data-state', 'open');
    await expect(panel.locator('.check')).toHaveCount(request.checklistItems.length);
    await expect(panel.locator('[aria-pressed="true"]')).toHaveCount(0);
    await expect(panel).not.toContainText('Riley');
    await expect(alex.getByRole('list', { name: 'History of this request' })).toHaveCount(0);
    await expect(alex.locator('canvas').first()).toBeVisible({ timeout: 15_000 });
    await bothThemes(alex, 'qc-sampling-blind');
    await expectAccessible(alex);

    // A draft outlives a reload: the first item failed with its note, the rest passed.
    const first = panel.getByTestId('check-1');
    await first.getByRole('button', { name: 'Fail' }).click();
    await first.getByRole('textbox', { name: /What is wrong/ }).fill('The seal is cut off');
    await alex.reload();
    await expect(first.getByRole('button', { name: 'Fail' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(first.getByRole('textbox', { name: /What is wrong/ })).toHaveValue(
      'The seal is cut off',
    );
    const items = panel.locator('.check');
    for (let i = 1, n = await items.count(); i < n; i += 1) {
      await items.nth(i).getByRole('button', { name: 'Pass' }).click();
    }
    await alex.getByLabel('Notes for the admin').fill('Page 2 needs a rescan.');
    await alex.getByRole('button', { name: 'Send second review' }).click();

    // Both reviews side by side; the sample is flagged for an admin.
    await expect(panel).toHaveAttribute('data-state', 'flagged');
    const compared = alex.getByRole('list', { name: 'Item by item' }).getByRole('listitem');
    await expect(compared.first()).toContainText('Differ');
    await expect(compared.first()).toContainText('The seal is cut off');
    await expect(compared.nth(1)).toContainText('Agree');
    await expect(panel).toContainText('Riley Reviewer, approved');
    await expect(panel).toContainText('Page 2 needs a rescan.');
    await alex.getByRole('heading', { name: 'Both reviews' }).scrollIntoViewIfNeeded();
    await bothThemes(alex, 'qc-sampling-comparison');
    await expectAccessible(alex);

    // The admin's list of flags holds it; the outcome needs a note.
    await alex.goto('/qc/second-review?state=flagged');
    const flagged = alex.getByRole('link', { name: new RegExp(request.document.matterReference) });
    await expect(flagged).toBeVisible();
    await bothThemes(alex, 'qc-sampling-flags');
    await expectAccessible(alex);
    await flagged.click();
    await alex.getByRole('radio', { name: /Send for rework/ }).check();
    await alex.getByRole('button', { name: 'Record outcome' }).click();
    await expect(alex.getByText('Write a note: it is kept with the outcome.')).toBeVisible();
    await alex.getByLabel('Note (required)').fill('Rescan and send back to the notary.');
    await bothThemes(alex, 'qc-sampling-flag');
    // On a desktop the panel scrolls on its own, past what a full-page picture shows: the
    // form, at its end, pictured by itself in both themes.
    for (const scheme of ['light', 'dark'] as const) {
      await alex.emulateMedia({ colorScheme: scheme });
      await alex.locator('.sr-outcome').screenshot({
        path: `test-results/screenshots/qc-sampling-outcome-${scheme}-desktop.png`,
      });
    }
    await alex.emulateMedia({ colorScheme: 'light' });
    await expectAccessible(alex);
    await alex.getByRole('button', { name: 'Record outcome' }).click();
    await expect(panel).toHaveAttribute('data-state', 'resolved');
    await expect(
      panel.getByRole('status').filter({ hasText: 'Sent back for rework' }),
    ).toContainText('Rescan and send back to the notary.');

    // What the gateway kept, read back.
    const sample = await api(alex).get(`/team/samples/${request.id}`, SampleSchema);
    expect(sample.state).toBe('resolved');
    expect(sample.secondReview?.by.name).toBe('Alex Admin');
    expect(sample.firstReview?.decidedBy.name).toBe('Riley Reviewer');
    expect(sample.outcome?.action).toBe('rework');
  } finally {
    // Other specs approve in this process too: no sampling left behind.
    expect(
      await api(alex).status('PUT', `/team/settings/${process.id}`, {
        targetAgeHours: null,
        samplePercent: 0,
      }),
    ).toBe(200);
    await riley.context().close();
    await alex.context().close();
  }
});
