import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import {
  AFTER_FIRST_PAINT,
  FIRST_SCREEN_CLASS,
  FIRST_SCREEN_DATA_ID,
  INLINE_STYLE_HREF,
} from '../../contract/page-session.ts';
import type { Session } from '../../contract/session.ts';
import type { AppEnv, InlineSources } from '../context.ts';
import { htmlAttribute as attribute, jsonDataBlock } from '../../shared/html.ts';

// A first visit's first screen in its page (ADR 025). The app's build brings
// a module that knows which screens it renders and how (src/app/first-visit/prerender.tsx, built
// into `<dist>/server/`); the gateway asks itself for the screen's data as the browser would, and
// puts the screen's HTML in the page. The app still asks for its data itself, and replaces the HTML
// with its own render of it. Anything that does not go to plan (no module, a slow or failed answer,
// a render that throws) serves the page as it was.

/** How long a page waits for its screen's data before it goes without. */
const DATA_BUDGET_MS = 400;
/** A first screen's data is one list page; anything larger is not one. */
const DATA_LIMIT = 512 * 1024;

interface Prerender {
  dataUrl: string;
  module: string;
  render: (json: string, warmed: ReadonlySet<string>) => Promise<string | undefined>;
  warm?: string[];
  headScript?: string;
}
interface PrerenderModule {
  prerender: (path: string, search: string, session: unknown) => Prerender | undefined;
}
/** Per screen module, the stylesheets it needs in the app's build (vite.config.ts). */
type Screens = Record<string, string[] | undefined>;

type SelfFetch = (request: Request, env: unknown) => Promise<Response>;

/** A stylesheet as it goes into a page's head: its text, and the CSP source that allows it. */
export interface InlineStyle {
  css: string;
  source: string;
}
/** A stylesheet larger than this is linked, not put in the page. */
const INLINE_LIMIT = 64 * 1024;

/**
 * The stylesheet `css` as a page's own, or undefined where it cannot be one: too large, or
 * with text that would end its element or a url() that would resolve against the page's
 * address instead of the stylesheet's (the build's are absolute or data: URLs).
 */
