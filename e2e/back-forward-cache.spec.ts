import { expect, test } from './console-watch.ts';
import { CHROMIUM_ARGS, FULL_CHROMIUM_PATH } from './chromium.ts';
import { createEntity, hookIdOfEntity, rowOf } from './event-support.ts';
import { DEMO, signIn } from './support.ts';

// Playwright turns the back-forward cache off for its own navigation waits; reviewers'
// browsers keep it on, so these pages are checked with it on, in a whole browser: the
// headless shell the other specs drive keeps no such cache (ADR 039).
test.skip(
  !FULL_CHROMIUM_PATH,
  'needs a whole Chromium (apt-get install chromium): the headless shell has no back-forward cache',
);
test.use({
  launchOptions: {
    executablePath: FULL_CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

test('pages left in the cache give up their event stream; one restored from it opens it again and gets what came meanwhile', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(() =>
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) document.documentElement.dataset.restored = 'true';
    }),
  );
  await signIn(page, DEMO.admin);
  const live = page.getByRole('status').filter({ hasText: 'Live' });
  // Each a page load that leaves the previous page in the cache. While cached pages held
  // their streams, the sixth connection to the console waited about a minute.
  for (let i = 1; i <= 8; i += 1) {
    await page.goto(`/events?visit=${i}`, { timeout: 15_000 });
    await expect(live).toBeVisible({ timeout: 10_000 });
  }
  // A restored page fires no load event: only its commit can be waited for.
  // An event this page saw before it was cached, then one that came while it was.
  const seen = await createEntity(page, 'Casey Cached');
  await expect(rowOf(page, await hookIdOfEntity(page, seen.entityId))).toBeVisible({
    timeout: 15_000,
  });
  await page.goto('/events?visit=9');
  await expect(live).toBeVisible({ timeout: 10_000 });
  const missed = await createEntity(page, 'Morgan Meanwhile');
  const missedRow = rowOf(page, await hookIdOfEntity(page, missed.entityId));
  await expect(missedRow).toBeVisible({ timeout: 15_000 });

  // A restored page fires no load event: only its commit can be waited for.
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/visit=8/);
  // Restored from the cache, not loaded again; live again, with what came meanwhile.
  await expect(page.locator('html')).toHaveAttribute('data-restored', 'true');
  await expect(live).toBeVisible({ timeout: 10_000 });
  await expect(missedRow).toBeVisible({ timeout: 15_000 });
});
