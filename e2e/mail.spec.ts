import { type Locator, type Page, type Route } from '@playwright/test';
import { errorAnswer, expect, expectErrors, failedRequest, test } from './console-watch.ts';
import { FindingListSchema, type Finding } from '../src/contract/findings.ts';
import { MailListSchema, MailPreferenceSchema, type MailChoice } from '../src/contract/mail.ts';
import { ProcessSettingsListSchema } from '../src/contract/qc-management.ts';
import { QcProcessListSchema } from '../src/contract/qc.ts';
import { SessionSchema } from '../src/contract/session.ts';
import { api } from './api.ts';
import { newQcRequest } from './requests.ts';
import {
  bothThemes,
  closeWithEscape,
  DEMO,
  dismissToasts,
  dismissToastsInTheWay,
  personPage,
  expectAccessible,
  signIn,
} from './support.ts';

// Findings by e-mail (ADR 040) in the console. The run's sandbox console mails through a real
// SMTP server that takes everything (e2e/smtp-sink.ts, playwright.config.ts). Nora chooses a
// daily digest on her profile (a failed save first, which keeps her choice); a rejection of a
// request of the test's own raises a finding for her, whose e-mail a QC manager sees go out
// on the events screen and sends again; a process's escalation days are set and shown again.
// The run's strict console, which has no SMTP server, says how to turn e-mail on. Nora's
// choice and the process's settings are shared by the run: each test sets what it starts
// from and puts back what it changed.

const MACHINE = {
  id: 'acme-integration',
  secret: 'acme-integration-secret',
  name: 'acme-integration',
};
/** A process whose settings no other spec changes (qc-processes: the legacy one; qc-sampling: affidavits). */
const PROCESS = 'Power of attorney review';

const choose = async (page: Page, choice: MailChoice) =>
  expect(await api(page).status('PUT', '/team/mail-preference', { choice })).toBe(200);

/**
 * Riley rejects a request of this test's own with one check failed that falls to Nora (of
 * her role, or of a role nobody on the request has): the finding raised for her.
 */
async function findingForNora(riley: Page, nora: Page): Promise<Finding> {
  const request = await newQcRequest();
  const roles = new Set(request.actors.map((actor) => actor.roleId));
  const hers = request.checklistItems.find(
    (item) => item.roleId === 'notary' || !roles.has(item.roleId),
  );
  if (!hers) throw new Error('the default process has no check for the notary');
  const reviewer = (await api(riley).get('/session', SessionSchema)).user?.id;
  const decided = await api(riley).status('PATCH', `/api/qc/v2/qc/requests/${request.id}`, {
    status: 'rejected',
    reviewedBy: reviewer,
    notes: 'Please correct and resend.',
    checklistItems: request.checklistItems.map((item) =>
      item.id === hers.id
        ? { id: item.id, status: 'rejected', reviewerNote: `${item.displayName}: p. 1` }
        : { id: item.id, status: 'approved' },
    ),
  });
  expect(decided).toBe(200);
  const { findings } = await api(nora).get('/team/findings', FindingListSchema, {
    query: { mine: 'true', requestId: request.id, view: 'all' },
  });
  const [finding] = findings;
  if (!finding) throw new Error('the rejection raised no finding for Nora');
  return finding;
}

test('a person chooses a daily digest, a failed save keeps it, and it stays after a reload', async ({
  page,
}) => {
  expectErrors(failedRequest('PUT', '/team/mail-preference', 'CONNECTION_REFUSED'));
  await signIn(page, DEMO.notary, '/');
  await choose(page, 'each');
  try {
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'E-mail about findings' });
    const { address } = await api(page).get('/team/mail-preference', MailPreferenceSchema);
    expect(address).toMatch(/@/);
    await expect(card).toContainText(`E-mail goes to ${address}`);
    await expect(card.getByRole('radio', { name: /Each at once/ })).toBeChecked();
    await expect(card.getByText(/sends no e-mail/)).toHaveCount(0);
    await expect(card).toContainText('Escalations of overdue findings to QC managers always go');
    const save = card.getByRole('button', { name: 'Save choice' });
    await expect(save).toBeDisabled();

    // The save is cut at the socket: said, and her choice stays chosen.
    await card.getByRole('radio', { name: /A daily digest/ }).check();
    await expect(card.getByRole('status')).toHaveText('Not saved yet.');
    const cut = '**/team/mail-preference';
    await page.route(cut, (route) =>
      route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.fallback(),
    );
    await save.click();
    await expect(card.getByRole('alert')).toContainText('your choice was not saved');
    await expect(card.getByRole('alert')).toContainText('It is kept here');
    await expect(card.getByRole('radio', { name: /A daily digest/ })).toBeChecked();
    await page.unroute(cut);
    await dismissToasts(page);
    await card.scrollIntoViewIfNeeded();
    await bothThemes(page, 'profile-mail-failed');
    await expectAccessible(page);

    await save.click();
    await expect(card.getByRole('status')).toHaveText('Saved.');
    await expect(card.getByRole('alert')).toHaveCount(0);
    await expect(save).toBeDisabled();
    expect((await api(page).get('/team/mail-preference', MailPreferenceSchema)).choice).toBe(
      'digest',
    );
    await page.reload();
    await expect(card.getByRole('radio', { name: /A daily digest/ })).toBeChecked();
    await expect(card.getByRole('radio', { name: /Each at once/ })).not.toBeChecked();
    await dismissToasts(page);
    await bothThemes(page, 'profile-mail');
    await expectAccessible(page);
  } finally {
    await choose(page, 'each');
  }
});

