import { CHROMIUM_PATH } from '../e2e/chromium.ts';
import { summarise } from './lib.ts';
import { plainChromium, type PlainPage } from './plain-chromium.ts';

// A first visit over a real connection (ADR 017): every load in a fresh browser with a cold
// cache, unthrottled and under the mobile profile, the console's queue beside the bare React
// baseline (bench/baseline) measured the same way in the same run. It reports; it asserts
// nothing.

/** Chrome DevTools' "Slow 4G" preset with its 4x CPU slowdown (Lighthouse's mobile profile). */
export const MOBILE = {
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
  cpuSlowdown: 4,
};
const VIEWPORT = { width: 1280, height: 800 };

export interface Wire {
  /** Bytes as they crossed the network (compressed, headers included), in kB. */
  js: number;
  css: number;
  data: number;
  html: number;
  other: number;
}

/** Runs in every page before its own scripts: when the first screen's marks were painted. */
function watchFirstScreen() {
  const marks: Record<string, number> = {};
  const tests: Record<string, () => boolean> = {
    rows: () => document.querySelectorAll('[data-qc-row]').length >= 10,
    // pdf.js's own page, its text selectable: reported beside `page`.
    pdf: () => document.querySelector('.pdf-preview__stage .page[data-painted="true"]') !== null,
    // pdf.js's page, or the image of it the gateway drew for a page opened cold (ADR
    // 025), once loaded: either is the first page on screen.
    page: () =>
      document.querySelector('.pdf-preview__stage .page[data-painted="true"]') !== null ||
      [...document.querySelectorAll<HTMLImageElement>('img.pdf-first-page')].some(
        (image) => image.complete && image.naturalWidth > 0,
      ),
  };
  const check = () => {
    for (const [name, test] of Object.entries(tests)) {
      if (name in marks || !test()) continue;
      marks[name] = Number.NaN;
      // Shown once the frame that holds it is painted: after the next animation frame.
      requestAnimationFrame(() => setTimeout(() => (marks[name] = performance.now())));
    }
  };
  // An image's load changes nothing the observer sees.
  document.addEventListener('load', check, true);
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
  });
  (window as unknown as { shown: (name: string) => Promise<number> }).shown = async (name) => {
    const until = performance.now() + 60_000;
    while (!Number.isFinite(marks[name] ?? Number.NaN) && performance.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10));
    return marks[name] ?? Number.NaN;
  };
}

const KIND: Record<string, keyof Wire> = {
  Script: 'js',
  Stylesheet: 'css',
  Fetch: 'data',
  XHR: 'data',
  EventSource: 'data',
  Document: 'html',
};

/** Counts what crosses the wire from now on, by kind. */
function countWire(page: PlainPage) {
  const kinds = new Map<string, keyof Wire>();
  const wire: Wire = { js: 0, css: 0, data: 0, html: 0, other: 0 };
  const started = new Map<string, { url: string; at: number }>();
  const stop = page.on((method, params) => {
    // BENCH_WATERFALL=1 prints each request's start and end (s), to see what waits on what.
    if (method === 'Network.requestWillBeSent')
      started.set(String(params.requestId), {
        url: String((params.request as { url: string }).url),
        at: Number(params.timestamp),
      });
    if (process.env.BENCH_WATERFALL && method === 'Network.loadingFinished') {
      const request = started.get(String(params.requestId));
      if (request)
        console.log(
          `    ${request.at.toFixed(2)} -> ${Number(params.timestamp).toFixed(2)}  ${(Number(params.encodedDataLength) / 1000).toFixed(0)} kB  ${request.url.replace(/^https?:\/\/[^/]+/, '')}`,
        );
    }
    if (method === 'Network.responseReceived')
      kinds.set(String(params.requestId), KIND[String(params.type)] ?? 'other');
    if (method === 'Network.loadingFinished') {
      const kind = kinds.get(String(params.requestId)) ?? 'other';
      wire[kind] += Number(params.encodedDataLength) / 1000;
    }
  });
  return () => {
    stop();
    return { ...wire };
  };
}

interface Visit {
  mobile: boolean;
  /** The console's session cookie, for a signed-in first visit. */
  cookie?: { name: string; value: string };
}

