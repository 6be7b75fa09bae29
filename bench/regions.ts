import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { renderDocumentPdf } from '../src/service/seed/documents.ts';
import { appRunning, signIn } from './browser.ts';
import { summarise } from './lib.ts';

// What the regions drawn over a document (ADR 029, pdf/regions/) cost while a reviewer
// scrolls: a 20-page document with 10 regions, scrolled top to bottom and back one step per
// frame, in Chromium against the real console. Two figures: the overlay's own work per frame
// (its `attest:regions` performance measures: keeping its layers in pdf.js's pages as pdf.js
// draws them, and rendering when a page's box changes), and the main thread's busy time per
// frame with the regions and without them (CDP's TaskDuration), for what the measures may
// not see (style, layout and paint of the regions). It reports; it asserts nothing.

const VIEWPORT = { width: 1280, height: 800 };
const PAGES = 20;
const REGIONS = 10;
/** Pixels scrolled per frame: a brisk flick through the document. */
const STEP_PX = 120;

interface Scrolled {
  frames: number;
  /** The overlay's measured work in each frame (ms). */
  overlayMs: number[];
  /** The main thread's busy time over the run, per frame (ms). */
  busyPerFrameMs: number;
  /** Regions on the pages at the end. */
  regions: number;
}

/** Scrolls the document down and up a step per frame; the overlay's measures per frame. */
async function scrollThrough(page: Page): Promise<Scrolled> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
  };
  const before = await busy();
  const run = await page.evaluate(async (step) => {
    const scroller = document.querySelector<HTMLElement>(
      '.pdf-preview__stage .pdf-preview__scroller',
    );
    if (!scroller) throw new Error('no document on screen');
    performance.clearMeasures('attest:regions');
    const max = scroller.scrollHeight - scroller.clientHeight;
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const stamps: number[] = [await frame()];
    const positions: number[] = [];
    for (let y = 0; y <= max; y += step) positions.push(y);
    positions.push(max, ...[...positions].reverse());
    for (const y of positions) {
      scroller.scrollTop = y;
      stamps.push(await frame());
    }
    // Whatever pdf.js was still drawing when the scroll stopped: its events come after.
    await new Promise((resolve) => setTimeout(resolve, 500));
    stamps.push(performance.now());
    const measures = performance.getEntriesByName('attest:regions', 'measure');
    const perFrame = stamps.slice(1).map((end, i) => {
      const start = stamps[i] ?? 0;
      return measures
        .filter((m) => m.startTime >= start && m.startTime < end)
        .reduce((sum, m) => sum + m.duration, 0);
    });
    return {
      frames: positions.length,
      overlayMs: perFrame,
      regions: document.querySelectorAll('.pdf-preview__stage .regions-layer .region').length,
    };
  }, STEP_PX);
  const after = await busy();
  await cdp.detach();
  return { ...run, busyPerFrameMs: (after - before) / run.frames };
}

/** The draft of `id` with 10 regions on the even pages over two failed items, as kept. */
function draftWithRegions(itemIds: string[]) {
  const [first = 'a', second = 'b'] = itemIds;
  const regions = (offset: number) =>
    Array.from({ length: REGIONS / 2 }, (_, i) => ({
      page: 2 + 2 * (2 * i + offset),
      x: 72,
      y: 144 + 20 * i,
      width: 240,
      height: 90,
    }));
  const box = { width: 612, height: 792, rotation: 0 };
  return {
    savedAt: Date.now(),
    draft: {
      items: {
        [first]: { status: 'rejected', note: 'Seal cut off', regions: regions(0) },
        [second]: { status: 'rejected', note: 'Date missing', regions: regions(1) },
      },
      notes: '',
      pages: Object.fromEntries(Array.from({ length: PAGES }, (_, i) => [String(i + 1), box])),
    },
  };
}

export async function regionFigures(base: string, runs = 3) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await signIn(page, base);
    const { request, userId } = await page.evaluate(async () => {
      const list = (await (
        await fetch('/api/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=desc&limit=1')
      ).json()) as {
        qcRequests: {
          id: string;
          fileUrl: string;
          checklistItems: { id: string }[];
          document: { matterReference: string };
        }[];
      };
      const session = (await (await fetch('/session')).json()) as { user: { id: string } };
      return { request: list.qcRequests[0], userId: session.user.id };
    });
    if (!request) throw new Error('no pending request to open');
    // The request's own document, 20 pages long, served in place of its file.
    const pdf = await renderDocumentPdf({
      matterReference: request.document.matterReference,
      title: 'Affidavit of Identity',
      crid: 'CR-000001',
      firmName: 'Bench & Partners LLP',
      preparedBy: 'Bench',
      preparedOn: '2026-06-01T09:00:00.000Z',
      signerName: 'Dana Whitfield',
      notaryName: 'Nora Notary',
      pages: PAGES,
    });
    const path = new URL(request.fileUrl).pathname;
    await page.route(
      (url) => url.pathname === path,
      (route) =>
        route.fulfill({ body: Buffer.from(pdf), headers: { 'content-type': 'application/pdf' } }),
    );
    const draftKey = `attest:u:${encodeURIComponent(`user:${userId}`)}/qc-draft:${request.id}`;
    const draft = JSON.stringify(draftWithRegions(request.checklistItems.map((i) => i.id)));

    const open = async (withRegions: boolean) => {
      await page.evaluate(
        ([key, value]) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)),
        [draftKey, withRegions ? draft : ''] as const,
      );
      await page.goto(`${base}/qc/${request.id}?status=pending&order=newest`);
      await appRunning(page);
      await page
        .locator('.pdf-preview__stage .page[data-painted="true"]')
        .first()
        .waitFor({ timeout: 30_000 });
      // Every page read (its box known): the regions of all ten pages are on them.
      if (withRegions) {
        await page
          .locator('.pdf-preview__stage .regions-layer .region')
          .nth(REGIONS - 1)
          .waitFor({ state: 'attached', timeout: 30_000 });
      }
      await page.waitForTimeout(500);
    };

    const overlay: number[] = [];
    const busyWith: number[] = [];
    const busyWithout: number[] = [];
    let frames = 0;
    let regions = 0;
    // Taken in turns, so the machine's drift falls on both alike.
    for (let i = 0; i < runs; i += 1) {
      await open(true);
      const marked = await scrollThrough(page);
      overlay.push(...marked.overlayMs);
      busyWith.push(marked.busyPerFrameMs);
      frames = marked.frames;
      regions = marked.regions;
      await open(false);
      busyWithout.push((await scrollThrough(page)).busyPerFrameMs);
    }
    await open(false);
    const median = (values: number[]) => summarise(values).p50;
    return {
      pages: PAGES,
      regions,
      frames,
      overlayPerFrame: { ...summarise(overlay), max: Math.max(0, ...overlay) },
      busyPerFrameWith: median(busyWith),
      busyPerFrameWithout: median(busyWithout),
    };
  } finally {
    await browser.close();
  }
}

export function regionLines(r: Awaited<ReturnType<typeof regionFigures>>): string[] {
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  return [
    `regions over a ${r.pages}-page document while scrolling (${r.regions} regions, ${r.frames} frames a run): the overlay's own work per frame p50 ${ms(r.overlayPerFrame.p50)}  p95 ${ms(r.overlayPerFrame.p95)}  max ${ms(r.overlayPerFrame.max)} (target <= 2 ms)`,
    `  the main thread busy per frame, with the regions ${ms(r.busyPerFrameWith)}, without ${ms(r.busyPerFrameWithout)} (pdf.js drawing the pages is most of it)`,
  ];
}
