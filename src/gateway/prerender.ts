import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { AFTER_FIRST_PAINT, FIRST_SCREEN_META } from '../contract/page-session.ts';
import type { Session } from '../contract/session.ts';
import type { AppEnv } from './context.ts';

// A first visit's first screen in its page (issue 16, decision 025). The app's build brings
// a module that knows which screens it renders and how (src/app/prerender.tsx, built into
// `<dist>/server/`); the gateway asks itself for the screen's data as the browser would, and
// puts the screen's HTML in the page. The app still asks for its data itself, and replaces
// the HTML with its own render of it. Anything that does not go to plan (no module, a slow
// or failed answer, a render that throws) serves the page as it was.

/** How long a page waits for its screen's data before it goes without. */
const DATA_BUDGET_MS = 400;
/** A first screen's data is one list page; anything larger is not one. */
const DATA_LIMIT = 512 * 1024;

interface Prerender {
  dataUrl: string;
  module: string;
  render: (json: string) => Promise<string | undefined>;
  warm?: string[];
}
interface PrerenderModule {
  prerender: (path: string, search: string, session: unknown) => Prerender | undefined;
}
/** Per screen module, the stylesheets it needs in the app's build (vite.config.ts). */
type Screens = Record<string, string[] | undefined>;

type SelfFetch = (request: Request, env: unknown) => Promise<Response>;

/** Loads the build's module and screens, again whenever a new build replaces them. */
function buildLoader(distDir: string) {
  const modulePath = join(distDir, 'server', 'prerender.js');
  const screensPath = join(distDir, 'server', 'screens.json');
  let loaded: { at: number; module: PrerenderModule; screens: Screens } | undefined;
  return async () => {
    if (!existsSync(modulePath) || !existsSync(screensPath)) return undefined;
    const at = statSync(modulePath).mtimeMs;
    if (loaded?.at !== at) {
      const url = `${pathToFileURL(modulePath).href}?v=${at}`;
      const module = (await import(url)) as PrerenderModule;
      const screens = JSON.parse(await readFile(screensPath, 'utf8')) as Screens;
      loaded = { at, module, screens };
    }
    return loaded;
  };
}

/** The build's entry script as Vite writes it into index.html. */
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page `html` with its first screen, or as it is. `fetchSelf` is the gateway's own app:
 * the data is asked for with the browser's own headers (its cookie, its Host), so every check
 * a browser's request meets, this one meets too.
 */
export function firstScreens(distDir: string, fetchSelf: SelfFetch, log: (m: string) => void) {
  const load = buildLoader(distDir);
  return async (c: Context<AppEnv>, session: Session, html: string): Promise<string> => {
    try {
      const build = await load();
      const url = new URL(c.req.url);
      const plan = build?.module.prerender(url.pathname, url.search, session);
      if (!build || !plan) return html;
      const headers = new Headers(c.req.raw.headers);
      headers.delete('accept-encoding');
      // What the page asks for next (a review's first page), started now, while the page is
      // rendered and crosses the network: the route keeps its answer for the page's own ask.
      for (const next of plan.warm ?? []) {
        fetchSelf(new Request(new URL(next, url), { headers }), c.env)
          .then((answer) => answer.body?.cancel())
          .catch(() => {});
      }
      headers.set('accept', 'application/json');
      // The budget bounds the page's wait, not only the request: a step before the upstream
      // call (a token exchange, a database read) may not heed the signal.
      const signal = AbortSignal.timeout(DATA_BUDGET_MS);
      const late = new Promise<never>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
      );
      late.catch(() => {});
      const asking = fetchSelf(new Request(new URL(plan.dataUrl, url), { headers, signal }), c.env);
      // An answer that comes after all is not read.
      asking.then((a) => (signal.aborted ? a.body?.cancel() : undefined)).catch(() => {});
      const answer = await Promise.race([asking, late]);
      const type = answer.headers.get('content-type') ?? '';
      const length = Number(answer.headers.get('content-length') ?? 0);
      if (!answer.ok || !type.startsWith('application/json') || length > DATA_LIMIT) {
        await answer.body?.cancel();
        return html;
      }
      const json = await Promise.race([answer.text(), late]);
      if (json.length > DATA_LIMIT) return html;
      const screen = await plan.render(json);
      if (screen === undefined) return html;
      return withFirstScreen(html, { screen, css: build.screens[plan.module] ?? [] });
    } catch (error) {
      // A timeout or a render that failed: the page as it was, which works without.
      if (!(error instanceof Error && error.name === 'TimeoutError')) {
        log(`first screen of ${c.req.path} not rendered: ${String(error)}`);
      }
      return html;
    }
  };
}

/** A stylesheet link as Vite writes it into index.html. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="[^"]+">/g;

/**
 * The page with its first screen: a mark and every stylesheet first in the head, and the
 * screen in `#root`, in a disabled fieldset so that nothing is typed or chosen in it before
 * the app replaces it (links still work).
 */
export function withFirstScreen(html: string, first: { screen: string; css: string[] }): string {
  const root = '<div id="root">';
  if (!/<head(\s[^>]*)?>/i.test(html) || !html.includes('</head>')) return html;
  if (!html.includes(`${root}</div>`)) return html;
  // The page's own stylesheets (the app's), then the screen's not among them: first in the
  // head, so that on a slow link they are asked for before the scripts the screen does not
  // wait for (over HTTP/1.1, six at a time).
  const own = html.match(STYLESHEET) ?? [];
  const css = first.css
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${attribute(file)}">`);
  const page = html.replace(STYLESHEET, '');
  const start = /<head(\s[^>]*)?>/i.exec(page);
  if (!start) return html;
  // The mark first of all, so that the page's first script (async, and perhaps run before
  // the body is parsed) knows the page came with its first screen.
  const at = start.index + start[0].length;
  const head = [`<meta name="${FIRST_SCREEN_META}">`, ...own, ...css].join('');
  return (
    `${page.slice(0, at)}${head}${page.slice(at)}`
      // The app's entry (not the first script, which is async) waits for the first paint:
      // evaluated before it, the app's code would hold up the screen that is already here.
      .replace(
        ENTRY,
        // Fetched as early as before, run later.
        (_tag, src: string) =>
          `<link rel="modulepreload" crossorigin href="${src}">` +
          `<script type="${AFTER_FIRST_PAINT}" src="${src}"></script>`,
      )
      .replace(
        `${root}</div>`,
        () => `${root}<fieldset class="first-screen" disabled>${first.screen}</fieldset></div>`,
      )
  );
}
