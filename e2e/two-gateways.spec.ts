import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { type Browser, type Page } from '@playwright/test';
import { errorAnswer, expect, expectErrors, failedRequest, test } from './console-watch.ts';
import { QcRequestListSchema, QcRequestSchema, type QcRequest } from '../src/contract/qc.ts';
import { SessionSchema } from '../src/contract/session.ts';
import { QcHoldListSchema } from '../src/contract/team.ts';
import { findPostgres } from '../scripts/postgres-cluster.ts';
import { api } from './api.ts';
import { createEntity, hookIdOfEntity, rowOf } from './event-support.ts';
import { startTeamDeployment, type TeamDeployment } from './gateway-processes.ts';
import { postSignedDelivery } from './signed-delivery.ts';
import { DEMO, signIn } from './support.ts';

// ADR 023: one team, two gateway processes on one PostgreSQL (and a TCP balancer in front).
// A session, a live event, a hold and a crash must not care which process a request meets.
// Each run has a deployment of its own: its own service, so its own pending requests.

const postgres = findPostgres();
test.skip(
  'missing' in postgres,
  `no PostgreSQL for two gateways: ${'missing' in postgres && postgres.missing}`,
);

let team: TeamDeployment;
/** Gateway A and gateway B: the two processes. */
let A: string;
let B: string;

test.beforeAll(async () => {
  // A cluster's initdb, the service's seed and two gateways on a busy two-core machine.
  test.setTimeout(180_000);
  const distDir = resolve(process.env.E2E_DIST_DIR ?? 'dist');
  team = await startTeamDeployment({ gateways: 2, distDir });
  [A, B] = team.gateways.map((gateway) => gateway.url) as [string, string];
});

test.afterAll(async () => {
  await team?.close();
});

async function signedIn(browser: Browser, who: (typeof DEMO)[keyof typeof DEMO], url: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who, url);
  return page;
}

/** The pending requests nobody holds, oldest first, from `position` on. */
async function freeRequests(page: Page, position: number, count: number): Promise<QcRequest[]> {
  const [{ qcRequests }, { holds }] = await Promise.all([
    api(page).get(
      `/api/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=asc&limit=${position + 20}`,
      QcRequestListSchema,
    ),
    api(page).get('/team/holds', QcHoldListSchema),
  ]);
  const held = new Set(holds.map((hold) => hold.requestId));
  const found = qcRequests.slice(position).filter((r) => !held.has(r.id));
  expect(found.length, 'enough pending requests').toBeGreaterThanOrEqual(count);
  return found.slice(0, count);
}

const reviewUrl = (base: string, id: string) => `${base}/qc/${id}?status=pending&order=oldest`;
const panel = (page: Page) => page.locator('.review__panel');
const storedDrafts = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('/qc-draft:')));

/** The session cookie's value as the browser holds it (one jar for 127.0.0.1, every port). */
async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies(A);
  const found = cookies.find((c) => /attest_session$/.test(c.name));
  expect(found, 'a session cookie').toBeTruthy();
  return `${found!.name}=${found!.value}`;
}

/** GET /session at `base` with a cookie, from outside the browser: what that process thinks. */
async function sessionStatus(base: string, cookie: string): Promise<number> {
  const response = await fetch(`${base}/session`, { headers: { cookie } });
  await response.body?.cancel();
  return response.status;
}

test('a session begun at gateway A works at gateway B, and a sign-out at B ends it at A', async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer, `${A}/`);
  const cookie = await sessionCookie(page);

  await page.goto(`${B}/qc?status=pending&order=oldest`);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.locator('.who__name')).toHaveText(DEMO.reviewer.name);
  // B answers the app's calls: its own (the session) and the service's through its token.
  const session = await api(page).get('/session', SessionSchema);
  expect(session.user?.displayName).toBe(DEMO.reviewer.name);
  const { qcRequests } = await api(page).get(
    '/api/qc/v2/qc/requests?owner=acme&status=pending&limit=5',
    QcRequestListSchema,
  );
  expect(qcRequests.length).toBeGreaterThan(0);
  await expect(
    page.getByRole('link', { name: qcRequests[0]!.document.matterReference }).first(),
  ).toBeVisible();
  expect(await sessionStatus(A, cookie)).toBe(200);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
  // The browser dropped its cookie; the same cookie, replayed, must be dead at both.
  expect(await sessionStatus(B, cookie)).toBe(401);
  expect(await sessionStatus(A, cookie)).toBe(401);
  await page.goto(`${A}/`);
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toBeVisible();
});

