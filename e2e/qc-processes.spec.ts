import { type Locator, type Page } from '@playwright/test';
import { errorAnswer, expect, expectErrors, test } from './console-watch.ts';
import { QcChecklistListSchema, QcProcessListSchema } from '../src/contract/qc.ts';
import { ProcessSettingsListSchema } from '../src/contract/qc-management.ts';
import { api } from './api.ts';
import { bothThemes, DEMO, expectAccessible, screenshots, shot, signIn } from './support.ts';

// These tests change only the archived "Legacy" process, which no request uses, and put it
// back as they found it: specs running alongside keep their processes and queue.

const LEGACY = 'Legacy affidavit review (2025)';

const section = (page: Page, name: 'Active' | 'Archived') =>
  page.getByRole('region', { name: new RegExp(`^${name}`) });
const card = (scope: Locator, name: string) =>
  scope
    .getByRole('listitem')
    .filter({ has: scope.page().getByRole('heading', { name, exact: true }) });

async function apiProcess(page: Page, name: string) {
  const body = await api(page).get(
    '/api/qc/v2/qc/processes?owner=acme&limit=500',
    QcProcessListSchema,
  );
  return body.qcProcesses.find((p) => p.displayName === name);
}

async function checklistId(page: Page, name: string) {
  const body = await api(page).get(
    '/api/qc/v2/qc/checklists?owner=acme&limit=500',
    QcChecklistListSchema,
  );
  const found = body.qcChecklists.find((c) => c.displayName === name);
  if (!found) throw new Error(`no checklist ${name}`);
  return found.id;
}

async function edit(page: Page, name: string) {
  await card(page.locator('main'), name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit process' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('rename, describe and re-point a process; a failed save keeps what was typed', async ({
  page,
}) => {
  expectErrors(errorAnswer(503, 'PATCH', '/api/qc/v2/qc/processes/[\\w-]+'));
  await signIn(page, DEMO.admin, '/qc/processes');
  await expect(page.getByRole('heading', { name: 'QC processes' })).toBeVisible();
  await expect(card(section(page, 'Active'), 'Affidavit review')).toBeVisible();
  const before = await apiProcess(page, LEGACY);
  if (!before) throw new Error('the demo has no legacy process');
  await expect(card(section(page, 'Archived'), LEGACY)).toContainText('Affidavit QC');

  // The service fails once: the message shows in the dialog and nothing typed is lost.
  const renamed = 'Legacy affidavits (retired)';
  let dialog = await edit(page, LEGACY);
  await dialog.getByLabel('Name').fill(renamed);
  await dialog.getByLabel('Description').fill('Kept for requests filed before 2026.');
  await dialog.getByLabel('Checklist').selectOption(await checklistId(page, 'Wet-ink scan QC'));
  await page.route('**/api/qc/v2/qc/processes/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'the service is restarting' }),
        })
      : route.fallback(),
  );
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The service is restarting.');
  await expect(dialog.getByLabel('Name')).toHaveValue(renamed);
  await expect(dialog.getByLabel('Description')).toHaveValue(
    'Kept for requests filed before 2026.',
  );
  await page.unroute('**/api/qc/v2/qc/processes/*');

  // A blank name is refused beside the field, before anything is sent.
  await dialog.getByLabel('Name').fill('   ');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('The name must not be blank')).toBeVisible();
  await dialog.getByLabel('Name').fill(renamed);

  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const saved = card(section(page, 'Archived'), renamed);
  await expect(saved).toContainText('Kept for requests filed before 2026.');
  await expect(saved).toContainText('Wet-ink scan QC');
  await page.reload();
  await expect(card(section(page, 'Archived'), renamed)).toContainText('Wet-ink scan QC');
  const after = await apiProcess(page, renamed);
  expect(after).toMatchObject({ description: 'Kept for requests filed before 2026.' });
  expect(after?.checklistId).not.toBe(before.checklistId);

  // Put it back.
  dialog = await edit(page, renamed);
  await dialog.getByLabel('Name').fill(LEGACY);
  await dialog.getByLabel('Description').fill(before.description ?? '');
  await dialog.getByLabel('Checklist').selectOption(before.checklistId);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(section(page, 'Archived'), LEGACY)).toContainText('Affidavit QC');
});

