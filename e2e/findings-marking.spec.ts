import { type Page, type Request } from '@playwright/test';
import { expect, test, expectSharedNext } from './console-watch.ts';
import { DecisionMarksSchema, type DecisionMarks, type Region } from '../src/contract/findings.ts';
import { QcRequestSchema } from '../src/contract/qc.ts';
import { SampleListSchema } from '../src/contract/qc-management.ts';
import { RequestHistorySchema } from '../src/contract/team.ts';
import { api } from './api.ts';
import { newQcRequest } from './requests.ts';
import { contentBox, pdfPage } from './pdf-pages.ts';
import { DEMO, bothThemes, expectAccessible, holdRequests, signIn } from './support.ts';

// ADR 029, the reviewer's side: failed items marked on the page (with the mouse, and the
// whole page from the keyboard), a region moved, resized and removed, the draft kept across
// a reload (drawn over the gateway's first-page image too), a severity raised, and the
// rejection's PATCH carrying the marks in its Attest-Marks header; then a second reviewer
// sees the first reviewer's regions only once their own review is in.

test.describe.configure({ timeout: 120_000 });

/** US Letter, the demo documents' pages, in points. */
const LETTER = { width: 612, height: 792 };

const stored = (page: Page, id: string) =>
  api(page).get(`/api/qc/v2/qc/requests/${id}`, QcRequestSchema);

/** Where a rectangle dragged between two points of a page's box lands, in its points. */
function expectedRegion(
  n: number,
  box: { x: number; y: number; width: number; height: number },
  from: { x: number; y: number },
  to: { x: number; y: number },
): Region {
  const pt = (px: number, size: number, points: number) => (px / size) * points;
  return {
    page: n,
    x: pt(Math.min(from.x, to.x) - box.x, box.width, LETTER.width),
    y: pt(Math.min(from.y, to.y) - box.y, box.height, LETTER.height),
    width: pt(Math.abs(to.x - from.x), box.width, LETTER.width),
    height: pt(Math.abs(to.y - from.y), box.height, LETTER.height),
  };
}

function expectNear(actual: Region | undefined, expected: Region, points = 1.5) {
  expect(actual?.page).toBe(expected.page);
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs((actual?.[key] ?? Infinity) - expected[key])).toBeLessThanOrEqual(points);
  }
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

/** The header's marks, decoded as the gateway decodes them. */
function sentMarks(request: Request): DecisionMarks {
  const header = request.headers()['attest-marks'];
  expect(header, 'the PATCH carries Attest-Marks').toBeTruthy();
  return DecisionMarksSchema.parse(JSON.parse(Buffer.from(header ?? '', 'base64url').toString()));
}