test('a webhook received at gateway A shows live in a browser connected to gateway B', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, `${B}/events`);
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  await expect(page.getByText(/Loading events/)).toHaveCount(0);

  // A delivery signed as the service signs them, posted to A alone.
  const { hookId, ...posted } = await postSignedDelivery({
    url: `${A}/webhooks/acme`,
    secret: team.webhookSecret,
    type: 'ADDRESS_CHANGE',
    payload: {
      matterUUID: randomUUID(),
      crid: 'CR-TWO-GATEWAYS',
      entityId: randomUUID(),
      addressTypes: ['mailing'],
    },
  });
  expect(posted.status, posted.text).toBeLessThan(300);
  // Live: the page neither reloads nor reads the list again (only the refused one is polled).
  await expect(rowOf(page, hookId)).toBeVisible();
  await expect(rowOf(page, hookId).getByText('Verified', { exact: true })).toBeVisible();

  // And a real one: the service delivers to A (its only endpoint) what B's page asked for.
  const entity = await createEntity(page, 'Gabriel Gateway');
  const realHook = await hookIdOfEntity(page, entity.entityId);
  await expect(rowOf(page, realHook)).toBeVisible({ timeout: 15_000 });
});

test('two reviewers on two processes never both hold one request', async ({ browser }) => {
  expectErrors(errorAnswer(409, 'PUT', '/team/holds/[\\w-]+'));
  const riley = await signedIn(browser, DEMO.reviewer, `${A}/`);
  const alex = await signedIn(browser, DEMO.admin, `${B}/`);
  const [request, raced] = await freeRequests(riley, 0, 2);
  if (!request || !raced) throw new Error('no pending request');

  // Both open the same review at once, one through each process.
  await Promise.all([riley.goto(reviewUrl(A, request.id)), alex.goto(reviewUrl(B, request.id))]);
  for (const page of [riley, alex]) {
    await expect(panel(page)).toHaveAttribute('data-hold', /^(mine|held)$/, { timeout: 15_000 });
  }
  const states = [
    await panel(riley).getAttribute('data-hold'),
    await panel(alex).getAttribute('data-hold'),
  ];
  expect([...states].sort()).toEqual(['held', 'mine']);
  const [holder, other] = states[0] === 'mine' ? [riley, alex] : [alex, riley];
  const holderName = holder === riley ? DEMO.reviewer.name : DEMO.admin.name;
  await expect(
    other.getByRole('status').filter({ hasText: `${holderName} is reviewing` }),
  ).toBeVisible();
  await expect(other.getByRole('button', { name: 'Approve and next' })).toBeDisabled();

  // Straight at the API: two sessions, each through both processes, all at once.
  const pages = [
    { who: 'riley', page: riley },
    { who: 'riley', page: await riley.context().newPage() },
    { who: 'alex', page: alex },
    { who: 'alex', page: await alex.context().newPage() },
  ];
  await pages[1]!.page.goto(`${B}/`);
  await pages[3]!.page.goto(`${A}/`);
  const path = `/team/holds/${raced.id}`;
  const answers = await Promise.all(
    pages.flatMap(({ who, page }) =>
      Array.from({ length: 5 }, async () => ({
        who,
        status: await api(page).status('PUT', path, { takeOver: false }),
      })),
    ),
  );
  const won = answers.filter((a) => a.status === 200 || a.status === 201);
  const winners = new Set(won.map((a) => a.who));
  expect(winners.size, JSON.stringify(answers)).toBe(1);
  expect(
    answers.filter((a) => a.status === 201),
    JSON.stringify(answers),
  ).toHaveLength(1);
  // The winner's every call holds it (renewals); the loser's every call is refused.
  for (const answer of answers) {
    const expected = winners.has(answer.who) ? [200, 201] : [409];
    expect(expected, JSON.stringify(answers)).toContain(answer.status);
  }
  // Both processes name the same holder.
  const winnerName = winners.has('riley') ? DEMO.reviewer.name : DEMO.admin.name;
  for (const { page } of pages) {
    const { holds } = await api(page).get('/team/holds', QcHoldListSchema);
    expect(holds.find((c) => c.requestId === raced.id)?.holder.name).toBe(winnerName);
  }
  await riley.context().close();
  await alex.context().close();
});

