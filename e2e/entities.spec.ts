import { type Locator, type Page, type Request } from '@playwright/test';
import { expect, expectErrors, test } from './console-watch.ts';
import { AccountListSchema, EntitySchema, type Entity } from '../src/contract/accounts.ts';
import { api } from './api.ts';
import { DEMO, dismissToastsInTheWay, expectAccessible, screenshots, signIn } from './support.ts';

// Entities on the seeded acme accounts: each test writes to its own account, so a run
// alongside the others (or a second run on the same data) stays independent.

const SSN = '407-55-3182';
const SSN_DIGITS = '407553182';

async function accountId(page: Page, crid: string): Promise<string> {
  const list = await api(page).get(
    '/api/accounts/v1/accounts?owner=acme&limit=500',
    AccountListSchema,
  );
  const found = list.accounts.find((a) => a.crid === crid);
  if (!found) throw new Error(`no account ${crid}`);
  return found.id;
}

async function apiEntity(page: Page, account: string, entity: string): Promise<Entity> {
  return api(page).get(`/api/accounts/v1/accounts/${account}/entities/${entity}`, EntitySchema);
}

async function openNewEntity(page: Page, crid: string): Promise<string> {
  const id = await accountId(page, crid);
  await page.goto(`/accounts/${id}`);
  await page.getByRole('link', { name: 'New entity' }).click();
  await expect(page.getByRole('heading', { name: 'New entity', level: 1 })).toBeVisible();
  return id;
}

const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const entityIdOf = (page: Page) => /\/entities\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';

/** Counts the entity creates the page sends. */
function countCreates(page: Page): { readonly count: number } {
  const seen = { count: 0 };
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && /\/entities$/.test(new URL(request.url()).pathname))
      seen.count += 1;
  });
  return seen;
}

const OFFICIAL = {
  'Address line 1': '12 Harbor Street',
  'Address line 2': 'Suite 4',
  City: 'Portland',
  'State or province': 'ME',
  'Postal code': '04101',
  Country: 'US',
};

async function fillAddress(scope: Locator, lines: Record<string, string>) {
  for (const [label, value] of Object.entries(lines)) await scope.getByLabel(label).fill(value);
}

test('an entity created with an SSN shows only the last four digits; the full number reaches no response, page, storage or URL', async ({
  page,
}) => {
  // Every response body the browser receives, from sign-in to the end.
  const bodies: { url: string; text: string }[] = [];
  const reads: Promise<void>[] = [];
  const streams: string[] = [];
  page.on('response', (response) => {
    // The live event stream never ends, so its body cannot be read here; it carries webhook
    // payloads (ADDRESS_CHANGE: matter, crid, entity id, address types), never an SSN.
    if ((response.headers()['content-type'] ?? '').includes('text/event-stream')) {
      streams.push(response.url());
      return;
    }
    reads.push(
      response.body().then(
        (body) => void bodies.push({ url: response.url(), text: body.toString('utf8') }),
        () => undefined,
      ),
    );
  });

  await signIn(page, DEMO.admin, '/accounts');
  const account = await openNewEntity(page, 'CR-000007');
  await page.getByLabel('Role on the account').selectOption({ label: 'Borrower' });
  await page.getByLabel('Name').fill('AVERY QUINN TESTER');
  await page.getByLabel('Date of birth').fill('1984-07-21');
  await page.getByLabel('Email').fill('avery.tester@example.com');

  const ssn = page.getByLabel('SSN or EIN');
  await expect(ssn).toHaveAttribute('type', 'password');
  await expect(ssn).toHaveAttribute('autocomplete', 'off');
  await ssn.fill(SSN);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(ssn).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(ssn).toHaveAttribute('type', 'password');

  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/entities'),
  );
  await page.getByRole('button', { name: 'Create entity' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  // The number did go out, once: the recording covers the create itself.
  expect(response.request().postData()).toContain(SSN);

  await expect(page).toHaveURL(/\/entities\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'AVERY QUINN TESTER' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Entity created' })).toContainText(
    '3182',
  );
  const ssnFact = page.locator('.entity-facts__row').filter({ hasText: 'SSN or EIN' });
  await expect(ssnFact).toContainText('••• •• 3182');
  const entity = entityIdOf(page);
  expect((await apiEntity(page, account, entity)).ssnLastFour).toBe('3182');

  await page.reload();
  await expect(ssnFact).toContainText('••• •• 3182');
  // The note was for the moment of creation; a reload does not say it again.
  await expect(page.getByRole('status').filter({ hasText: 'Entity created' })).toHaveCount(0);
  await page.goto(`/accounts/${account}`);
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'AVERY QUINN TESTER' }) }),
  ).toContainText('••• •• 3182');

  // Nowhere: not in any response, not in the page, not in storage, history or the URL.
  await Promise.all(reads);
  expect(bodies.some((b) => b.url === response.url() && b.text.includes('3182'))).toBe(true);
  for (const { url, text } of bodies) {
    expect(text, url).not.toContain(SSN);
    expect(text, url).not.toContain(SSN_DIGITS);
  }
  const traces = await page.evaluate(() =>
    JSON.stringify({
      local: { ...localStorage },
      session: { ...sessionStorage },
      history: history.state as unknown,
      url: location.href,
    }),
  );
  for (const text of [await page.content(), traces, page.url()]) {
    expect(text).not.toContain(SSN);
    expect(text).not.toContain(SSN_DIGITS);
  }
});

