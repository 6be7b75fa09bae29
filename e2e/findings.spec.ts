import { type Page, type Route } from '@playwright/test';
import { errorAnswer, expect, expectErrors, failedRequest, test } from './console-watch.ts';
import {
  FindingCountSchema,
  FindingListSchema,
  FindingSchema,
  type DecisionMarks,
  type Finding,
} from '../src/contract/findings.ts';
import { TeamStatsSchema } from '../src/contract/qc-management.ts';
import { QcRequestListSchema, type QcRequest } from '../src/contract/qc.ts';
import { SessionSchema } from '../src/contract/session.ts';
import { SignatureRequestSchema } from '../src/contract/signatures.ts';
import { api, decideWithMarks } from './api.ts';
import { newQcRequest } from './requests.ts';
import { contentBox, pdfPage } from './pdf-pages.ts';
import { createEntity } from './event-support.ts';
import { requestAwaitingScan, scanPdf, sendScanByApi } from './scans.ts';
import {
  bothThemes,
  DEMO,
  dismissToasts,
  dismissToastsInTheWay,
  expectAccessible,
  personPage,
  signIn,
} from './support.ts';

// Findings in the console (ADR 029), end to end: a reviewer rejects two checks of a request
// Nora Notary answers for (through the API, with marks, as the review sends them); Nora, signed
// in elsewhere, hears of it at once, opens them, disputes one and cures the other (a failed
// save first, which keeps what she wrote); a QC manager sees the page with its region, withdraws
// the dispute, and the team view's critical defect rate follows. Nobody else sees any of it,
// another notary included. Nora sees the page itself: the copy the gateway kept for her
// (the service shows QC documents to QC readers only). A wet-ink finding she cures by
// uploading the rescan from the finding's page.

test.describe.configure({ timeout: 180_000 });
test.use({ timezoneId: 'UTC' });

/** The demo's second notary: responsible for none of Nora's findings. */
const NOAH = { id: 'acme-second-notary', secret: 'acme-second-notary-secret', name: 'Noah Notary' };

const userIdOf = async (page: Page) => (await api(page).get('/session', SessionSchema)).user?.id;

/**
 * A pending request of this test's own (requests.ts) that Nora is the notary of, with two
 * checks that fall to her: of her role, or of a role nobody on the request has (the notary
 * answers then).
 */
async function norasRequest(
  _page: Page,
  nora: string,
  notary: string = DEMO.notary.name,
): Promise<[QcRequest, string, string]> {
  const request = await newQcRequest({ notary });
  expect(request.actors).toContainEqual({ userId: nora, roleId: 'notary' });
  const roles = new Set(request.actors.map((a) => a.roleId));
  const hers = request.checklistItems.filter(
    (item) => item.roleId === 'notary' || !roles.has(item.roleId),
  );
  const [first, second] = hers.filter(
    (item, i) => hers.findIndex((other) => other.displayName === item.displayName) === i,
  );
  if (!first || !second) throw new Error('the default process has no two checks for the notary');
  return [request, first.id, second.id];
}

/** Rejects `request` with `failed` failed, and their marks in the Attest-Marks header. */
async function rejectWithMarks(
  page: Page,
  request: QcRequest,
  failed: Record<string, string>,
  marks: DecisionMarks,
) {
  const reviewer = await userIdOf(page);
  const body = {
    status: 'rejected',
    reviewedBy: reviewer,
    notes: 'Please correct and resend.',
    checklistItems: request.checklistItems.map((item) =>
      item.id in failed
        ? { id: item.id, status: 'rejected', reviewerNote: failed[item.id] }
        : { id: item.id, status: 'approved' },
    ),
  };
  const status = await decideWithMarks(page, request.id, body, marks);
  expect(status).toBe(200);
}

const teamStats = async (page: Page) => {
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 27 * 86_400_000).toISOString().slice(0, 10);
  return api(page).get('/team/stats', TeamStatsSchema, { query: { from, to: today, tz: 'UTC' } });
};

/**
 * The team's count of decisions with a critical finding, and the newest critical findings,
 * read together: again until the findings are the same before and after the count (other
 * specs decide at the same time, and their critical findings move the count too).
 */