/** A fresh browser, a cold cache and, for `mobile`, the slow network and CPU. */
async function withColdPage<T>(
  base: string,
  visit: Visit,
  use: (page: PlainPage) => Promise<T>,
): Promise<T> {
  const browser = await plainChromium(CHROMIUM_PATH);
  try {
    const page = await browser.newPage(VIEWPORT, watchFirstScreen);
    await page.send('Network.enable');
    await page.send('Network.setCacheDisabled', { cacheDisabled: false });
    if (visit.cookie) await page.send('Network.setCookie', { ...visit.cookie, url: base });
    if (visit.mobile) {
      await page.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: MOBILE.latency,
        downloadThroughput: MOBILE.downloadThroughput,
        uploadThroughput: MOBILE.uploadThroughput,
      });
      await page.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
    }
    return await use(page);
  } finally {
    await browser.close();
  }
}

/** Navigation to the frame that shows `mark`, and what crossed the wire until then. */
async function firstScreen(base: string, path: string, mark: 'rows' | 'page', visit: Visit) {
  return withColdPage(base, visit, async (page) => {
    const wire = countWire(page);
    await page.goto(`${base}${path}`);
    const ms = await page.evaluate<number>(`window.shown(${JSON.stringify(mark)})`);
    const shown = wire();
    // For a review, when pdf.js's own page followed (the bytes stay those of the first).
    const pdf = mark === 'page' ? await page.evaluate<number>(`window.shown('pdf')`) : undefined;
    return { ms, wire: shown, pdf, steps: await stepsOf(page) };
  });
}

/**
 * Where a load's time went, from the browser's own timings: the page's first byte, its
 * last, and the first paint with content. BENCH_STEPS=1 prints them for each load.
 */
async function stepsOf(page: PlainPage) {
  const steps = await page.evaluate<Record<string, number>>(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return { firstByte: nav?.responseStart, lastByte: nav?.responseEnd, domReady: nav?.domContentLoadedEventEnd, contentfulPaint: paint?.startTime };
  })()`);
  if (process.env.BENCH_STEPS)
    console.log(
      `    ${Object.entries(steps)
        .map(([name, ms]) => `${name} ${Math.round(ms)}`)
        .join('  ')}`,
    );
  return steps;
}

/**
 * The sign-in page and the queue's first screen, in one cold browser as a reviewer's first
 * visit of the day: sign-in loaded, the form filled and sent, ten rows shown.
 */
async function signInToQueue(base: string, visit: Visit) {
  return withColdPage(base, visit, async (page) => {
    const wire = countWire(page);
    await page.goto(`${base}/sign-in?next=${encodeURIComponent('/qc')}`);
    const fill = async (label: string, text: string) => {
      await page.evaluate(
        `(async () => { for (let i = 0; i < 6000; i += 1) { const input = [...document.querySelectorAll('label')].find((l) => l.textContent.trim().startsWith(${JSON.stringify(label)}))?.control; if (input) { input.focus(); return; } await new Promise((r) => setTimeout(r, 10)); } throw new Error('no ' + ${JSON.stringify(label)}); })()`,
      );
      await page.send('Input.insertText', { text });
    };
    await fill('Client id', 'acme-reviewer');
    await fill('Client secret', 'acme-reviewer-secret');
    await page.evaluate(
      `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Sign in').click()`,
    );
    const ms = await page.evaluate<number>(`window.shown('rows')`);
    return { ms, wire: wire() };
  });
}