test('the form refuses what the contract refuses, with the reason beside each field', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/accounts');
  const creates = countCreates(page);
  await openNewEntity(page, 'CR-000011');

  await page.getByRole('button', { name: 'Create entity' }).click();
  await expect(page.getByLabel('Role on the account')).toBeFocused();
  await expect(page.getByLabel('Role on the account')).toHaveAccessibleDescription(
    'Choose the role this entity has on the account',
  );
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription(/Must not be empty/);

  await page.getByLabel('Role on the account').selectOption({ label: 'Authorized user' });
  await page.getByLabel('Name').fill('MORGAN LEE');
  await page.getByLabel('Date of birth').fill('1990-02-30');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('SSN or EIN').fill('12345');
  await page.getByRole('button', { name: 'Create entity' }).click();
  await expect(page.getByLabel('Date of birth')).toBeFocused();
  await expect(page.getByLabel('Date of birth')).toHaveAccessibleDescription(/real calendar date/);
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(/Must be an email address/);
  await expect(page.getByLabel('SSN or EIN')).toHaveAccessibleDescription(/Must be 9 digits/);
  await expect(page.getByText('3 fields need attention.')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'entities-form-errors');

  // A leap day that exists is fine; one in the future is not.
  await page.getByLabel('Date of birth').fill('2999-02-28');
  await page.getByRole('button', { name: 'Create entity' }).click();
  await expect(page.getByLabel('Date of birth')).toHaveAccessibleDescription(/future/);
  expect(creates.count).toBe(0);
});

