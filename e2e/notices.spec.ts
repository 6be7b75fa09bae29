import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './console-watch.ts';
import { FindingListSchema, FindingSchema, type Finding } from '../src/contract/findings.ts';
import { NoticeListSchema } from '../src/contract/notices.ts';
import { QcRequestSchema } from '../src/contract/qc.ts';
import { SessionSchema } from '../src/contract/session.ts';
import { UserSchema } from '../src/contract/users.ts';
import { openGatewayDatabase } from '../src/gateway/db/open.ts';
import { retryDelayMs } from '../src/gateway/notices/outbox.ts';
import { createNotices } from '../src/gateway/notices/sender.ts';
import { findingChange } from '../src/contract/testing/findings.ts';
import { startNoticeReceiver, type NoticeReceiver } from '../src/gateway/testing/notices.ts';
import { api } from './api.ts';
import { newQcRequest } from './requests.ts';
import { freePort } from './free-port.ts';
import { gatewayProcess, type GatewayProcess } from './gateway-processes.ts';
import { bothThemes, DEMO, expectAccessible, signIn } from './support.ts';

// The events screen's sent notices (ADR 030), for QC managers. A console of its own (its own
// service, so its own pending requests), started with ATTEST_NOTICE_URL at a receiver in this
// spec that verifies each POST's signature. A real rejection and a dispute of its finding
// make two notices: the receiver takes the first and refuses the second, which retries. A
// running console takes seven hours to fail a notice, so one notice, of a finding of no
// request, is put in its database before it starts, through the same outbox, and run through
// a shortened schedule to failed.

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const ACME = { environment: 'production', owner: 'acme' } as const;

let dir: string;
let receiver: NoticeReceiver;
let gateway: GatewayProcess;
/** This console's own reference service, where the test's request is put. */
let service: string;
/** The settlement's notice fails until this is set. */
let acceptSettled = false;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

test.beforeAll(async () => {
  // A fresh service's seed and a console's start on a busy two-core machine.
  test.setTimeout(180_000);
  dir = mkdtempSync(join(tmpdir(), 'attest-e2e-notices-'));
  receiver = await startNoticeReceiver(SECRET, (_, received) => {
    const type = received.notice?.type;
    if (type === 'finding.answered') return 500;
    if (type === 'finding.settled') return acceptSettled ? 204 : 503;
    return 204;
  });
  const db = await openGatewayDatabase({ dataDir: dir, log: () => undefined });
  try {
    // Seven tries, the retries a millisecond base apart (the console's is 5 s).
    const settings = { url: receiver.url, secrets: [SECRET], retryBaseMs: 1 };
    const quick = createNotices(db.sql, settings, Date.now);
    await quick.enqueue(ACME, 'finding.settled', findingChange(3, 'settled'));
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      if (attempt > 1) await sleep((retryDelayMs(attempt - 1, 1) ?? 0) + 5);
      await quick.tick();
    }
  } finally {
    await db.close();
  }
  expect(receiver.received.map((r) => r.notice?.type)).toEqual(
    Array.from({ length: 7 }, () => 'finding.settled'),
  );
  const servicePort = await freePort();
  service = `http://127.0.0.1:${servicePort}`;
  gateway = gatewayProcess(await freePort(), {
    SERVICE_PORT: String(servicePort),
    ATTEST_DATA_DIR: dir,
    ATTEST_SKIP_BUILD: '1',
    ATTEST_DIST_DIR: resolve(process.env.E2E_DIST_DIR ?? 'dist'),
    ATTEST_NOTICE_URL: receiver.url,
    ATTEST_NOTICE_SECRET: SECRET,
  });
  await gateway.start();
});

