import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { appRunning, signIn } from './browser.ts';
import { summarise } from './lib.ts';

// The QC team's figures (ADR 020): how soon a second reviewer's queue shows that the first
// has opened a document. It reports; it asserts nothing.

const QUEUE = '/qc?status=pending&order=newest';

/** Resolves in the page, with the wall-clock time, once the hold chip of `id` is shown. */
const watchChip = (page: Page, id: string) =>
  page.evaluate(
    (chipId) =>
      new Promise<number>((resolve) => {
        const seen = () => document.getElementById(chipId) !== null;
        const done = () =>
          requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
        if (seen()) return done();
        const observer = new MutationObserver(() => {
          if (!seen()) return;
          observer.disconnect();
          done();
        });
        observer.observe(document, { subtree: true, childList: true });
      }),
    `qc-hold-${id}`,
  );

export async function teamFigures(base: string, runs = 7) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const viewport = { width: 1280, height: 800 };
    const first = await (await browser.newContext({ viewport })).newPage();
    const second = await (await browser.newContext({ viewport })).newPage();
    await signIn(first, base);
    await signIn(second, base, 'acme-admin');
    await second.goto(`${base}${QUEUE}`);
    await second.locator('[data-qc-row]').first().waitFor();
    await appRunning(second);
    const shownMs: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      await first.goto(`${base}${QUEUE}`);
      const link = first.locator('[data-qc-row] .qc-row__link').nth(i);
      await link.waitFor();
      await appRunning(first);
      const href = (await link.getAttribute('href')) ?? '';
      const id = decodeURIComponent(href.split('?')[0]?.split('/').at(-1) ?? '');
      const chip = watchChip(second, id);
      const clicked = Date.now();
      await link.click();
      shownMs.push((await chip) - clicked);
    }
    return { holdShown: summarise(shownMs) };
  } finally {
    await browser.close();
  }
}