test('a reviewer marks failed items on the page, grades one, and the rejection carries the marks', async ({
  page,
}) => {
  expectSharedNext();
  await signIn(page, DEMO.reviewer);
  // A request of the test's own (requests.ts), its document three pages long.
  const request = await newQcRequest({ pages: 3 });
  const [seal, date] = request.checklistItems;
  if (!seal || !date) throw new Error('the request has fewer than two checklist items');
  await page.goto(`/qc/${request.id}?status=pending&order=newest`);
  await expect(pdfPage(page, 1)).toHaveAttribute('data-painted', 'true', { timeout: 15_000 });
  await expect(page.locator('.pdf-toolbar')).toContainText(/of [2-9]/);

  // Two items failed: the first with the mouse, the second with the keyboard.
  const first = page.getByTestId('check-1');
  await first.getByRole('button', { name: 'Fail' }).click();
  await first.getByRole('textbox', { name: /What is wrong/ }).fill('Seal cut off');
  await page.keyboard.press('Escape');
  await page.keyboard.press('2');
  await page.keyboard.press('f');
  await page.keyboard.type('Date missing');
  await page.keyboard.press('Escape');

  // The first is marked on page 2 with the mouse.
  await first.getByRole('button', { name: 'Mark on page' }).click();
  const banner = page.getByRole('region', { name: 'Marking on the page' });
  await expect(banner).toContainText(`Marking 1 · ${seal.displayName}`);
  await expect(banner).toContainText('Drag a rectangle on the page.');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(pdfPage(page, 2)).toHaveAttribute('data-painted', 'true');
  const page2 = await contentBox(pdfPage(page, 2));
  const from = { x: page2.x + page2.width * 0.2, y: page2.y + page2.height * 0.3 };
  const to = { x: page2.x + page2.width * 0.55, y: page2.y + page2.height * 0.45 };
  await drag(page, from, to);
  const sealRegion = page.getByRole('button', {
    name: `Marked region 1 on page 2: ${seal.displayName}`,
    exact: true,
  });
  await expect(sealRegion).toBeVisible();
  let expected = expectedRegion(2, page2, from, to);

  // Moved by its tag, resized by its corner.
  const tag = sealRegion.locator('.region__tag');
  const tagBox = (await tag.boundingBox())!;
  const grab = { x: tagBox.x + tagBox.width / 2, y: tagBox.y + tagBox.height / 2 };
  await drag(page, grab, { x: grab.x + 40, y: grab.y + 30 });
  expected = {
    ...expected,
    x: expected.x + (40 / page2.width) * LETTER.width,
    y: expected.y + (30 / page2.height) * LETTER.height,
  };
  const region = page.locator('.region').filter({ has: sealRegion });
  const corner = (await region.locator('.region__handle--se').boundingBox())!;
  const held = { x: corner.x + corner.width / 2, y: corner.y + corner.height / 2 };
  await drag(page, held, { x: held.x + 30, y: held.y + 20 });
  expected = {
    ...expected,
    width: expected.width + (30 / page2.width) * LETTER.width,
    height: expected.height + (20 / page2.height) * LETTER.height,
  };

  // A second region, removed with its button; a third, removed with Delete.
  for (const remove of ['button', 'key'] as const) {
    await drag(
      page,
      { x: page2.x + page2.width * 0.1, y: page2.y + page2.height * 0.6 },
      { x: page2.x + page2.width * 0.4, y: page2.y + page2.height * 0.7 },
    );
    const extra = page.getByRole('button', {
      name: `Marked region 2 on page 2: ${seal.displayName}`,
      exact: true,
    });
    await expect(extra).toBeVisible();
    if (remove === 'button') {
      await page
        .getByRole('button', {
          name: `Remove marked region 2 on page 2: ${seal.displayName}`,
          exact: true,
        })
        .click();
    } else {
      await extra.focus();
      await page.keyboard.press('Delete');
    }
    await expect(extra).toHaveCount(0);
  }
  await expectAccessible(page);
  await bothThemes(page, 'findings-marking');
  await page.keyboard.press('Escape');
  await expect(banner).toHaveCount(0);

  // The second, from the keyboard: the whole page shown. Page 1 asked for by number: after the
  // screenshots' resizes, a two-page document scrolled to its end may count either page as shown.
  const pageBox = page.getByRole('textbox', { name: 'Page' });
  await pageBox.fill('1');
  await pageBox.press('Enter');
  await expect(pageBox).toHaveValue('1');
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await pageBox.blur();
  await page.keyboard.press('2');
  await page.keyboard.press('m');
  const wholePage = page.getByRole('button', { name: 'Mark all of page 1' });
  await expect(wholePage).toBeFocused();
  await page.keyboard.press('Enter');
  const dateRegion = page.getByRole('button', {
    name: `Marked region 1 on page 1: ${date.displayName}`,
    exact: true,
  });
  await expect(dateRegion).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(banner).toHaveCount(0);

  // The finding and its region lead to each other.
  const sealLink = page.getByRole('button', {
    name: `Marked region 1 on page 2: ${seal.displayName}: show it on the page`,
  });
  await sealLink.click();
  await expect(sealRegion).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(sealLink).toBeFocused();

  // A severity raised.
  const severity = page.getByRole('group', { name: `Severity: ${seal.displayName}` });
  const critical = severity.getByRole('button', { name: 'Critical' });
  const raised = (await critical.getAttribute('aria-pressed')) === 'false';
  await critical.click();
  await expect(critical).toHaveAttribute('aria-pressed', 'true');

  // A reload keeps the draft; while pdf.js is held back, the gateway's image of page 1
  // shows page 1's region from the same numbers.
  const pdfPath = new URL(request.fileUrl).pathname;
  const thePdf = (url: URL) => url.pathname === pdfPath;
  const release = await holdRequests(page, thePdf);
  // The app's preview, not the gateway's first screen: it shows the image when the page came
  // with one for this very document link (a presigned link may differ between the two reads).
  await expect(async () => {
    await page.reload();
    await expect(page.locator('.first-screen')).toHaveCount(0, { timeout: 5_000 });
    await expect(page.locator('img.pdf-first-page')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  // The reviewer's own mark; the machine's evidence on page 1 may be drawn beside it, once
  // the machine has read this new request.
  await expect(page.locator('.pdf-first-page-regions .region[data-tone="mark"]')).toHaveCount(1);
  release();
  await expect(pdfPage(page, 1)).toHaveAttribute('data-painted', 'true', { timeout: 15_000 });
  await page.unroute(thePdf);
  await expect(dateRegion).toBeAttached();
  await expect(sealRegion).toBeAttached();
  await expect(
    page.getByTestId('check-1').getByRole('button', { name: /^Marked region/ }),
  ).toHaveCount(1);
  await expect(critical).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);

  // The rejection: its PATCH carries the marks, the notes their pages.
  const patched = page.waitForRequest(
    (r) => r.method() === 'PATCH' && r.url().includes(`/requests/${request.id}`),
  );
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(`/requests/${request.id}`),
  );
  await page.getByRole('button', { name: 'Reject and next' }).click();
  const marks = sentMarks(await patched);
  expect((await answered).status()).toBe(200);
  const bySeal = marks.items.find((m) => m.itemId === seal.id);
  const byDate = marks.items.find((m) => m.itemId === date.id);
  expect(marks.items).toHaveLength(2);
  expect(bySeal?.severity).toBe(raised ? 'critical' : undefined);
  expect(bySeal?.regions).toHaveLength(1);
  expectNear(bySeal?.regions[0], expected);
  expect(byDate?.severity).toBeUndefined();
  expect(byDate?.regions).toEqual([{ page: 1, x: 0, y: 0, ...LETTER }]);

  const saved = await stored(page, request.id);
  expect(saved.status).toBe('rejected');
  const noteOf = (id: string) => saved.checklistItems.find((i) => i.id === id)?.reviewerNote;
  expect(noteOf(seal.id)).toBe('Seal cut off (p. 2)');
  expect(noteOf(date.id)).toBe('Date missing (p. 1)');
  // The gateway kept them with the decision, as checked.
  const history = await api(page).get(`/team/history/${request.id}`, RequestHistorySchema);
  expect(history.decisions.at(-1)?.marks?.items).toHaveLength(2);
});

test("a second reviewer sees the first reviewer's regions only once their own review is in", async ({
  page,
}) => {
  await signIn(page, DEMO.reviewer);
  const { samples } = await api(page).get('/team/samples?state=all', SampleListSchema);
  const settled = samples.find((s) => s.state !== 'open' && s.firstReview);
  const open = samples.find((s) => s.state === 'open');
  if (!settled) throw new Error('no settled sample in the demo data');
  const request = await stored(page, settled.requestId);
  const item = request.checklistItems[0];
  if (!item) throw new Error('the sampled request has no checklist item');

  // Approvals carry no marks: the first reviewer's regions are given to this history here,
  // as a gateway's record of a marked decision would have them.
  const marked: DecisionMarks = {
    items: [{ itemId: item.id, regions: [{ page: 2, x: 72, y: 144, width: 200, height: 90 }] }],
  };
  const histories: string[] = [];
  await page.route('**/team/history/**', async (route) => {
    histories.push(new URL(route.request().url()).pathname);
    const response = await route.fetch();
    const body = RequestHistorySchema.parse(await response.json());
    const last = body.decisions.at(-1);
    if (last) last.marks = marked;
    await route.fulfill({ response, json: body });
  });

  if (open) {
    await page.goto(`/qc/second-review/${open.requestId}`);
    await expect(pdfPage(page, 1)).toHaveAttribute('data-painted', 'true', { timeout: 15_000 });
    await expect(page.locator('.region')).toHaveCount(0);
    expect(histories).toEqual([]);
  }

  await page.goto(`/qc/second-review/${settled.requestId}`);
  await expect(page.getByRole('heading', { name: 'Both reviews' })).toBeVisible();
  const link = page.getByRole('button', {
    name: `First reviewer's region 1 on page 2: ${item.displayName}: show it on the page`,
  });
  await expect(link).toBeVisible();
  await link.click();
  const region = page.getByRole('button', {
    name: `First reviewer's region 1 on page 2: ${item.displayName}`,
    exact: true,
  });
  await expect(region).toBeFocused();
  // Drawn where the numbers say, on page 2: 72 pt from the left is 72/612 of its width.
  const box = await contentBox(pdfPage(page, 2));
  const drawn = (await region.boundingBox())!;
  expect(Math.abs(drawn.x - (box.x + (72 / LETTER.width) * box.width))).toBeLessThan(3);
  expect(Math.abs(drawn.width - (200 / LETTER.width) * box.width)).toBeLessThan(3);
  await page.keyboard.press('Enter');
  await expect(link).toBeFocused();
  await expectAccessible(page);
  await bothThemes(page, 'findings-second-review');
});
