import { FindingListSchema } from '../src/contract/findings.ts';
import { api } from './api.ts';
import { expect, test } from './console-watch.ts';
import { bothThemes, DEMO, expectAccessible, signIn } from './support.ts';

// The demo's documents as a person meets them (issues 42 and 43): the notary's seal on file
// in her profile, and a seeded finding whose marked region is over the part of the page it
// names, on the document stamped with her seal.

test.describe.configure({ timeout: 180_000 });

test('the demo notary’s seal on file shows in her profile', async ({ page }) => {
  await signIn(page, DEMO.notary, '/profile');
  const seal = page.getByRole('region', { name: 'Notary seal', exact: true });
  const image = seal.getByRole('img').first();
  await expect(image).toBeVisible();
  // Drawn and loaded; not its seeded size: profile.spec.ts may have uploaded hers meanwhile.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await expectAccessible(page);
  await bothThemes(page, 'demo-profile-seal');
});

test('a seeded finding opens on its document, its region over what it names', async ({ page }) => {
  await signIn(page, DEMO.notary, '/findings');
  const mine = await api(page).get('/team/findings', FindingListSchema, {
    query: { mine: 'true', view: 'all' },
  });
  const finding = mine.findings.find((f) => /seal/i.test(f.itemName) && f.regions.length > 0);
  if (!finding) throw new Error('no seeded seal finding of Nora’s');
  await page.goto(`/findings/${finding.id}`);
  await expect(page.getByRole('heading', { name: finding.itemName })).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);
  await bothThemes(page, 'demo-finding-seal');
});
