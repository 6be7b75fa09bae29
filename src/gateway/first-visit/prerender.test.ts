import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../contract/session.ts';
import type { AppEnv, InlineSources } from '../context.ts';
import { firstScreens, splitForFirstScreen, type SplitPage } from './prerender.ts';

// The gateway's side of a first visit's first screen (ADR 025), over a build of its
// own: a hand-written screen module in `server/`, and the gateway's own app stood in for by
// `fetchSelf`, so that every way the data can fail is tried.

const INDEX =
  '<!doctype html><html><head><script type="module" async src="/assets/first.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/app.css"></head>' +
  '<body><div id="root"></div></body></html>';

const MODULE = `
export function prerender(path, search, session) {
  if (path !== '/qc') return undefined;
  return {
    dataUrl: '/api/list?owner=' + session.owner,
    module: 'src/screen.route.tsx',
    warm: search === '?warm' ? ['/preview/next'] : undefined,
    headScript: search === '?script' ? 'window.early=1' : search === '?bad' ? 'a</script><p>' : undefined,
    render: async (json, warmed) => {
      const data = JSON.parse(json);
      if (data.fail) throw new Error('the render failed');
      if (data.none) return undefined;
      const next = [...warmed].map((src) => '<img src="' + src + '">').join('');
      return '<ul>' + data.rows.map((row) => '<li data-qc-row>' + row + '</li>').join('') + '</ul>' + next;
    },
  };
}
`;

const SESSION = { owner: 'acme' } as Session;

let dist: string;
let asked: Request[];
let answer: (request: Request) => Promise<Response>;
let logs: string[];

function serve() {
  const render = firstScreens(
    dist,
    (request) => {
      asked.push(request);
      return answer(request);
    },
    (message) => logs.push(message),
  );
  const app = new Hono<AppEnv>();
  app.get('*', async (c) => c.html(whole(await render(c, SESSION, INDEX))));
  return (path: string) =>
    app.request(path, {
      headers: { cookie: 'attest_session=abc', accept: 'text/html', 'accept-encoding': 'br' },
    });
}
const whole = async (page: string | SplitPage) =>
  typeof page === 'string' ? page : page.head + (await page.body);