test('metadata limits are refused in the form: no 51st key, no 41-character key, no 501-character value', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/accounts');
  const creates = countCreates(page);
  const account = await openNewEntity(page, 'CR-000012');
  await page.getByLabel('Role on the account').selectOption({ label: 'Non-borrowing defendant' });
  await page.getByLabel('Name').fill('RILEY STONE');

  const add = page.getByRole('button', { name: 'Add key' });
  // Forty-nine rows added from inside the page, a click on the button each (one round trip to
  // the browser rather than 49), the fiftieth as a person adds one.
  await add.evaluate(async (button: HTMLButtonElement) => {
    for (let i = 0; i < 49; i += 1) {
      button.click();
      await new Promise((resolve) => setTimeout(resolve));
    }
  });
  await expect(page.getByLabel(/^Key \d+$/)).toHaveCount(49);
  await add.click();
  await expect(page.getByText('50 of 50 keys: the most an entity may hold')).toBeVisible();
  await expect(add).toBeDisabled();
  await expect(page.getByLabel(/^Key \d+$/)).toHaveCount(50);

  await page.getByLabel('Key 1', { exact: true }).fill('k'.repeat(41));
  await expect(page.getByLabel('Key 1', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Key 1', { exact: true })).toHaveAccessibleDescription(
    /Keys may be at most 40 characters/,
  );
  await page.getByLabel('Value 1', { exact: true }).fill('v'.repeat(501));
  await expect(page.getByLabel('Value 1', { exact: true })).toHaveAccessibleDescription(
    /Values may be at most 500 characters/,
  );
  await page.getByRole('button', { name: 'Create entity' }).click();
  await expect(page.getByLabel('Key 1', { exact: true })).toBeFocused();
  expect(creates.count).toBe(0);

  // Removing a row makes room again.
  await page.getByRole('button', { name: 'Remove row 50' }).click();
  await expect(add).toBeEnabled();
  await add.click();
  await expect(add).toBeDisabled();

  // At the limits exactly, it goes through and reads back whole.
  const longKey = 'k'.repeat(40);
  const longValue = 'v'.repeat(500);
  await page.getByLabel('Key 1', { exact: true }).fill(longKey);
  await page.getByLabel('Value 1', { exact: true }).fill(longValue);
  // The other 49 rows typed from inside the page: each field set and its input event sent,
  // as typing does (through the value setter React watches), one field at a time.
  await page.evaluate(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    for (const label of document.querySelectorAll('label')) {
      const [, field, n] = /^(Key|Value) (\d+)$/.exec(label.textContent ?? '') ?? [];
      if (!field || Number(n) < 2) continue;
      const input = document.getElementById(label.htmlFor) as HTMLInputElement;
      setValue?.call(input, field === 'Key' ? `key${n}` : `value ${n}`);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve));
    }
  });
  await expect(page.getByLabel('Key 50', { exact: true })).toHaveValue('key50');
  await expect(page.getByLabel('Value 50', { exact: true })).toHaveValue('value 50');
  await page.getByRole('button', { name: 'Create entity' }).click();
  await expect(page).toHaveURL(/\/entities\/[0-9a-f-]{36}$/);
  const saved = await apiEntity(page, account, entityIdOf(page));
  expect(Object.keys(saved.metadata)).toHaveLength(50);
  expect(saved.metadata[longKey]).toBe(longValue);
  expect(saved.metadata.key50).toBe('value 50');
});

test('an address is copied into another with one click', async ({ page }) => {
  await signIn(page, DEMO.admin, '/accounts');
  const account = await openNewEntity(page, 'CR-000014');
  await page.getByLabel('Role on the account').selectOption({ label: 'Debt settlement company' });
  await page.getByLabel('Name').fill('NORTHWIND DEBT RELIEF');
  await expect(page.getByText('The organization’s registered name')).toBeVisible();
  await fillAddress(group(page, 'Official address'), OFFICIAL);

  const mailing = group(page, 'Mailing address');
  await mailing
    .getByRole('button', { name: 'Copy official address into the mailing address' })
    .click();
  for (const [label, value] of Object.entries(OFFICIAL))
    await expect(mailing.getByLabel(label)).toHaveValue(value);
  await mailing.getByLabel('Address line 1').fill('PO Box 77');
  await mailing.getByLabel('Address line 2').fill('');

  const physical = group(page, 'Physical address');
  await physical
    .getByRole('button', { name: 'Copy mailing address into the physical address' })
    .click();
  await expect(physical.getByLabel('Address line 1')).toHaveValue('PO Box 77');
  await expect(physical.getByLabel('Postal code')).toHaveValue('04101');

  await page.getByRole('button', { name: 'Create entity' }).click();
  await expect(page).toHaveURL(/\/entities\/[0-9a-f-]{36}$/);
  const saved = await apiEntity(page, account, entityIdOf(page));
  const official = {
    addressLine1: '12 Harbor Street',
    addressLine2: 'Suite 4',
    city: 'Portland',
    stateProvCode: 'ME',
    postalCode: '04101',
    country: 'US',
  };
  const box = { ...official, addressLine1: 'PO Box 77', addressLine2: undefined };
  expect(saved.officialAddress).toEqual(official);
  // An emptied line is left out, not sent as ''.
  expect(saved.mailingAddress).toEqual(box);
  expect(saved.physicalAddress).toEqual(box);
  await expect(page.getByRole('group', { name: 'Physical address' })).toContainText('PO Box 77');
});