async function criticalCount(page: Page) {
  const newest = async () =>
    (
      await api(page).get('/team/findings', FindingListSchema, {
        query: { view: 'all', severity: 'critical', limit: '100' },
      })
    ).findings;
  for (;;) {
    const before = await newest();
    const stats = await teamStats(page);
    const after = await newest();
    if (JSON.stringify(before) === JSON.stringify(after)) {
      return { withCritical: stats.findings?.overall.withCritical ?? 0, stats, findings: after };
    }
  }
}

/**
 * Expects the count to have moved by `change` for the request `ours`, beside one for each
 * other request that got its first critical finding in between.
 */
function expectMoved(
  from: Awaited<ReturnType<typeof criticalCount>>,
  to: Awaited<ReturnType<typeof criticalCount>>,
  change: number,
  ours: string,
) {
  const known = new Set(from.findings.map((f) => f.id));
  const others = new Set(
    to.findings
      .filter((f) => !known.has(f.id) && f.requestId !== ours && f.state !== 'withdrawn')
      .map((f) => f.requestId),
  );
  expect(to.withCritical).toBe(from.withCritical + change + others.size);
}

const percentText = (rate: number | null | undefined) =>
  rate == null
    ? '—'
    : `${(Math.round(rate * 1000) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

/** Back to the top: a finding's document panel stays in view as the page scrolls (sticky). */
const toTop = (page: Page) => page.evaluate(() => window.scrollTo(0, 0));

/** `region` (PDF points on a US Letter page) is drawn where its numbers say on `page`'s `n`. */
async function expectDrawnAt(
  page: Page,
  n: number,
  label: RegExp,
  region: { x: number; y: number; width: number; height: number },
) {
  await expect(pdfPage(page, n)).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });
  const drawn = page.getByRole('button', { name: label });
  await drawn.scrollIntoViewIfNeeded();
  const box = await contentBox(pdfPage(page, n));
  const at = (await drawn.boundingBox())!;
  const scale = box.width / 612;
  expect(Math.abs(at.x - (box.x + region.x * scale))).toBeLessThan(3);
  expect(Math.abs(at.y - (box.y + region.y * scale))).toBeLessThan(3);
  expect(Math.abs(at.width - region.width * scale)).toBeLessThan(3);
  expect(Math.abs(at.height - region.height * scale)).toBeLessThan(3);
}

/**
 * Holds every read of a findings list `page` makes until released. Every one, not the next
 * alone: other specs' news for the same notary refreshes her list too, and a refresh that
 * overtakes a held one cancels it and would go through unheld.
 */
function holdLists(page: Page) {
  // The screen's list, not a test's own read of one request's findings.
  const pattern = (url: URL) =>
    url.pathname === '/team/findings' && !url.searchParams.has('requestId');
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let go = () => {};
  const released = new Promise<void>((resolve) => (go = resolve));
  const hold = async (route: Route) => {
    arrive();
    await released;
    await route.continue().catch(() => undefined);
  };
  const routed = page.route(pattern, hold);
  return {
    arrived: routed.then(() => arrived),
    release: async () => {
      go();
      await page.unroute(pattern, hold);
    },
  };
}

const findingRow = (page: Page, finding: Pick<Finding, 'id'>) =>
  page.locator(`[data-finding-id="${finding.id}"]`);

test('a new finding reaches its notary live; she disputes one and cures one; a manager withdraws the dispute', async ({
  browser,
}) => {
  // Her first answer is cut at the socket; Noah is refused what is not his (404).
  expectErrors(
    failedRequest('POST', '/team/findings/[\\w-]+/answer', 'CONNECTION_REFUSED'),
    errorAnswer(404, 'GET', '/team/findings/[\\w-]+(/document)?'),
  );
  const nora = await personPage(browser, DEMO.notary, '/findings');
  const riley = await personPage(browser, DEMO.reviewer, '/qc');
  const alex = await personPage(browser, DEMO.admin, '/qc/team');
  const noraId = await userIdOf(nora);
  if (!noraId) throw new Error('Nora has no user');

  // Nora's list, before: her open findings (the demo's), and the badge beside "My findings".
  await expect(nora.getByRole('heading', { name: 'My findings', level: 1 })).toBeVisible();
  const before = await api(nora).get('/team/findings/count', FindingCountSchema);
  const badge = nora.getByTestId('findings-badge');
  if (before.open > 0) await expect(badge).toContainText(`${before.open} open`);
  const stats0 = await criticalCount(alex);

  // Riley rejects two of her checks, one raised to critical, with a region each.
  const [request, disputedItem, curedItem] = await norasRequest(riley, noraId);
  // The refresh of her list that the rejection's news brings is held, to look at the rows on
  // screen while it is under way.
  const refresh = holdLists(nora);
  const nameOf = (id: string) => request.checklistItems.find((i) => i.id === id)?.displayName;
  const marks: DecisionMarks = {
    items: [
      {
        itemId: disputedItem,
        severity: 'critical',
        regions: [{ page: 1, x: 90, y: 520, width: 260, height: 70 }],
      },
      { itemId: curedItem, regions: [{ page: 1, x: 320, y: 640, width: 200, height: 50 }] },
    ],
  };
  await rejectWithMarks(
    riley,
    request,
    {
      [disputedItem]: `${nameOf(disputedItem)}: cannot be confirmed from the page, p. 1`,
      [curedItem]: `${nameOf(curedItem)}: initials missing beside the correction, p. 1`,
    },
    marks,
  );
  // Live, with no reload: a toast, the new rows and the badge.
  const toast = nora.locator('.toast').filter({ hasText: 'New finding for you' }).first();
  await expect(toast).toBeVisible();
  // Her list refreshed in the background stays as readable as it was: never dimmed (axe
  // found its text short of contrast while news arrived).
  await refresh.arrived;
  if (before.open > 0) {
    const list = nora.getByRole('list', { name: 'Findings' });
    await expect(list).toHaveAttribute('aria-busy', 'true');
    // As it is once any transition under way has run its course.
    const settled = () =>
      list.evaluate(async (element) => {
        await Promise.all(element.getAnimations().map((animation) => animation.finished));
        return getComputedStyle(element).opacity;
      });
    expect(await settled()).toBe('1');
  }
  await refresh.release();
  const mine = await api(nora).get('/team/findings', FindingListSchema, {
    query: { mine: 'true', requestId: request.id, view: 'all' },
  });
  const disputed = mine.findings.find((f) => f.itemId === disputedItem);
  const cured = mine.findings.find((f) => f.itemId === curedItem);
  if (!disputed || !cured) throw new Error('the rejection made no findings of Nora’s');
  expect(disputed.severity).toBe('critical');

  await expect(findingRow(nora, disputed)).toBeVisible();
  await expect(findingRow(nora, cured)).toBeVisible();
  // Other specs' rejections raise findings for Nora too (the demo's notary, on requests of
  // their own): the badge shows her count as the gateway has it now, these two among them.
  await expect(async () => {
    const now = await api(nora).get('/team/findings/count', FindingCountSchema);
    expect(now.open).toBeGreaterThanOrEqual(before.open + 2);
    await expect(badge).toContainText(`${now.open} open`, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(findingRow(nora, disputed)).toContainText('Critical');
  await expect(findingRow(nora, disputed)).toContainText(request.document.matterReference);
  await expect(findingRow(nora, disputed)).toContainText('cannot be confirmed from the page');
  await dismissToasts(nora);
  await bothThemes(nora, 'findings-mine');
  await expectAccessible(nora);
  // Other specs' live events (a document ready, an address changed) may toast over her form.
  const keepToasts = await dismissToastsInTheWay(nora);

  // She opens the critical one: where it is, what it is, and the answer.
  await findingRow(nora, disputed).getByRole('link').click();
  await expect(nora.getByRole('heading', { name: nameOf(disputedItem), level: 1 })).toBeVisible();
  await expect(nora.getByRole('list', { name: 'Marked places' })).toContainText('Page 1');
  await expect(nora.locator('.finding-quote')).toContainText('cannot be confirmed from the page');

  // A dispute needs its reason; a failed save keeps it.
  const answer = nora.getByRole('form', { name: 'Your answer' });
  await answer.getByRole('radio', { name: /Disputed/ }).check();
  await answer.getByRole('button', { name: 'Send dispute' }).click();
  await expect(answer.getByText(/Say why this is not a defect/)).toBeVisible();
  const reason = 'It is on the original; the scan was taken at an angle.';
  await answer.getByLabel('Why it is not a defect').fill(reason);
  await nora.route('**/team/findings/*/answer', (route) => route.abort('connectionrefused'), {
    times: 1,
  });
  await answer.getByRole('button', { name: 'Send dispute' }).click();
  await expect(answer.getByRole('alert')).toContainText('What you wrote is kept');
  await expect(answer.getByLabel('Why it is not a defect')).toHaveValue(reason);
  // News that comes while she is at her answer, its Send button at the screen's bottom
  // right where toasts stand, shows where it covers nothing of the form.
  await keepToasts();
  await dismissToasts(nora);
  const send = answer.getByRole('button', { name: 'Send dispute' });
  await send.evaluate((button) => button.scrollIntoView({ block: 'end', inline: 'end' }));
  await send.focus();
  await createEntity(alex, `Toast While Answering ${Date.now()}`);
  await expect(nora.locator('.toast', { hasText: 'Address changed' }).first()).toBeVisible({
    timeout: 15_000,
  });
  const covered = await nora.evaluate(() => {
    const form = document.querySelector('form[aria-label="Your answer"], .finding-answer');
    const box = form?.getBoundingClientRect();
    return [...document.querySelectorAll('.toast')].some((toast) => {
      const t = toast.getBoundingClientRect();
      return (
        box && t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom
      );
    });
  });
  expect(covered).toBe(false);
  await expect(send).toBeFocused();
  await dismissToastsInTheWay(nora);
  // The page itself, from the copy the gateway kept, with the region where it was marked.
  await expectDrawnAt(nora, 1, /Region 1 on page 1/, {
    x: 90,
    y: 520,
    width: 260,
    height: 70,
  });
  await expect(nora.locator('.finding-sketches')).toHaveCount(0);
  await toTop(nora);
  await dismissToasts(nora);
  await bothThemes(nora, 'findings-answer');
  await expectAccessible(nora);
  await answer.getByRole('button', { name: 'Send dispute' }).click();
  await expect(nora.getByRole('status').filter({ hasText: 'A QC manager settles' })).toBeVisible();
  await expect(nora.getByRole('list', { name: 'History of this finding' })).toContainText(
    'disputed it',
  );

  // The other one, cured.
  await nora.goto(`/findings/${cured.id}`);
  const cure = nora.getByRole('form', { name: 'Your answer' });
  await cure.getByLabel('What you did (optional)').fill('Initialled the correction and re-sent.');
  await cure.getByRole('button', { name: 'Mark cured' }).click();
  await expect(nora.getByRole('status').filter({ hasText: 'marked it cured' })).toBeVisible();

  // The team's stats count the decision, critical while the dispute is open.
  const stats1 = await criticalCount(alex);
  expectMoved(stats0, stats1, +1, request.id);

  // Alex, a QC manager: the disputed list, the page with its region, and the withdrawal.
  await alex.goto('/findings/all?view=disputed&severity=critical');
  await expect(alex.getByRole('heading', { name: 'Findings', level: 1 })).toBeVisible();
  await expect(alex.getByLabel('Severity')).toHaveValue('critical');
  await expect(findingRow(alex, disputed)).toContainText('Nora Notary');
  await bothThemes(alex, 'findings-team');
  await expectAccessible(alex);
  await findingRow(alex, disputed).getByRole('link').click();
  await expect(alex.getByRole('button', { name: /Region 1 on page 1/ })).toBeVisible();
  const settle = alex.getByRole('form', { name: 'Settle the dispute' });
  await settle.getByRole('button', { name: 'Settle dispute' }).click();
  await expect(settle.getByText('Choose whether the finding stands')).toBeVisible();
  await expect(settle.getByText('Say why')).toBeVisible();
  await settle.getByRole('radio', { name: /Withdraw/ }).check();
  await settle.getByLabel('Reason').fill('Agreed: the original shows it clearly.');
  await toTop(alex);
  await bothThemes(alex, 'findings-settle');
  await expectAccessible(alex);
  await settle.getByRole('button', { name: 'Settle dispute' }).click();
  await expect(alex.locator('.finding-page')).toHaveAttribute('data-state', 'withdrawn');
  await expect(alex.getByRole('list', { name: 'History of this finding' })).toContainText(
    'withdrew it',
  );

  // Nora hears of it on her page, as it happens.
  await nora.goto(`/findings/${disputed.id}`);
  await expect(nora.locator('.finding-page')).toHaveAttribute('data-state', 'withdrawn');

  // The request's history shows the steps in order.
  await alex.goto(`/qc/${request.id}`);
  const timeline = alex.getByRole('list', { name: 'History of this request' });
  await expect(timeline).toContainText('disputed it');
  await expect(timeline).toContainText('withdrew it');
  await expect(timeline).toContainText('marked it cured');

  // The critical rate moves back: the decision keeps a defect, but no critical one.
  const stats2 = await criticalCount(alex);
  expectMoved(stats1, stats2, -1, request.id);
  await alex.goto('/qc/team');
  // As the figures say, once no other decision has moved them meanwhile.
  await expect(async () => {
    const now = await criticalCount(alex);
    await alex.reload();
    await expect(alex.getByTestId('critical-rate')).toHaveText(
      percentText(now.stats.findings?.overall.criticalRate),
      { timeout: 5_000 },
    );
  }).toPass({ timeout: 30_000 });

  // Nobody else sees any of it: another owner's manager, and another person's own list.
  const gwen = await personPage(browser, DEMO.globex, `/findings/${disputed.id}`);
  await expect(gwen.getByText('This finding is not there for you')).toBeVisible();
  const others = await api(riley).get('/team/findings', FindingListSchema, {
    query: { mine: 'true', view: 'all' },
  });
  expect(others.findings.map((f) => f.id)).not.toContain(disputed.id);
  await riley.goto('/findings?view=all');
  await expect(riley.getByRole('heading', { name: 'My findings', level: 1 })).toBeVisible();
  await expect(findingRow(riley, disputed)).toHaveCount(0);

  // Another notary of the same owner: none of Nora's in his list, and her findings and their
  // document are not there for him.
  const noah = await personPage(browser, NOAH, '/findings?view=all');
  await expect(noah.getByRole('heading', { name: 'My findings', level: 1 })).toBeVisible();
  const his = await api(noah).get('/team/findings', FindingListSchema, {
    query: { mine: 'true', view: 'all', limit: '100' },
  });
  expect(his.findings.filter((f) => f.responsible?.id === noraId)).toEqual([]);
  for (const finding of [disputed, cured]) {
    await expect(findingRow(noah, finding)).toHaveCount(0);
    expect(his.findings.map((f) => f.id)).not.toContain(finding.id);
    expect(await api(noah).status('GET', `/team/findings/${finding.id}`)).toBe(404);
    expect(await api(noah).status('GET', `/team/findings/${finding.id}/document`)).toBe(404);
  }
  expect(await api(nora).status('GET', `/team/findings/${disputed.id}/document`)).toBe(200);
  await noah.goto(`/findings/${disputed.id}`);
  await expect(noah.getByText('This finding is not there for you')).toBeVisible();
});

test('a finding raised while its notary’s event stream is still connecting reaches her badge once it is up', async ({
  browser,
}) => {
  // Noah: no other spec raises findings for him, so his count moves with this test only.
  const noah = await (await browser.newContext()).newPage();
  let streamMayOpen = () => {};
  const held = new Promise<void>((resolve) => (streamMayOpen = resolve));
  await noah.route(
    (url) => url.pathname === '/events',
    async (route) => {
      if (route.request().headers().accept?.includes('text/event-stream')) await held;
      await route.fallback();
    },
  );
  await signIn(noah, NOAH, '/findings');
  await expect(noah.getByRole('heading', { name: 'My findings', level: 1 })).toBeVisible();
  const noahId = await userIdOf(noah);
  if (!noahId) throw new Error('Noah has no user');
  const count = () => api(noah).get('/team/findings/count', FindingCountSchema);
  const before = await count();

  // Riley raises one for him while his page is up but its stream is not.
  const riley = await personPage(browser, DEMO.reviewer, '/signatures');
  const [request, failed] = await norasRequest(riley, noahId, NOAH.name);
  await rejectWithMarks(
    riley,
    request,
    { [failed]: 'The notary’s seal is missing.' },
    { items: [{ itemId: failed, regions: [{ page: 1, x: 90, y: 520, width: 260, height: 70 }] }] },
  );
  const after = await count();
  expect(after.open).toBe(before.open + 1);

  // Told to nobody (the stream was not up), it is read again once the stream is.
  streamMayOpen();
  await expect(noah.getByTestId('findings-badge')).toContainText(`${after.open} open`);
  const rows = noah.locator('[data-finding-id]');
  await expect(rows.filter({ hasText: request.document.matterReference })).toHaveCount(1);
});

test('a wet-ink finding is cured by uploading the rescan from its page', async ({ browser }) => {
  const nora = await personPage(browser, DEMO.notary, '/findings');
  const riley = await personPage(browser, DEMO.reviewer, '/qc');
  const alex = await personPage(browser, DEMO.admin, '/findings/all');
  const noraId = await userIdOf(nora);
  if (!noraId) throw new Error('Nora has no user');

  // Nora's wet-ink scan goes to QC; Riley returns it with a failed check marked on the page.
  const signature = await requestAwaitingScan(nora);
  await sendScanByApi(nora, signature.id, `${signature.matterReference} first scan`);
  const { qcRequests } = await api(riley).get(
    '/api/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=desc&limit=5',
    QcRequestListSchema,
  );
  const scan = qcRequests.find((q) => q.document.id === signature.fileId);
  if (!scan) throw new Error('the scan is not in the queue');
  const item = scan.checklistItems[0];
  if (!item) throw new Error('a checklist item');
  const region = { page: 1, x: 72, y: 80, width: 320, height: 60 };
  await rejectWithMarks(
    riley,
    scan,
    { [item.id]: `${item.displayName}: the scan is cut off at the top, p. 1` },
    { items: [{ itemId: item.id, regions: [region] }] },
  );
  const [finding] = (
    await api(alex).get('/team/findings', FindingListSchema, {
      query: { requestId: scan.id, view: 'all' },
    })
  ).findings;
  if (!finding) throw new Error('the rejection made no finding');
  // A fresh request names no notary: the manager hands it to Nora, who uploaded the scan.
  if (finding.responsible?.id !== noraId) {
    expect(
      await api(alex).status('PUT', `/team/findings/${finding.id}/responsible`, {
        userId: noraId,
      }),
    ).toBe(200);
  }

  // Her finding's page: the scan itself with the region, and the rescan's upload in the answer.
  await nora.goto(`/findings/${finding.id}`);
  await expect(nora.getByRole('heading', { name: item.displayName, level: 1 })).toBeVisible();
  await expectDrawnAt(nora, 1, /Region 1 on page 1/, region);
  const answer = nora.getByRole('form', { name: 'Your answer' });
  const upload = answer.getByRole('region', { name: 'Upload the rescan' });
  await expect(upload).toBeVisible();
  await expect(answer.getByTestId('no-replacement')).toHaveCount(0);
  await answer.getByLabel('What you did (optional)').fill('Rescanned the whole page.');
  await dismissToasts(nora);
  await toTop(nora);
  await bothThemes(nora, 'findings-rescan');
  await expectAccessible(nora);

  await upload.locator('input[type="file"]').setInputFiles({
    name: 'rescan.pdf',
    mimeType: 'application/pdf',
    buffer: await scanPdf(`${signature.matterReference} second scan`),
  });
  await expect(nora.locator('.finding-page')).toHaveAttribute('data-state', 'cured', {
    timeout: 60_000,
  });
  await expect(nora.getByRole('status').filter({ hasText: 'marked it cured' })).toBeVisible();
  const steps = nora.getByRole('list', { name: 'History of this finding' });
  await expect(steps).toContainText('Rescanned the whole page. A rescan was uploaded: rescan.pdf.');
  const saved = await api(nora).get(`/team/findings/${finding.id}`, FindingSchema);
  expect(saved.steps.at(-1)).toMatchObject({
    kind: 'answered',
    note: 'Rescanned the whole page. A rescan was uploaded: rescan.pdf.',
  });
  // The rescan went to the service the spec's way: the signature request is in QC again.
  const stored = await api(nora).get(
    `/api/signatures/v2/requests/${signature.id}`,
    SignatureRequestSchema,
  );
  expect(stored.status).toBe('wetInkUploaded');
  await toTop(nora);
  await bothThemes(nora, 'findings-rescan-cured');
  await expectAccessible(nora);
});

test('an e-signed document’s finding says no replacement can be sent', async ({ browser }) => {
  const nora = await personPage(browser, DEMO.notary, '/findings');
  const noraId = await userIdOf(nora);
  if (!noraId) throw new Error('Nora has no user');
  const riley = await personPage(browser, DEMO.reviewer, '/qc');
  const [request, itemId] = await norasRequest(riley, noraId);
  await rejectWithMarks(
    riley,
    request,
    { [itemId]: 'Not as the checklist asks, p. 1' },
    {
      items: [{ itemId, regions: [{ page: 1, x: 72, y: 300, width: 240, height: 50 }] }],
    },
  );
  const { findings } = await api(nora).get('/team/findings', FindingListSchema, {
    query: { mine: 'true', requestId: request.id, view: 'all' },
  });
  const [finding] = findings;
  if (!finding) throw new Error('no finding of Nora’s');
  await nora.goto(`/findings/${finding.id}`);
  const answer = nora.getByRole('form', { name: 'Your answer' });
  await expect(answer.getByTestId('no-replacement')).toContainText(
    'No replacement PDF can be sent from here',
  );
  await expect(answer.getByRole('region', { name: 'Upload the rescan' })).toHaveCount(0);
});

test('a manager who raised a finding leaves its dispute to another manager', async ({
  browser,
}) => {
  const alex = await personPage(browser, DEMO.admin, '/findings/all');
  const nora = await personPage(browser, DEMO.notary, '/findings');
  const noraId = await userIdOf(nora);
  if (!noraId) throw new Error('Nora has no user');
  const [request, itemId] = await norasRequest(alex, noraId);
  await rejectWithMarks(
    alex,
    request,
    { [itemId]: 'Not as the checklist asks, p. 2' },
    {
      items: [{ itemId, regions: [{ page: 2, x: 72, y: 72, width: 300, height: 60 }] }],
    },
  );
  const { findings } = await api(nora).get('/team/findings', FindingListSchema, {
    query: { mine: 'true', requestId: request.id, view: 'all' },
  });
  const [own] = findings;
  if (!own) throw new Error('no finding of Nora’s');
  await api(nora).post(
    `/team/findings/${own.id}/answer`,
    { answer: 'disputed', note: 'It is there on page 2.' },
    FindingSchema,
  );
  await alex.goto(`/findings/${own.id}`);
  await expect(alex.getByTestId('settle-refused')).toContainText('You raised this finding');
  await expect(alex.getByRole('button', { name: 'Settle dispute' })).toHaveCount(0);
  await expect(alex.getByRole('button', { name: /Region 1 on page 2/ })).toBeAttached();
  await toTop(alex);
  await bothThemes(alex, 'findings-own');
  await expectAccessible(alex);

  // Alex hands it to someone else: it leaves Nora's list, and the page says who now.
  await alex.getByRole('button', { name: 'Reassign' }).click();
  const dialog = alex.getByRole('dialog', { name: 'Hand this finding to someone else' });
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose who answers for it.');
  const someone = dialog.getByRole('radio').first();
  const name =
    (await dialog.locator('.reassign__option').first().locator('.reassign__name').textContent()) ??
    '';
  await someone.check();
  await bothThemes(alex, 'findings-reassign');
  await expectAccessible(alex);
  await dialog.getByRole('button', { name: 'Reassign' }).click();
  await expect(dialog).toBeHidden();
  await expect(alex.getByTestId('finding-responsible')).toHaveText(name);
  await expect(alex.getByRole('list', { name: 'History of this finding' })).toContainText(
    `handed it from Nora Notary to ${name}`,
  );
  const left = await api(nora).get('/team/findings', FindingListSchema, {
    query: { mine: 'true', requestId: request.id, view: 'all' },
  });
  expect(left.findings).toHaveLength(0);
});

test('four eyes: a manager who records the dispute for the party responsible leaves it to another', async ({
  browser,
}) => {
  const nora = await personPage(browser, DEMO.notary, '/findings');
  const noraId = await userIdOf(nora);
  if (!noraId) throw new Error('Nora has no user');
  await nora.close();
  const riley = await personPage(browser, DEMO.reviewer, '/qc');
  const [request, itemId] = await norasRequest(riley, noraId);
  await rejectWithMarks(
    riley,
    request,
    { [itemId]: 'Not as the checklist asks, p. 1' },
    { items: [{ itemId, regions: [{ page: 1, x: 72, y: 300, width: 240, height: 50 }] }] },
  );
  const { findings } = await api(riley).get('/team/findings', FindingListSchema, {
    query: { requestId: request.id, view: 'all' },
  });
  const [finding] = findings;
  if (!finding) throw new Error('no finding');

  // Nora has no console to hand: Alex records her dispute, as she said it on the phone.
  const alex = await personPage(browser, DEMO.admin, `/findings/${finding.id}`);
  await alex.getByText('Record an answer for Nora Notary').click();
  const behalf = alex.getByRole('form', { name: 'Answer for Nora Notary' });
  await behalf.getByRole('radio', { name: /Disputed/ }).check();
  await behalf.getByLabel('Why it is not a defect').fill('She says the seal is on page 2.');
  await behalf.getByRole('button', { name: 'Send dispute' }).click();
  await expect(alex.locator('.finding-page')).toHaveAttribute('data-state', 'disputed');
  await expect(alex.getByTestId('settle-refused')).toContainText(
    'You recorded the answer being settled',
  );
  await expect(
    alex.getByRole('status').filter({ hasText: 'You recorded Nora Notary’s dispute' }),
  ).toBeVisible();
  await expect(alex.getByRole('button', { name: 'Settle dispute' })).toHaveCount(0);
  // The gateway says so too, and nothing moves.
  const { origin } = new URL(alex.url());
  const refused = await alex.request.post(`${origin}/team/findings/${finding.id}/settle`, {
    headers: { 'x-attest': '1', origin },
    data: { outcome: 'withdrawn', note: 'Fine.' },
  });
  expect(refused.status(), await refused.text()).toBe(403);
  expect((await api(alex).get(`/team/findings/${finding.id}`, FindingSchema)).state).toBe(
    'disputed',
  );

  // Morgan, the second pair of eyes, settles it.
  const morgan = await personPage(browser, DEMO.qcManager, `/findings/${finding.id}`);
  await expect(morgan.getByRole('button', { name: /Region 1 on page 1/ })).toBeVisible();
  await expect(morgan.getByRole('status').filter({ hasText: 'Alex Admin recorded' })).toBeVisible();
  const settle = morgan.getByRole('form', { name: 'Settle the dispute' });
  await settle.getByRole('radio', { name: /Withdraw/ }).check();
  await settle.getByLabel('Reason').fill('Page 2 shows the seal whole.');
  await toTop(morgan);
  await bothThemes(morgan, 'findings-four-eyes');
  await expectAccessible(morgan);
  await settle.getByRole('button', { name: 'Settle dispute' }).click();
  await expect(morgan.locator('.finding-page')).toHaveAttribute('data-state', 'withdrawn');
  await expect(morgan.getByRole('list', { name: 'History of this finding' })).toContainText(
    'Morgan Manager',
  );
});

test('My findings is for people: empty, loading and failed states say so', async ({ browser }) => {
  expectErrors(errorAnswer(503, 'GET', '/team/findings'));
  const gwen = await personPage(browser, DEMO.globex, '/findings');
  await expect(gwen.getByRole('heading', { name: 'My findings', level: 1 })).toBeVisible();
  await expect(gwen.getByText('Nothing to answer')).toBeVisible();
  await bothThemes(gwen, 'findings-empty');
  await expectAccessible(gwen);
  await gwen.route('**/team/findings?*', (route) => route.fulfill({ status: 503, body: '{}' }));
  await gwen.goto('/findings?view=all');
  await expect(gwen.getByText('The findings could not be loaded')).toBeVisible();
  await gwen.unroute('**/team/findings?*');
  await gwen.getByRole('button', { name: 'Try again' }).click();
  await expect(gwen.getByText('No findings', { exact: true })).toBeVisible();
});