test.afterAll(async () => {
  await gateway?.stop();
  await receiver?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const rowOf = (page: Page, title: string): Locator =>
  page.locator('.events-list > li').filter({ has: page.getByRole('heading', { name: title }) });

/**
 * Rejects a pending request of this test's own (requests.ts) with its first item failed, as
 * the console's PATCH does.
 */
async function rejectOne(page: Page): Promise<Finding> {
  const { id } = await newQcRequest({ service });
  const request = await api(page).get(`/api/qc/v2/qc/requests/${id}`, QcRequestSchema);
  const session = await api(page).get('/session', SessionSchema);
  const decided = await api(page).status('PATCH', `/api/qc/v2/qc/requests/${id}`, {
    status: 'rejected',
    reviewedBy: session.user?.id,
    checklistItems: request.checklistItems.map((item, i) =>
      i === 0
        ? { id: item.id, status: 'rejected', reviewerNote: `${item.displayName}: p. 1` }
        : { id: item.id, status: 'approved' },
    ),
    notes: 'Please correct and resend.',
  });
  expect(decided).toBe(200);
  const { findings } = await api(page).get(
    `/team/findings?requestId=${id}&view=all`,
    FindingListSchema,
  );
  expect(findings).toHaveLength(1);
  return findings[0]!;
}

test('a QC manager sees each notice’s state, attempts and next try, and redelivers a failed one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.admin, `${gateway.url}/events`);
  const finding = await rejectOne(page);
  const note = 'The firm says the item was fine';
  await api(page).post(
    `/team/findings/${finding.id}/answer`,
    { answer: 'disputed', note },
    FindingSchema,
  );

  await page.getByRole('link', { name: 'Sent notices' }).click();
  await expect(page).toHaveURL(/view=notices/);
  const sent = rowOf(page, 'Finding raised');
  const retrying = rowOf(page, 'Finding answered');
  const failed = rowOf(page, 'Dispute settled');
  await expect(sent.locator('.badge')).toHaveText('Sent');
  await expect(sent).toContainText(
    `${finding.matterReference} · ${finding.processName} · ${finding.itemName}.`,
  );
  // Named as the owner's users name them, where the notice names the party by id alone.
  const responsible = finding.responsible;
  const name = responsible
    ? (responsible.name ??
      (await api(page).get(`/api/users/v1/users/${responsible.id}`, UserSchema)).displayName)
    : 'nobody yet';
  await expect(sent).toContainText(`finding, sent to ${name}.`);
  await expect(sent).toContainText('HTTP 204');
  await expect(retrying.locator('.badge')).toHaveText('Retrying');
  await expect(retrying).toContainText(`Alex Admin disputes it: “${note}”.`);
  await expect(retrying).toContainText('HTTP 500');
  await expect(retrying.getByText('next attempt')).toBeVisible();
  await expect(failed.locator('.badge')).toHaveText('Failed');
  await expect(failed).toContainText('7 of 7');
  await expect(failed).toContainText('HTTP 503');
  await expect(page.locator('.events-panel__intro')).toContainText(new URL(receiver.url).origin);
  // What the receiver verified is what the screen lists.
  const verified = receiver.received.filter((r) => r.verified);
  expect(verified.map((r) => r.notice?.type)).toEqual(
    expect.arrayContaining(['finding.raised', 'finding.answered']),
  );
  expect(verified.find((r) => r.notice?.type === 'finding.raised')?.notice?.data).toMatchObject({
    kind: 'raised',
    finding: { id: finding.id },
  });

  await failed.getByText('Attempt history (7)').click();
  await expect(failed.getByRole('region', { name: 'Attempts' }).locator('tbody tr')).toHaveCount(7);
  await expectAccessible(page);
  await bothThemes(page, 'events-notices');

  const before = receiver.received.length;
  acceptSettled = true;
  await failed.getByRole('button', { name: 'Redeliver' }).click();
  await expect(failed).toContainText('Sent again with the same webhook-id.');
  await expect(failed.locator('.badge')).toHaveText('Sent', { timeout: 15_000 });
  await expect(failed).toContainText('redelivered');
  const again = receiver.received.slice(before).filter((r) => r.notice?.type === 'finding.settled');
  expect(again).toHaveLength(1);
  expect(again[0]?.verified).toBe(true);
  expect(again[0]?.id).toBe(receiver.received[0]?.id);

  const list = await api(page).get('/team/notices', NoticeListSchema);
  expect(list.notices.find((n) => n.id === again[0]?.id)).toMatchObject({
    state: 'sent',
    round: 2,
  });
});

test('the notices are for QC managers only', async ({ page }) => {
  await signIn(page, DEMO.reviewer, `${gateway.url}/events?view=notices`);
  await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sent notices' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Sent notices, newest first' })).toHaveCount(0);
});

test('a console without ATTEST_NOTICE_URL says how to turn notices on', async ({ page }) => {
  // The run's own console (playwright.config.ts), which has none.
  await signIn(page, DEMO.admin, '/events?view=notices');
  await expect(page.getByText('Notices are not configured')).toBeVisible();
  await expect(page.getByText(/ATTEST_NOTICE_URL/).first()).toBeVisible();
  await expectAccessible(page);
  await bothThemes(page, 'events-notices-not-configured');
});