test('a server error keeps everything typed, and the next try saves it', async ({ page }) => {
  await signIn(page, DEMO.admin, '/accounts');
  const account = await openNewEntity(page, 'CR-000016');
  const typed: [string, string][] = [
    ['Name', 'JORDAN A MILLER SR'],
    ['Date of birth', '1975-12-31'],
    ['Also known as', 'JAY MILLER'],
    ['Phone', '(207) 555-0142'],
    ['Email', 'jordan.miller@example.com'],
    ['Language preference', 'es'],
    ['External id', 'EXT-E2E-0001'],
    ['SSN or EIN', '12-3456781'],
  ];
  await page.getByLabel('Role on the account').selectOption({ label: 'Authorized user' });
  for (const [label, value] of typed) await page.getByLabel(label, { exact: true }).fill(value);
  await fillAddress(group(page, 'Official address'), OFFICIAL);
  await page.getByRole('button', { name: 'Add key' }).click();
  await page.getByLabel('Key 1', { exact: true }).fill('channel');
  await page.getByLabel('Value 1', { exact: true }).fill('branch');

  expectErrors(/^500 POST \S+\/api\/accounts\/v1\/accounts\/[\w-]+\/entities$/);
  await page.route('**/api/accounts/v1/accounts/*/entities', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'the service could not store the entity' }),
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Create entity' }).click();
  await expect(page.getByRole('alert')).toHaveText('The service could not store the entity.');
  await expect(page).toHaveURL(/\/entities\/new$/);
  await expect(page.getByLabel('Role on the account')).toHaveValue('AUTHORIZED_USER');
  for (const [label, value] of typed)
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  for (const [label, value] of Object.entries(OFFICIAL))
    await expect(group(page, 'Official address').getByLabel(label)).toHaveValue(value);
  await expect(page.getByLabel('Key 1', { exact: true })).toHaveValue('channel');
  await expect(page.getByLabel('Value 1', { exact: true })).toHaveValue('branch');

  await page.unroute('**/api/accounts/v1/accounts/*/entities');
  await page.getByRole('button', { name: 'Create entity' }).click();
  await expect(page.getByRole('heading', { name: 'JORDAN A MILLER SR' })).toBeVisible();
  const saved = await apiEntity(page, account, entityIdOf(page));
  expect(saved).toMatchObject({
    type: 'AUTHORIZED_USER',
    dateOfBirth: '1975-12-31',
    alsoKnown: 'JAY MILLER',
    phone: '(207) 555-0142',
    email: 'jordan.miller@example.com',
    languagePreference: 'es',
    externalEntityId: 'EXT-E2E-0001',
    ssnLastFour: '6781',
    metadata: { channel: 'branch' },
  });
  await expectAccessible(page);
  await screenshots(page, 'entities-detail');
});

test('metadata edit on an existing entity: a removed key is sent empty and is gone on read-back', async ({
  page,
}) => {
  await signIn(page, DEMO.admin, '/accounts');
  // Live events from other specs may toast over the form's Save button (bottom right).
  await dismissToastsInTheWay(page);
  const account = await accountId(page, 'CR-000009');
  await page.goto(`/accounts/${account}`);
  await page.getByRole('main').getByRole('listitem').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/entities\/[0-9a-f-]{36}$/);
  const entity = entityIdOf(page);
  const before = await apiEntity(page, account, entity);
  expect(Object.keys(before.metadata).sort()).toEqual(['segment', 'source']);

  await page.getByRole('button', { name: 'Edit metadata' }).click();
  await page.getByRole('button', { name: 'Remove key source' }).click();
  await expect(page.getByLabel('Key 1', { exact: true })).toHaveValue('segment');
  await page.getByLabel('Value 1', { exact: true }).fill('Z');
  await page.getByRole('button', { name: 'Add key' }).click();
  await expect(page.getByLabel('Key 2', { exact: true })).toBeFocused();
  await page.keyboard.type('tier');
  await page.getByLabel('Value 2', { exact: true }).fill('gold');
  await expectAccessible(page);
  await screenshots(page, 'entities-metadata-edit');

  const patch = page.waitForRequest((r) => r.method() === 'PATCH');
  await page.getByRole('button', { name: 'Save metadata' }).click();
  expect((await patch).postDataJSON()).toEqual({
    metadata: { source: '', segment: 'Z', tier: 'gold' },
  });
  await expect(page.getByRole('button', { name: 'Edit metadata' })).toBeFocused();

  expect((await apiEntity(page, account, entity)).metadata).toEqual({ segment: 'Z', tier: 'gold' });
  await page.reload();
  const shown = page.locator('.entity-metadata');
  await expect(shown).toContainText('tier');
  await expect(shown).toContainText('gold');
  await expect(shown).not.toContainText('source');
});