test('unarchive a process, then archive it again after confirming', async ({ page }) => {
  await signIn(page, DEMO.admin, '/qc/processes');
  const archived = card(section(page, 'Archived'), LEGACY);
  await archived.getByRole('button', { name: `Unarchive ${LEGACY}` }).click();
  const active = card(section(page, 'Active'), LEGACY);
  await expect(active).toBeVisible();
  await expect(archived).toHaveCount(0);
  expect((await apiProcess(page, LEGACY))?.archivedOn ?? null).toBeNull();

  // Cancel leaves it active; confirming archives it.
  await active.getByRole('button', { name: `Archive ${LEGACY}` }).click();
  let confirm = page.getByRole('alertdialog', { name: `Archive “${LEGACY}”?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(active).toBeVisible();

  await active.getByRole('button', { name: `Archive ${LEGACY}` }).click();
  confirm = page.getByRole('alertdialog', { name: `Archive “${LEGACY}”?` });
  await confirm.getByRole('button', { name: 'Archive process' }).click();
  await expect(confirm).toBeHidden();
  await expect(card(section(page, 'Archived'), LEGACY)).toContainText('Archived');
  await expect(card(section(page, 'Active'), LEGACY)).toHaveCount(0);
  expect((await apiProcess(page, LEGACY))?.archivedOn).toBeTruthy();
});

test('a process grades its checks and sets the days to answer a finding', async ({ page }) => {
  await signIn(page, DEMO.admin, '/qc/processes');
  const process = await apiProcess(page, LEGACY);
  if (!process) throw new Error('the demo has no legacy process');
  const { processes } = await api(page).get('/team/settings', ProcessSettingsListSchema);
  const before = processes.find((p) => p.processId === process.id);
  const checklist = (
    await api(page).get('/api/qc/v2/qc/checklists?owner=acme&limit=500', QcChecklistListSchema)
  ).qcChecklists.find((c) => c.id === process.checklistId);
  const check = checklist?.items[0]?.displayName;
  if (!check) throw new Error('the legacy checklist has no checks');

  try {
    const legacy = card(section(page, 'Archived'), LEGACY);
    await legacy.getByRole('button', { name: `Settings of ${LEGACY}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Process settings' });
    const days = dialog.getByLabel('Response target (business days)');
    await expect(days).toHaveValue(String(before?.responseDays ?? 2));
    await days.fill('0');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog.getByText('Enter whole business days, from 1 to 30.')).toBeVisible();
    await days.fill('3');
    const grade = dialog.getByRole('radiogroup', { name: check });
    await expect(grade.getByRole('radio', { name: 'Major' })).toBeChecked();
    await grade.getByRole('radio', { name: 'Critical' }).check();
    await bothThemes(page, 'qc-processes-severities');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog).toBeHidden();
    await expect(legacy.getByTestId('response-days')).toHaveText('3 business days');
    await expect(legacy.getByTestId('severities')).toContainText('critical');
    const saved = (await api(page).get('/team/settings', ProcessSettingsListSchema)).processes.find(
      (p) => p.processId === process.id,
    );
    expect(saved?.responseDays).toBe(3);
    expect(saved?.severities?.[check]).toBe('critical');
  } finally {
    // Put it back as it was.
    const status = await api(page).status('PUT', `/team/settings/${process.id}`, {
      targetAgeHours: before?.targetAgeHours ?? null,
      samplePercent: before?.samplePercent ?? 0,
      responseDays: before?.responseDays ?? 2,
      severities: before?.severities ?? {},
    });
    expect(status).toBe(200);
  }
});

test('a reviewer is told they lack permission', async ({ page }) => {
  await signIn(page, DEMO.reviewer);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'QC processes' }),
  ).toHaveCount(0);
  await page.goto('/qc/processes');
  await expect(page.getByText("You don't have permission to see this")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'QC processes' })).toHaveCount(0);
});

test('the processes screen is accessible at desktop and phone sizes', async ({ page }) => {
  await signIn(page, DEMO.admin, '/qc/processes');
  await expect(card(section(page, 'Archived'), LEGACY)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'qc-processes');
  await edit(page, 'Affidavit review');
  await expectAccessible(page);
  await shot(page, 'qc-processes-edit-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'qc-processes-edit-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });
});
