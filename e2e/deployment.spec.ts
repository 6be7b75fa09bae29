import { expect, expectErrors, test } from './console-watch.ts';
import { SessionSchema } from '../src/contract/session.ts';
import { DEMO, expectAccessible, screenshots, signInWithForm } from './support.ts';

// Anything the browser reports that a test here does not expect fails it (console-watch.ts).

// ADR 016: a deployment's tokens may carry no permissions the console knows. The console then
// shows every area and lets the service's own 401 say what is refused, once, without signing
// the person out. The reference service always sends its permissions claim, so the session the
// gateway reports is rewritten here to carry none (as ATTEST_CLAIM_PERMISSIONS pointing at a
// claim the token lacks would); the refusal itself comes from the real service.

test('without known permissions every area shows, and a refused one is explained in place', async ({
  page,
}) => {
  await page.route('**/session', async (route) => {
    // GET /session, and POST /session, whose answer is the session too.
    if (route.request().method() === 'DELETE') return route.continue();
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const session = SessionSchema.parse(await response.json());
    return route.fulfill({ response, json: { ...session, permissions: null } });
  });
  // Through the form: the session comes in POST /session's answer, rewritten above (a page
  // load would bring the gateway's own, in the page).
  await signInWithForm(page, DEMO.reviewer, '/qc');
  // The service's own refusal, which this test is about.
  expectErrors(/^401 GET \S+\/api\/accounts\/v1\/accounts\?/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The reviewer's token does not allow accounts, but nothing in the session says so.
  await expect(nav.getByRole('link', { name: 'Accounts' })).toBeVisible();
  await nav.getByRole('link', { name: 'Accounts' }).click();
  // The screen says what the service said, in place of the list.
  await expect(page.getByText('The accounts could not be loaded')).toBeVisible();
  await expect(page.getByText(/lacks the accounts\.write permission/)).toBeVisible();
  // Still signed in: no trip to the sign-in page, and the queue still works.
  await expect(page).toHaveURL(/\/accounts/);
  await expectAccessible(page);
  await screenshots(page, 'deployment-refused-area');
  await nav.getByRole('link', { name: 'QC queue' }).click();
  await expect(page).toHaveURL(/\/qc/);
  await expect(page.getByRole('heading', { name: 'Sign in to Attest' })).toHaveCount(0);
});