export function inlineStyle(css: string): InlineStyle | undefined {
  if (css.length > INLINE_LIMIT || /<\/style/i.test(css)) return undefined;
  if (/url\(\s*['"]?(?!data:|\/|https?:)/i.test(css)) return undefined;
  return { css, source: hashSource(css) };
}

/** The CSP source that allows an inline element with exactly `text` (CSP level 2 hashes). */
const hashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Loads the build's module and screens, again whenever a new build replaces them. */
function buildLoader(distDir: string) {
  const modulePath = join(distDir, 'server', 'prerender.js');
  const screensPath = join(distDir, 'server', 'screens.json');
  let loaded:
    | {
        at: number;
        module: PrerenderModule;
        screens: Screens;
        styles: Map<string, Promise<InlineStyle | undefined>>;
      }
    | undefined;
  return async () => {
    if (!existsSync(modulePath) || !existsSync(screensPath)) return undefined;
    const at = statSync(modulePath).mtimeMs;
    if (loaded?.at !== at) {
      const url = `${pathToFileURL(modulePath).href}?v=${at}`;
      const module = (await import(url)) as PrerenderModule;
      const screens = JSON.parse(await readFile(screensPath, 'utf8')) as Screens;
      loaded = { at, module, screens, styles: new Map() };
    }
    const { styles } = loaded;
    /** The build's stylesheets by file (`assets/x.css`), read once: their names are hashed. */
    const stylesOf = async (files: string[]) => {
      const read = files.map((file) => {
        let style = styles.get(file);
        if (!style) {
          style = readFile(join(distDir, file), 'utf8').then(inlineStyle, () => undefined);
          styles.set(file, style);
        }
        return style.then((inline) => [file, inline] as const);
      });
      const found = new Map<string, InlineStyle>();
      for (const [file, inline] of await Promise.all(read)) if (inline) found.set(file, inline);
      return found;
    };
    return { ...loaded, stylesOf };
  };
}

/** The build's entry script as Vite writes it into index.html. */
const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * A page sent in two parts: its head at once, its body when its first screen is rendered (or
 * has gone without), so that the browser asks for the stylesheets while the gateway works.
 */
export interface SplitPage {
  head: string;
  body: Promise<string>;
}

/**
 * The page `html` split to carry its first screen, or as it is. `fetchSelf` is the gateway's
 * own app: the data is asked for with the browser's own headers (its cookie, its Host), so
 * every check a browser's request meets, this one meets too.
 */
export function firstScreens(distDir: string, fetchSelf: SelfFetch, log: (m: string) => void) {
  const load = buildLoader(distDir);
  return async (
    c: Context<AppEnv>,
    session: Session,
    html: string,
  ): Promise<string | SplitPage> => {
    let plan: Prerender | undefined;
    let split: ReturnType<typeof splitForFirstScreen>;
    try {
      const build = await load();
      const url = new URL(c.req.url);
      plan = build?.module.prerender(url.pathname, url.search, session);
      if (build && plan) {
        const screenCss = build.screens[plan.module] ?? [];
        const styles = await build.stylesOf([...linkedStyles(html), ...screenCss]);
        split = splitForFirstScreen(html, screenCss, styles, plan.headScript);
      }
    } catch (error) {
      log(`first screen of ${c.req.path} not planned: ${String(error)}`);
      return html;
    }
    if (!plan || !split) return html;
    const { head, withScreen, inline } = split;
    // The page's CSP allows what it carries inline, and nothing else (http/static.ts).
    c.set('inlineSources', inline);
    return { head, body: screenOf(c, plan, fetchSelf, log).then(withScreen) };
  };
}

/** A first screen: its HTML, and the answer it was rendered from (`json`, to `dataUrl`). */
export interface Screen {
  html: string;
  dataUrl: string;
  json: string;
}

/** The screen, or undefined when anything does not go to plan. Never rejects. */
async function screenOf(
  c: Context<AppEnv>,
  plan: Prerender,
  fetchSelf: SelfFetch,
  log: (m: string) => void,
): Promise<Screen | undefined> {
  try {
    const url = new URL(c.req.url);
    const headers = new Headers(c.req.raw.headers);
    headers.delete('accept-encoding');
    // What the page asks for next (a review's first page), started now, while the page is
    // rendered and crosses the network: the route keeps its answer for the page's own ask,
    // and says at once whether it has taken it on (202, or 204 if not), so that the page asks
    // only for what it will be given, never for what a busy gateway refuses (ADR 034).
    const warming = (plan.warm ?? []).map(async (next): Promise<string[]> => {
      const ask = new Headers(headers);
      ask.set('prefer', 'respond-async');
      try {
        const answer = await fetchSelf(new Request(new URL(next, url), { headers: ask }), c.env);
        await answer.body?.cancel();
        return answer.status === 202 ? [next] : [];
      } catch {
        return [];
      }
    });
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
      return undefined;
    }
    const json = await Promise.race([answer.text(), late]);
    if (json.length > DATA_LIMIT) return undefined;
    const warmed = await Promise.race([Promise.all(warming), late]);
    const html = await plan.render(json, new Set(warmed.flat()));
    return html === undefined ? undefined : { html, dataUrl: plan.dataUrl, json };
  } catch (error) {
    // A timeout or a render that failed: the page without, which works as it did.
    if (!(error instanceof Error && error.name === 'TimeoutError')) {
      log(`first screen of ${c.req.path} not rendered: ${String(error)}`);
    }
    return undefined;
  }
}

/** The answer the screen was rendered from, for the app to take as its own (ADR 031). */
const dataBlock = ({ dataUrl, json }: Screen) =>
  jsonDataBlock(FIRST_SCREEN_DATA_ID, json, { 'data-url': dataUrl });

/** A stylesheet link as Vite writes it into index.html. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/g;

/** The build's files (`assets/x.css`) that `html` links as stylesheets. */
const linkedStyles = (html: string) => [...html.matchAll(STYLESHEET)].map((m) => m[1] ?? '');

/**
 * A stylesheet first in the head: in the page itself where `inline` has it, so that the
 * first screen's paint waits for no second round trip (on a slow link, one is half a second).
 * It names its file, which the page's first script links, disabled, for the app's loader
 * (app/first-visit/inline-styles.ts).
 */
function styleTag(file: string, inline: InlineStyle | undefined) {
  const href = `/${attribute(file)}`;
  return inline
    ? `<style ${INLINE_STYLE_HREF}="${href}">${inline.css}</style>`
    : `<link rel="stylesheet" crossorigin href="${href}">`;
}

/**
 * The page's head, ready to go before its first screen: the screen's `headScript` first, then
 * every stylesheet (in the page where `styles` has its text), and the app's entry held back.
 * Then, from the screen, the rest of the page: the screen in `#root`, in a disabled fieldset
 * so that nothing is typed or chosen in it before the app replaces it (links still work), or
 * without one, an empty `#root` as before. `inline` has the CSP sources of what the page
 * carries inline. Undefined for a page not shaped as Vite writes index.html.
 */
export function splitForFirstScreen(
  html: string,
  screenCss: string[],
  styles: ReadonlyMap<string, InlineStyle> = new Map(),
  headScript?: string,
) {
  const root = '<div id="root">';
  const at = html.indexOf(`${root}</div>`);
  if (!/<head(\s[^>]*)?>/i.test(html) || !html.includes('</head>') || at < 0) return undefined;
  // The page's own stylesheets (the app's), then the screen's not among them: first in the
  // head, so that on a slow link they are asked for before the scripts the screen does not
  // wait for (over HTTP/1.1, six at a time).
  const files = [...new Set([...linkedStyles(html), ...screenCss])];
  // A script that would end its own element is left out (the page works without it).
  const script = headScript && !/<\/script/i.test(headScript) ? headScript : undefined;
  const tags = [
    ...(script ? [`<script>${script}</script>`] : []),
    ...files.map((file) => styleTag(file, styles.get(file))),
  ];
  const inline: InlineSources = {
    styles: files.flatMap((file) => styles.get(file)?.source ?? []),
    scripts: script ? [hashSource(script)] : [],
  };
  const top = html.slice(0, at + root.length).replace(STYLESHEET, '');
  const rest = html.slice(at + root.length);
  const start = /<head(\s[^>]*)?>/i.exec(top);
  if (!start) return undefined;
  const after = start.index + start[0].length;
  const head = `${top.slice(0, after)}${tags.join('')}${top.slice(after)}`
    // The app's entry (not the first script, which is async) waits for the first paint:
    // evaluated before it, the app's code would hold up the screen that is already here.
    .replace(
      ENTRY,
      // Fetched as early as before, run later.
      (_tag, src: string) =>
        `<link rel="modulepreload" crossorigin href="${src}">` +
        `<script type="${AFTER_FIRST_PAINT}" src="${src}"></script>`,
    );
  return {
    head,
    inline,
    withScreen: (screen: Screen | undefined) =>
      screen === undefined
        ? rest
        : `<fieldset class="${FIRST_SCREEN_CLASS}" disabled>${screen.html}${dataBlock(screen)}</fieldset>${rest}`,
  };
}
