import { CHROMIUM_PATH } from '../e2e/chromium.ts';
import { startBaseline } from './baseline/serve.ts';
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
    // The app's own rows, the gateway's first screen (ADR 025) gone: a click is the app's.
    takeover: () =>
      document.querySelector('.first-screen') === null &&
      document.querySelectorAll('[data-qc-row]').length >= 10,
    // The app's own review, the gateway's first screen gone: its checklist can be used.
    review: () =>
      document.querySelector('.first-screen') === null &&
      document.querySelector('.review__panel') !== null,
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
  const shown = async (name: string) => {
    const until = performance.now() + 60_000;
    while (!Number.isFinite(marks[name] ?? Number.NaN) && performance.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10));
    return marks[name] ?? Number.NaN;
  };
  Object.assign(window, {
    shown,
    // On the epoch's clock, for a mark that may come in the next document (a first click).
    shownAt: async (name: string) => performance.timeOrigin + (await shown(name)),
  });
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
async function firstScreen(
  base: string,
  path: string,
  mark: 'rows' | 'page' | 'pdf',
  visit: Visit,
): Promise<Load> {
  return withColdPage(base, visit, async (page) => {
    const wire = countWire(page);
    await page.goto(`${base}${path}`);
    const ms = await page.evaluate<number>(`window.shown(${JSON.stringify(mark)})`);
    const shown = wire();
    // For a review, when pdf.js's own page followed (the bytes stay those of the first).
    const pdf = mark === 'page' ? await page.evaluate<number>(`window.shown('pdf')`) : undefined;
    // And when the app had taken the review over: its checklist usable.
    const review =
      mark === 'page' ? await page.evaluate<number>(`window.shown('review')`) : undefined;
    // For a list, when it could be used: the app's own rows (the baseline's are from the start).
    const takeover =
      mark === 'rows' ? await page.evaluate<number>(`window.shown('takeover')`) : undefined;
    return {
      ms,
      wire: shown,
      pdf,
      review,
      takeover,
      steps: await stepsOf(page, { shown: ms, takeover, review, pdf }),
    };
  });
}

/**
 * A person who clicks the first row as soon as the rows are painted: how long until the
 * review shows its first page, and whether that took a second full page load (the gateway's
 * first screen is plain HTML until the app takes over, its links real links).
 */