const page = async (path = '/qc') => (await serve()(path)).text();
/** The whole page for `path`, and what its CSP is to allow inline (the request's variable). */
async function withInline(path: string) {
  const render = firstScreens(
    dist,
    async () => json({ rows: ['MR-1'] }),
    () => {},
  );
  const app = new Hono<AppEnv>();
  app.get('*', async (c) =>
    c.json({ html: await whole(await render(c, SESSION, INDEX)), inline: c.get('inlineSources') }),
  );
  return (await (await app.request(path)).json()) as { html: string; inline?: InlineSources };
}
/** The CSP source of an inline element with exactly `text`. */
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** The page with its stylesheets first and its entry held, but no screen in its root. */
const WITHOUT_SCREEN =
  '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/app.css">' +
  '<link rel="stylesheet" crossorigin href="/assets/screen.css">' +
  '<script type="module" async src="/assets/first.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'attest-prerender-'));
  mkdirSync(join(dist, 'server'));
  writeFileSync(join(dist, 'server', 'prerender.js'), MODULE);
  writeFileSync(
    join(dist, 'server', 'screens.json'),
    JSON.stringify({ 'src/screen.route.tsx': ['assets/screen.css', 'assets/app.css'] }),
  );
  asked = [];
  logs = [];
  answer = async () => json({ rows: ['MR-1', 'MR-2 <script>x</script>'] });
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('firstScreens', () => {
  it('puts the screen in the root and its stylesheets first in the head', async () => {
    const html = await page();
    expect(html).toContain(
      '<div id="root"><fieldset class="first-screen" disabled><ul><li data-qc-row>MR-1</li>',
    );
    expect(html.indexOf('<link rel="stylesheet"')).toBe(html.indexOf('<head>') + 6);
    // The screen's own stylesheet, once; the app's, already linked, not again.
    expect(html.match(/assets\/screen\.css/g)).toHaveLength(1);
    expect(html.match(/assets\/app\.css/g)).toHaveLength(1);
    expect(html.indexOf('assets/screen.css')).toBeLessThan(html.indexOf('</head>'));
    // The answer it was rendered from, in the screen, for the app to take (ADR 031).
    expect(html).toContain(
      '<script type="application/json" id="attest-first-screen-data" data-url="/api/list?owner=acme">' +
        '{"rows":["MR-1","MR-2 \\u003cscript>x\\u003c/script>"]}</script></fieldset>',
    );
  });

  it('carries data that reads as markup as JSON that cannot close its block', async () => {
    answer = async () => json({ rows: ['</script><script>alert(1)</script>', '<!--'] });
    const html = await page();
    const block =
      /<script type="application\/json" id="attest-first-screen-data"[^>]*>(.*?)<\/script>/.exec(
        html,
      );
    expect(block?.[1]).not.toContain('<');
    expect(JSON.parse(block?.[1] ?? '')).toEqual({
      rows: ['</script><script>alert(1)</script>', '<!--'],
    });
  });

  it('asks itself for the data with the browser’s own cookie, as JSON, uncompressed', async () => {
    await page();
    expect(asked).toHaveLength(1);
    const [request] = asked;
    expect(new URL(request?.url ?? '').pathname + new URL(request?.url ?? '').search).toBe(
      '/api/list?owner=acme',
    );
    expect(request?.headers.get('cookie')).toBe('attest_session=abc');
    expect(request?.headers.get('accept')).toBe('application/json');
    expect(request?.headers.has('accept-encoding')).toBe(false);
  });

  it('starts what the page will ask for next with the same cookie, and asks for it once taken on', async () => {
    answer = async (request) =>
      new URL(request.url).pathname === '/preview/next'
        ? new Response(null, { status: 202 })
        : json({ rows: ['MR-1'] });
    const html = await page('/qc?warm');
    const warmed = asked.find((request) => new URL(request.url).pathname === '/preview/next');
    expect(warmed?.headers.get('cookie')).toBe('attest_session=abc');
    // Only whether it has a place, not the image: the page's own ask takes that.
    expect(warmed?.headers.get('prefer')).toBe('respond-async');
    expect(html).toContain('<img src="/preview/next">');
  });

  it('leaves out of the screen what the gateway is too busy to take on, or could not be asked', async () => {
    for (const refusal of [
      async () => new Response(null, { status: 204 }),
      async () => new Response('{"message":"busy"}', { status: 429 }),
      async () => Promise.reject(new Error('the gateway is gone')),
    ]) {
      answer = async (request) =>
        new URL(request.url).pathname === '/preview/next' ? refusal() : json({ rows: ['MR-1'] });
      const html = await page('/qc?warm');
      expect(html).toContain('<li data-qc-row>MR-1</li>');
      expect(html).not.toContain('/preview/next');
    }
  });

  it('serves the page as it is for a screen it does not render, asking nothing', async () => {
    expect(await page('/signatures')).toBe(INDEX);
    expect(asked).toEqual([]);
  });

  it('serves the page as it is without the build’s module', async () => {
    rmSync(join(dist, 'server'), { recursive: true });
    expect(await page()).toBe(INDEX);
    expect(asked).toEqual([]);
  });

  it.each([
    ['a refusal', () => json({ message: 'no' }, { status: 401 })],
    ['a server error', () => json({ message: 'down' }, { status: 502 })],
    ['an answer that is not JSON', () => new Response('<html>', { status: 200 })],
    [
      'an answer said to be too large',
      () => json({ rows: [] }, { headers: { 'content-length': String(10 * 1024 * 1024) } }),
    ],
    ['an answer too large', () => json({ rows: ['x'.repeat(600 * 1024)] })],
    ['a render that gives nothing', () => json({ none: true })],
  ])('serves the page without its screen after %s', async (_name, make) => {
    answer = async () => make();
    expect(await page()).toBe(WITHOUT_SCREEN);
  });

  it('serves the page without its screen, and says why, when the render throws', async () => {
    answer = async () => json({ fail: true });
    expect(await page()).toBe(WITHOUT_SCREEN);
    expect(logs.join('\n')).toMatch(/first screen of \/qc not rendered: .*the render failed/);
  });

  it('gives up on data that takes too long, well within a second of its budget', async () => {
    answer = (request) =>
      new Promise((_resolve, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason)),
      );
    const started = performance.now();
    expect(await page()).toBe(WITHOUT_SCREEN);
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(350);
    expect(took).toBeLessThan(1_400);
    expect(logs).toEqual([]);
  });

  it('gives up on data whose body is still coming at the end of its budget', async () => {
    // Headers at once, then a body that stops: as the gateway's proxy does, the body ends
    // where it was when the request's signal aborts.
    answer = async (request) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"rows":["MR-1",'));
          request.signal.addEventListener('abort', () => controller.close());
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    };
    const started = performance.now();
    expect(await page()).toBe(WITHOUT_SCREEN);
    expect(performance.now() - started).toBeLessThan(1_400);
    expect(asked[0]?.signal.aborted).toBe(true);
  });

  it('does not wait past its budget for a self-request that does not heed the signal', async () => {
    // The gateway's own steps before its proxy (the session's row, a token exchange with the
    // upstream) do not read the request's signal: the budget must hold without them.
    answer = () =>
      new Promise((resolve) => setTimeout(() => resolve(json({ rows: ['MR-1'] })), 2_000));
    const started = performance.now();
    expect(await page()).toBe(WITHOUT_SCREEN);
    expect(performance.now() - started).toBeLessThan(1_400);
  });

  it('has the head ready before the data has come, and the rest once it has', async () => {
    let give: (response: Response) => void = () => {};
    answer = () => new Promise((resolve) => (give = resolve));
    const render = firstScreens(
      dist,
      (request) => answer(request),
      () => {},
    );
    const app = new Hono<AppEnv>();
    let split: string | SplitPage = '';
    app.get('*', async (c) => {
      split = await render(c, SESSION, INDEX);
      return c.body(null, 204);
    });
    await app.request('/qc', { headers: { accept: 'text/html' } });
    if (typeof split === 'string') throw new Error('not split');
    const { head, body } = split as SplitPage;
    expect(head).toBe(WITHOUT_SCREEN.slice(0, WITHOUT_SCREEN.indexOf('</div>')));
    let rest: string | undefined;
    void body.then((text) => (rest = text));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rest).toBeUndefined();
    give(json({ rows: ['MR-1'] }));
    expect(await body).toBe(
      '<fieldset class="first-screen" disabled><ul><li data-qc-row>MR-1</li></ul>' +
        '<script type="application/json" id="attest-first-screen-data" data-url="/api/list?owner=acme">' +
        '{"rows":["MR-1"]}</script></fieldset></div></body></html>',
    );
  });

  it('carries the stylesheets in the page, each allowed by its hash and naming its file', async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app.css'), 'body{color:red}');
    writeFileSync(join(dist, 'assets', 'screen.css'), '.row{background:url(data:x)}');
    const { html, inline } = await withInline('/qc');
    expect(inline?.styles).toEqual([sha('body{color:red}'), sha('.row{background:url(data:x)}')]);
    expect(html).toContain(
      '<head><style data-href="/assets/app.css">body{color:red}</style>' +
        '<style data-href="/assets/screen.css">.row{background:url(data:x)}</style>' +
        '<script type="module" async',
    );
    expect(html.match(/<style /g)).toHaveLength(2);
    expect(html).not.toContain('<link rel="stylesheet"');
  });

  it('runs the screen’s script first in the head, allowed by its hash alone', async () => {
    const { html, inline } = await withInline('/qc?script');
    expect(html).toMatch(/^<!doctype html><html><head><script>window\.early=1<\/script><link /);
    expect(inline?.scripts).toEqual([sha('window.early=1')]);
    // One that would end its own element is left out: the page works without it.
    const bad = await withInline('/qc?bad');
    expect(bad.html).not.toContain('a</script>');
    expect(bad.inline?.scripts).toEqual([]);
    expect(bad.html).toContain('<fieldset class="first-screen" disabled>');
  });

  it.each([
    ['text that would end its element', 'a{}</style><script>x</script>'],
    ['a url() relative to itself', '@font-face{src:url(font.woff2)}'],
    ['too much of it', `a{content:"${'x'.repeat(70 * 1024)}"}`],
  ])('links a stylesheet with %s, as before', async (_name, css) => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'screen.css'), css);
    const html = await page();
    expect(html).not.toContain('<style');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/screen.css">');
  });

  it('serves the page as it is without the screens’ stylesheets list', async () => {
    rmSync(join(dist, 'server', 'screens.json'));
    expect(await page()).toBe(INDEX);
    expect(asked).toEqual([]);
  });

  it('takes a new build without a restart', async () => {
    const render = serve();
    expect(await (await render('/qc')).text()).toContain('MR-1');
    const path = join(dist, 'server', 'prerender.js');
    writeFileSync(path, MODULE.replace("'<ul>'", "'<ol>'"));
    const later = new Date(Date.now() + 5_000);
    utimesSync(path, later, later);
    expect(await (await render('/qc')).text()).toContain('<ol><li data-qc-row>MR-1');
  });
});