test('a client without a user has no e-mail to choose', async ({ page }) => {
  await signIn(page, MACHINE, '/profile');
  await expect(page.getByText('This sign-in has no profile')).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail about findings' })).toHaveCount(0);
});

test('a QC manager sees the e-mail a finding sent reach Sent and sends it again; a reviewer sees no e-mails', async ({
  page,
  browser,
}) => {
  expectErrors(errorAnswer(403, 'GET', '/team/mails'));
  // Nora, signed in, brings her address; she takes each e-mail at once (the default).
  const nora = await personPage(browser, DEMO.notary, '/findings');
  await choose(nora, 'each');
  const riley = await personPage(browser, DEMO.reviewer, '/qc');
  const finding = await findingForNora(riley, nora);
  const subject = `Finding to answer: ${finding.itemName}, ${finding.matterReference}`;

  await signIn(page, DEMO.qcManager, '/events');
  await page.getByRole('link', { name: 'E-mails' }).click();
  await expect(page).toHaveURL(/view=mails/);
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  const row: Locator = page
    .getByRole('list', { name: 'E-mails, newest first' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Finding raised' }) })
    .filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(row.locator('.badge')).toHaveText('Sent', { timeout: 20_000 });
  const { mails } = await api(page).get('/team/mails', MailListSchema);
  const mail = mails.find((m) => m.findingId === finding.id && m.kind === 'raised');
  expect(mail).toMatchObject({ state: 'sent', subject, to: { name: DEMO.notary.name } });
  expect(mail?.address).toMatch(/@/);
  // A fact of the row, by its name.
  const fact = (name: string) =>
    row
      .locator('.event__facts > div')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
      .locator('dd');
  await expect(fact('to')).toHaveText(`${DEMO.notary.name} <${mail?.address}>`);
  await expect(fact('sent').locator('time')).toHaveAttribute('datetime', mail?.sentOn ?? '');
  await expect(fact('attempts')).toHaveText('1');
  await expect(row.getByRole('link', { name: 'Open the finding' })).toHaveAttribute(
    'href',
    `/findings/${finding.id}`,
  );
  await dismissToasts(page);
  await bothThemes(page, 'events-mails');
  await expectAccessible(page);

  await dismissToastsInTheWay(page);
  await row.getByRole('button', { name: 'Send again' }).click();
  await expect(row).toContainText('Sent again: it goes out in a moment.');
  // Gone out once more: sent later than the first time, on its first attempt of the round.
  const sentAgain = async () =>
    (await api(page).get('/team/mails', MailListSchema)).mails.find((m) => m.id === mail?.id);
  await expect
    .poll(
      async () => {
        const now = await sentAgain();
        return now?.state === 'sent' && now.sentOn !== mail?.sentOn;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const again = await sentAgain();
  expect(again).toMatchObject({ state: 'sent', attemptCount: 1, lastError: null });
  expect(Date.parse(again?.sentOn ?? '')).toBeGreaterThan(Date.parse(mail?.sentOn ?? ''));
  await expect(fact('sent').locator('time')).toHaveAttribute('datetime', again?.sentOn ?? '');
  await expect(row.locator('.badge')).toHaveText('Sent');
  await expect(row.getByRole('button', { name: 'Send again' })).toBeEnabled();

  // A reviewer is no QC manager: no tab, no list, and the gateway refuses the list.
  await riley.goto('/events?view=mails');
  await expect(riley.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await expect(riley.getByRole('link', { name: 'E-mails' })).toHaveCount(0);
  await expect(riley.getByRole('list', { name: 'E-mails, newest first' })).toHaveCount(0);
  expect(await api(riley).status('GET', '/team/mails')).toBe(403);
});

test('a failed load of the e-mails or of the e-mail choice says so, and Try again recovers', async ({
  page,
}) => {
  expectErrors(
    errorAnswer(503, 'GET', '/team/mails'),
    errorAnswer(503, 'GET', '/team/mail-preference'),
  );
  const down = (route: Route) => route.fulfill({ status: 503, json: { message: 'restarting' } });
  const mails = (url: URL) => url.pathname === '/team/mails';
  await page.route(mails, down);
  await signIn(page, DEMO.qcManager, '/events?view=mails');
  const panel = page.getByRole('region', { name: 'E-mails', exact: true });
  await expect(panel.getByRole('alert')).toContainText('The e-mails could not be loaded');
  await page.unroute(mails);
  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(panel.getByRole('list', { name: 'E-mails, newest first' })).toBeVisible();

  await page.route('**/team/mail-preference', down);
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'E-mail about findings' });
  await expect(card.getByRole('alert')).toContainText('Your e-mail choice could not be loaded');
  await page.unroute('**/team/mail-preference');
  await card.getByRole('button', { name: 'Try again' }).click();
  await expect(card.getByRole('radio', { name: /Each at once/ })).toBeVisible();
});

test('a console without ATTEST_SMTP_URL says how to turn e-mail on, and still takes a choice', async ({
  page,
  browser,
}) => {
  // The run's strict console (playwright.config.ts) is set up as a deployment's is, without
  // e-mail.
  const strict = `http://127.0.0.1:${process.env.E2E_STRICT_PORT}`;
  await signIn(page, DEMO.qcManager, `${strict}/events?view=mails`);
  await expect(page.getByText('E-mail is not configured')).toBeVisible();
  await expect(page.getByText(/ATTEST_SMTP_URL/).first()).toBeVisible();
  await expect(page.getByText('Findings by e-mail', { exact: false })).toBeVisible();
  await expectAccessible(page);
  await bothThemes(page, 'events-mails-not-configured');

  const nora = await personPage(browser, DEMO.notary, `${strict}/profile`);
  const card = nora.getByRole('region', { name: 'E-mail about findings' });
  await expect(card).toContainText('This console sends no e-mail at present');
  await expect(card.getByRole('radio', { name: /Each at once/ })).toBeChecked();
  await card.getByRole('radio', { name: /None/ }).check();
  await expect(card.getByRole('button', { name: 'Save choice' })).toBeEnabled();
  await dismissToasts(nora);
  await bothThemes(nora, 'profile-mail-not-configured');
  await expectAccessible(nora);
});

test('a process’s escalation days are saved and shown again', async ({ page }) => {
  await signIn(page, DEMO.admin, '/qc/processes');
  const { qcProcesses } = await api(page).get(
    '/api/qc/v2/qc/processes?owner=acme&limit=500',
    QcProcessListSchema,
  );
  const process = qcProcesses.find((p) => p.displayName === PROCESS);
  if (!process) throw new Error(`the demo has no ${PROCESS}`);
  const { processes } = await api(page).get('/team/settings', ProcessSettingsListSchema);
  const before = processes.find((p) => p.processId === process.id);
  const days = before?.escalationDays === 5 ? 6 : 5;

  const card = page
    .getByRole('region', { name: /^Active/ })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: PROCESS, exact: true }) });
  const open = async () => {
    await card.getByRole('button', { name: `Settings of ${PROCESS}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Process settings' });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  try {
    let dialog = await open();
    const field = dialog.getByLabel('Escalate after (business days overdue)');
    await expect(field).toHaveValue(String(before?.escalationDays ?? 2));
    await field.fill('31');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog.getByText('Enter whole business days, from 1 to 30.')).toBeVisible();
    await field.fill(String(days));
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('escalation-days')).toHaveText(`${days} business days overdue`);

    dialog = await open();
    await expect(dialog.getByLabel('Escalate after (business days overdue)')).toHaveValue(
      String(days),
    );
    await closeWithEscape(dialog);
    const saved = (await api(page).get('/team/settings', ProcessSettingsListSchema)).processes.find(
      (p) => p.processId === process.id,
    );
    expect(saved?.escalationDays).toBe(days);
  } finally {
    // Put it back as it was.
    const status = await api(page).status('PUT', `/team/settings/${process.id}`, {
      targetAgeHours: before?.targetAgeHours ?? null,
      samplePercent: before?.samplePercent ?? 0,
      responseDays: before?.responseDays ?? 2,
      escalationDays: before?.escalationDays ?? 2,
      severities: before?.severities ?? {},
    });
    expect(status).toBe(200);
  }
});