test('a gateway that crashes mid-review: the browser goes on through the other, signed in, draft kept', async ({
  page,
}) => {
  // The crashed gateway's event stream ends mid-chunk, and a read in flight through it when it
  // dies (the checks of the opened request, a queue page) gets no answer; the page reloads.
  expectErrors(
    failedRequest('GET', '/events', 'INCOMPLETE_CHUNKED_ENCODING'),
    failedRequest('GET', '/\\S*', '(EMPTY_RESPONSE|CONNECTION_RESET|CONNECTION_CLOSED)'),
  );
  test.setTimeout(120_000);
  const { balancerUrl } = team;
  await signIn(page, DEMO.reviewer, `${balancerUrl}/qc?status=pending&order=oldest`);
  const [request] = await freeRequests(page, 5, 1);
  if (!request) throw new Error('no pending request');
  await page.goto(reviewUrl(balancerUrl, request.id));
  await expect(page.getByRole('heading', { name: request.document.matterReference })).toBeVisible();
  await expect(panel(page)).toHaveAttribute('data-hold', 'mine');
  const check = (n: number) => page.getByTestId(`check-${n}`);
  await check(1).getByRole('button', { name: 'Fail' }).click();
  await check(1)
    .getByRole('textbox', { name: /What is wrong/ })
    .fill('Seal cut off on page 3');
  await page.getByLabel('Rework notes').fill('Rescan the last page.');
  await expect.poll(() => storedDrafts(page)).toHaveLength(1);

  const expectStillWorking = async () => {
    await page.reload();
    await expect(
      page.getByRole('heading', { name: request.document.matterReference }),
    ).toBeVisible();
    await expect(page.locator('.who__name')).toHaveText(DEMO.reviewer.name);
    await expect(panel(page)).toHaveAttribute('data-hold', 'mine');
    await expect(page.getByLabel('Rework notes')).toHaveValue('Rescan the last page.');
    await expect(check(1).getByRole('textbox', { name: /What is wrong/ })).toHaveValue(
      'Seal cut off on page 3',
    );
  };
  // Each process in turn dies under the browser: whichever it was using, it was one of them.
  const [first, second] = team.gateways as [
    TeamDeployment['gateways'][0],
    TeamDeployment['gateways'][0],
  ];
  try {
    await first.stop();
    await expectStillWorking();
    await first.start();
    await second.stop();
    await expectStillWorking();

    // The queue, and a decision, through what is left.
    await page.goto(`${balancerUrl}/qc?status=pending&order=oldest`);
    await expect(
      page.getByRole('link', { name: request.document.matterReference }).first(),
    ).toBeVisible();
    await page.goto(reviewUrl(balancerUrl, request.id));
    await expect(panel(page)).toHaveAttribute('data-hold', 'mine');
    await check(2).getByRole('button', { name: 'Pass' }).click();
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes(request.id),
    );
    await page.getByRole('button', { name: 'Reject and next' }).click();
    expect((await saved).status()).toBe(200);
    const decided = await api(page).get(`/api/qc/v2/qc/requests/${request.id}`, QcRequestSchema);
    expect(decided.status).toBe('rejected');
    expect(decided.checklistItems[0]?.reviewerNote).toBe('Seal cut off on page 3');
  } finally {
    await second.start();
  }
});