describe('splitForFirstScreen', () => {
  const CSS = ['assets/screen.css'];
  const withScreen = (html: string, screen: string | undefined, css = CSS) => {
    const split = splitForFirstScreen(html, css);
    const data = { dataUrl: '/api/list?a=1&b="2"', json: '{"rows":[]}' };
    return (
      split &&
      split.head + split.withScreen(screen === undefined ? screen : { html: screen, ...data })
    );
  };
  const DATA =
    '<script type="application/json" id="attest-first-screen-data" data-url="/api/list?a=1&amp;b=&quot;2&quot;">' +
    '{"rows":[]}</script>';

  it('puts the screen in a disabled fieldset in the root, and every stylesheet first', () => {
    expect(withScreen(INDEX, '<p>rows</p>')).toBe(
      '<!doctype html><html><head>' +
        '<link rel="stylesheet" crossorigin href="/assets/app.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/screen.css">' +
        '<script type="module" async src="/assets/first.js"></script></head>' +
        `<body><div id="root"><fieldset class="first-screen" disabled><p>rows</p>${DATA}</fieldset>` +
        '</div></body></html>',
    );
  });

  it('without a screen leaves the root empty', () => {
    expect(withScreen(INDEX, undefined)).toBe(WITHOUT_SCREEN);
  });

  it('takes the screen as it is, even where it reads as a replacement pattern', () => {
    const screen = "<p>$& $' $` $$ $1</p>";
    expect(withScreen(INDEX, screen, [])).toContain(
      `<fieldset class="first-screen" disabled>${screen}${DATA}</fieldset>`,
    );
  });

  it('links a stylesheet with a name that would break out of its attribute as text', () => {
    const html = withScreen(INDEX, '', ['assets/a"><script>x</script>.css']);
    expect(html).toContain('href="/assets/a&quot;>&lt;script>x&lt;/script>.css"');
    expect(html).not.toContain('<script>x');
  });

  it.each([
    ['no root to fill', INDEX.replace('<div id="root"></div>', '<div id="app"></div>')],
    ['a root already filled', INDEX.replace('<div id="root"></div>', '<div id="root">x</div>')],
    ['no head', '<!doctype html><body><div id="root"></div></body>'],
  ])('does not split a page with %s', (_name, html) => {
    expect(splitForFirstScreen(html, CSS)).toBeUndefined();
  });

  it('does not take a <header> for the head', () => {
    const html = '<html><body><header></header><div id="root"></div></body></html>';
    expect(splitForFirstScreen(html, CSS)).toBeUndefined();
  });
});

describe("the app's entry on a page with its first screen", () => {
  it('is fetched as early, but left for the first script to run after the first paint', () => {
    const index =
      '<!doctype html><html><head><script type="module" async crossorigin src="/assets/first.js"></script>' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script></head>' +
      '<body><div id="root"></div></body></html>';
    const head = splitForFirstScreen(index, [])?.head ?? '';
    expect(head).toContain('<script type="module" async crossorigin src="/assets/first.js">');
    expect(head).not.toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
    expect(head).toContain('<script type="attest/after-first-paint" src="/assets/index-abc.js">');
  });
});