/** The console's session cookie for the reviewer, signed in as the form does. */
async function sessionCookie(base: string) {
  const response = await fetch(`${base}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-attest': '1', origin: base },
    body: JSON.stringify({ clientId: 'acme-reviewer', clientSecret: 'acme-reviewer-secret' }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  const [name, value] = (response.headers.get('set-cookie') ?? '').split(';')[0]?.split('=') ?? [];
  if (!name || !value) throw new Error('sign-in set no cookie');
  return { name, value };
}

const medianOf = (loads: { ms: number }[]) => summarise(loads.map((load) => load.ms)).p50;
const lastWire = (loads: { wire: Wire }[]) => loads.at(-1)?.wire;

/**
 * Cold first visits, `runs` of each: the console's queue (ten rows), a review (first page
 * painted) and the baseline's list (ten rows), unthrottled and under the mobile profile;
 * and the bytes of sign-in plus the queue's first screen.
 */
export async function coldFigures(consoleBase: string, baselineBase: string, runs = 3) {
  const cookie = await sessionCookie(consoleBase);
  const reviewId = await firstPendingId(consoleBase, cookie);
  const queuePath = '/qc?status=pending&order=oldest';
  const figures: Record<
    string,
    { p50: number; wire: Wire | undefined; samples: number[]; pdfP50?: number }
  > = {};
  type Load = () => Promise<{ ms: number; wire: Wire; pdf?: number | undefined }>;
  /**
   * Each figure's loads, taken in turns (a baseline load, a queue load, a review load, and
   * again) so that what else the machine is doing weighs on each alike.
   */
  const measure = async (loaders: [name: string, load: Load][]) => {
    // BENCH_ONLY=<part of a name> measures just the figures it names.
    const chosen = loaders.filter(
      ([name]) => !process.env.BENCH_ONLY || name.includes(process.env.BENCH_ONLY),
    );
    const loads = new Map<string, Awaited<ReturnType<Load>>[]>(chosen.map(([n]) => [n, []]));
    // One round first that is not counted: the browser is cold in every load, but the
    // servers should be as a reviewer meets them, long running. A fresh process's first
    // render (its code not yet compiled) or first page drawn (pdf.js not yet started) is
    // paid once a process, not on each first visit.
    for (const [, load] of chosen) await load();
    for (let i = 0; i < runs; i += 1)
      for (const [name, load] of chosen) loads.get(name)?.push(await load());
    for (const [name, taken] of loads)
      figures[name] = {
        p50: medianOf(taken),
        wire: lastWire(taken),
        samples: taken.map((l) => Math.round(l.ms)),
        ...(taken[0]?.pdf !== undefined && {
          pdfP50: summarise(taken.map((l) => l.pdf ?? Number.NaN)).p50,
        }),
      };
  };
  for (const mobile of [false, true]) {
    const profile = mobile ? 'mobile' : 'unthrottled';
    await measure([
      [`baseline ${profile}`, () => firstScreen(baselineBase, '/', 'rows', { mobile })],
      [`queue ${profile}`, () => firstScreen(consoleBase, queuePath, 'rows', { mobile, cookie })],
      [
        `review ${profile}`,
        () => firstScreen(consoleBase, `/qc/${reviewId}`, 'page', { mobile, cookie }),
      ],
    ]);
  }
  await measure([
    ['sign-in + queue unthrottled', () => signInToQueue(consoleBase, { mobile: false })],
  ]);
  return figures;
}

async function firstPendingId(base: string, cookie: { name: string; value: string }) {
  const response = await fetch(
    `${base}/api/qc/v2/qc/requests?owner=acme&status=pending&orderDirection=asc&limit=1`,
    { headers: { cookie: `${cookie.name}=${cookie.value}` } },
  );
  const body = (await response.json()) as { qcRequests?: { id: string }[] };
  const id = body.qcRequests?.[0]?.id;
  if (!id) throw new Error(`no pending QC request to open (${response.status})`);
  return id;
}

/** The report's lines: each figure, the console's ratio to the baseline, and the targets. */
export function coldLines(figures: Awaited<ReturnType<typeof coldFigures>>): string[] {
  const kb = (n = 0) => `${n.toFixed(0)} kB`;
  const lines = ['', 'cold first visit (fresh browser, cold cache; median of runs):'];
  for (const [name, f] of Object.entries(figures)) {
    const w = f.wire;
    lines.push(
      `  ${name.padEnd(28)} ${f.p50.toFixed(0).padStart(6)} ms  [${f.samples.join(', ')}]  JS ${kb(w?.js)}  CSS ${kb(w?.css)}  data ${kb(w?.data)}  HTML ${kb(w?.html)}  other ${kb(w?.other)}`,
    );
    if (f.pdfP50 !== undefined)
      lines.push(`    then pdf.js's own page, text and all: ${f.pdfP50.toFixed(0)} ms`);
  }
  const ratio = (profile: string) =>
    (figures[`queue ${profile}`]?.p50 ?? Number.NaN) /
    (figures[`baseline ${profile}`]?.p50 ?? Number.NaN);
  const signIn = figures['sign-in + queue unthrottled']?.wire;
  lines.push(
    `  queue / baseline, mobile: ${ratio('mobile').toFixed(2)} (target <= 1.1)`,
    `  queue / baseline, unthrottled: ${ratio('unthrottled').toFixed(2)} (target <= 1.2)`,
    `  review first page, mobile: ${figures['review mobile']?.p50.toFixed(0)} ms (target < 4000; pdf.js's worker, fetched by the worker itself, is not in its bytes)`,
    `  sign-in + queue first screen: JS ${kb(signIn?.js)} (target < 170), data ${kb(signIn?.data)} (target < 60)`,
  );
  return lines;
}