async function firstClick(base: string, path: string, visit: Visit) {
  return withColdPage(base, visit, async (page) => {
    await page.goto(`${base}${path}`);
    await page.evaluate<number>(`window.shown('rows')`);
    let documents = 0;
    const stop = page.on((method, params) => {
      if (method === 'Network.responseReceived' && params.type === 'Document') documents += 1;
    });
    const at = await page.evaluate<{ x: number; y: number; t: number }>(`(() => {
      const box = document.querySelector('[data-qc-row] a').getBoundingClientRect();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2, t: performance.timeOrigin + performance.now() };
    })()`);
    for (const type of ['mousePressed', 'mouseReleased'])
      await page.send('Input.dispatchMouseEvent', { type, ...at, button: 'left', clickCount: 1 });
    // A full load replaces the document the question was asked in: ask the next one.
    let shownAt = Number.NaN;
    for (let tries = 0; tries < 100 && !Number.isFinite(shownAt); tries += 1) {
      shownAt = await page
        .evaluate<number>(`window.shownAt ? window.shownAt('page') : Number.NaN`)
        .catch(() => Number.NaN);
      if (!Number.isFinite(shownAt)) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    stop();
    return { ms: shownAt - at.t, documents };
  });
}

/**
 * Where a load's time went, from the browser's own timings: the page's first byte, its
 * last, and the first paint with content. BENCH_STEPS=1 prints them for each load.
 */
async function stepsOf(page: PlainPage, seen: Record<string, number | undefined>) {
  const steps = await page.evaluate<Record<string, number>>(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const marks = Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('attest:')).map((m) => [m.name.slice(7), m.startTime]));
    return { firstByte: nav?.responseStart, lastByte: nav?.responseEnd, domReady: nav?.domContentLoadedEventEnd, contentfulPaint: paint?.startTime, ...marks };
  })()`);
  if (process.env.BENCH_STEPS)
    console.log(
      `    ${Object.entries({ ...steps, ...seen })
        .flatMap(([name, ms]) => (ms === undefined ? [] : [`${name} ${Math.round(ms)}`]))
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

const medianOf = (values: (number | undefined)[]) =>
  summarise(values.map((v) => v ?? Number.NaN)).p50;

interface Load {
  ms: number;
  wire?: Wire;
  /** A review: pdf.js's own page, text and all (`ms` is the first page shown, image or not). */
  pdf?: number | undefined;
  /** A review: when the app had taken it over, its checklist usable. */
  review?: number | undefined;
  /** A list: when the app had taken it over (`ms` is the rows painted). */
  takeover?: number | undefined;
  /** A first click: full page loads it took. */
  documents?: number;
}

export interface ColdFigure {
  p50: number;
  samples: number[];
  wire: Wire | undefined;
  pdfP50?: number;
  reviewP50?: number;
  takeoverP50?: number;
  documents?: number;
}

/**
 * Cold first visits, `runs` of each, unthrottled and under the mobile profile, the baselines
 * (bench/baseline) started here and measured in turns with the console: the console's queue
 * (ten rows painted, then taken over by the app) beside the bare list (ten rows); a review
 * (first page shown, then pdf.js's own page with its text) beside the bare pdf.js page of the
 * same document; a click on the first row as soon as the rows are painted; and the bytes of
 * sign-in plus the queue's first screen.
 */
export async function coldFigures(consoleBase: string, runs = 3) {
  const cookie = await sessionCookie(consoleBase);
  const reviewId = await firstPendingId(consoleBase, cookie);
  const baseline = await startBaseline(await documentOf(consoleBase, cookie, reviewId));
  const queuePath = '/qc?status=pending&order=oldest';
  const figures: Record<string, ColdFigure> = {};
  /**
   * Each figure's loads, taken in turns (a baseline load, a queue load, a review load, and
   * again) so that what else the machine is doing weighs on each alike.
   */
  const measure = async (loaders: [name: string, load: () => Promise<Load>][]) => {
    // BENCH_ONLY=<parts of names, split by |> measures just the figures they name.
    const only = process.env.BENCH_ONLY?.split('|');
    const chosen = loaders.filter(([name]) => !only || only.some((part) => name.includes(part)));
    const loads = new Map<string, Load[]>(chosen.map(([n]) => [n, []]));
    // One round first that is not counted: the browser is cold in every load, but the
    // servers should be as a reviewer meets them, long running. A fresh process's first
    // render (its code not yet compiled) or first page drawn (pdf.js not yet started) is
    // paid once a process, not on each first visit.
    for (const [, load] of chosen) await load();
    for (let i = 0; i < runs; i += 1)
      for (const [name, load] of chosen) loads.get(name)?.push(await load());
    for (const [name, taken] of loads)
      figures[name] = {
        p50: medianOf(taken.map((l) => l.ms)),
        samples: taken.map((l) => Math.round(l.ms)),
        wire: taken.at(-1)?.wire,
        ...(taken[0]?.pdf !== undefined && { pdfP50: medianOf(taken.map((l) => l.pdf)) }),
        ...(taken[0]?.review !== undefined && {
          reviewP50: medianOf(taken.map((l) => l.review)),
        }),
        ...(taken[0]?.takeover !== undefined && {
          takeoverP50: medianOf(taken.map((l) => l.takeover)),
        }),
        ...(taken[0]?.documents !== undefined && {
          documents: Math.max(...taken.map((l) => l.documents ?? 0)),
        }),
      };
  };
  try {
    for (const mobile of [false, true]) {
      const profile = mobile ? 'mobile' : 'unthrottled';
      const signedIn = { mobile, cookie };
      await measure([
        [`baseline ${profile}`, () => firstScreen(baseline.url, '/', 'rows', { mobile })],
        [`queue ${profile}`, () => firstScreen(consoleBase, queuePath, 'rows', signedIn)],
        [
          `baseline pdf ${profile}`,
          () => firstScreen(baseline.url, '/pdf.html', 'pdf', { mobile }),
        ],
        [`review ${profile}`, () => firstScreen(consoleBase, `/qc/${reviewId}`, 'page', signedIn)],
        [`first click ${profile}`, () => firstClick(consoleBase, queuePath, signedIn)],
      ]);
    }
    await measure([
      ['sign-in + queue unthrottled', () => signInToQueue(consoleBase, { mobile: false })],
    ]);
  } finally {
    await baseline.close();
  }
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

/** The review's document, as the console serves it, for the bare pdf.js page to show. */
async function documentOf(base: string, cookie: { name: string; value: string }, id: string) {
  const headers = { cookie: `${cookie.name}=${cookie.value}` };
  const request = await fetch(`${base}/api/qc/v2/qc/requests/${encodeURIComponent(id)}`, {
    headers,
  });
  const { fileUrl } = (await request.json()) as { fileUrl?: string };
  if (!fileUrl) throw new Error(`QC request ${id} has no fileUrl (${request.status})`);
  const file = await fetch(new URL(fileUrl, base), { headers });
  if (!file.ok) throw new Error(`the document answered ${file.status}`);
  return new Uint8Array(await file.arrayBuffer());
}

/** The report's lines: each figure, the console's ratios to the baselines, and the targets. */
export function coldLines(figures: Record<string, ColdFigure>): string[] {
  const kb = (n = 0) => `${n.toFixed(0)} kB`;
  const lines = ['', 'cold first visit (fresh browser, cold cache; median of runs):'];
  for (const [name, f] of Object.entries(figures)) {
    const w = f.wire;
    lines.push(
      `  ${name.padEnd(28)} ${f.p50.toFixed(0).padStart(6)} ms  [${f.samples.join(', ')}]` +
        (w
          ? `  JS ${kb(w.js)}  CSS ${kb(w.css)}  data ${kb(w.data)}  HTML ${kb(w.html)}  other ${kb(w.other)}`
          : ''),
    );
    if (f.reviewP50 !== undefined)
      lines.push(`    the app's own review (its checklist usable): ${f.reviewP50.toFixed(0)} ms`);
    if (f.pdfP50 !== undefined)
      lines.push(`    then pdf.js's own page, text and all: ${f.pdfP50.toFixed(0)} ms`);
    if (f.takeoverP50 !== undefined)
      lines.push(`    then the app's own (a click is the app's): ${f.takeoverP50.toFixed(0)} ms`);
    if (f.documents !== undefined)
      lines.push(`    full page loads after the click, at most: ${f.documents}`);
  }
  const of = (name: string, pick: (f: ColdFigure) => number | undefined = (f) => f.p50) => {
    const f = figures[name];
    return (f && pick(f)) ?? Number.NaN;
  };
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const signIn = figures['sign-in + queue unthrottled']?.wire;
  for (const [profile, rows, takeover, pdf] of [
    ['unthrottled', 0.6, 1.2, 1.2],
    ['mobile', 0.46, 1.1, 1.1],
  ] as const) {
    const list = of(`baseline ${profile}`);
    const bare = of(`baseline pdf ${profile}`);
    lines.push(
      `  ${profile}:`,
      `    queue rows painted / baseline rows: ${ratio(of(`queue ${profile}`), list)} (target <= ${rows})`,
      `    queue taken over / baseline rows: ${ratio(
        of(`queue ${profile}`, (f) => f.takeoverP50),
        list,
      )} (target <= ${takeover})`,
      `    review pdf.js page / bare pdf.js page: ${ratio(
        of(`review ${profile}`, (f) => f.pdfP50),
        bare,
      )} (target <= ${pdf})`,
      `    review first page shown / bare pdf.js page: ${ratio(of(`review ${profile}`), bare)} (target < 1)`,
      `    first click on a painted row to the review's page: ${of(`first click ${profile}`).toFixed(0)} ms, full page loads ${of(`first click ${profile}`, (f) => f.documents)} (target 0)`,
    );
  }
  lines.push(
    `  review first page, mobile: ${of('review mobile').toFixed(0)} ms (target < 4000; pdf.js's worker, fetched by the worker itself, is not in its bytes)`,
    `  sign-in + queue first screen, on the wire as served (brotli, headers included): JS ${kb(signIn?.js)} (target < 170), data ${kb(signIn?.data)} (target < 60)`,
  );
  return lines;
}
