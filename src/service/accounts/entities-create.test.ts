import { z } from '../../contract/zod.ts';
import { describe, expect } from 'vitest';
import { AccountSchema, EntitySchema, type Account } from '../../contract/accounts.ts';
import { AddressChangePayloadSchema } from '../../contract/webhooks.ts';
import { decryptSsn } from './ssn.ts';
import { expectError, expectJsonBodiesOnly } from '../testing/service.ts';
import {
  accountAt,
  ADDRESS,
  dbState,
  newEvents,
  ssnForms,
  accountsTest as it,
  UNKNOWN_ID,
  accountsSetup,
} from '../testing/accounts.ts';

const kit = accountsSetup();
let account: Account;
let globexAccount: Account;

it.beforeAll(async () => {
  account = await accountAt(kit.service, kit.acme, 'acme', 10);
  globexAccount = await accountAt(kit.service, kit.globex, 'globex', 3);
});

const entitiesOf = (accountId: string) => `/accounts/v1/accounts/${accountId}/entities`;
const post = (accountId: string, json: unknown, token = kit.acme) =>
  kit.service.send('POST', entitiesOf(accountId), { token, json });

function storedEntity(id: string) {
  return kit.service.ctx.db
    .prepare(
      'SELECT first_name, middle_name, last_name, suffix, ssn_encrypted, ssn_last_four FROM entities WHERE id = ?',
    )
    .get(id) as Record<string, string | null>;
}

const FULL = {
  type: 'BORROWER',
  name: 'MARY ANN LEE SMITH JR',
  dateOfBirth: '1980-02-29',
  phone: '(555) 010-2030',
  email: 'mary.smith@example.com',
  alsoKnown: 'MARY SMITH',
  externalEntityId: 'EXT-CREATE-1',
  languagePreference: 'es',
  ssn: '123-45-6789',
  officialAddress: ADDRESS,
  physicalAddress: { ...ADDRESS, addressLine2: 'Apt 4' },
  metadata: { source: 'portal', segment: 'B' },
} as const;

describe('POST /accounts/v1/accounts/{accountId}/entities', () => {
  it('creates the entity (201) on the account, SSN encrypted and never returned', async () => {
    const result = await post(account.id, FULL);
    expect(result.status, result.text).toBe(201);
    const entity = EntitySchema.parse(result.body);
    const echoed = Object.entries(FULL).filter(([key]) => key !== 'ssn');
    expect(entity).toMatchObject(Object.fromEntries(echoed));
    expect(entity.matterId).toBe(account.matterId);
    expect(entity.ssnLastFour).toBe('6789');
    expect(account.entities.map((e) => e.entityId)).not.toContain(entity.entityId);
    expect(Object.keys(result.body as object)).not.toContain('ssn');
    for (const form of ssnForms('123456789')) expect(result.text).not.toContain(form);

    const stored = storedEntity(entity.entityId);
    expect(stored).toMatchObject({
      first_name: 'MARY',
      middle_name: 'ANN LEE',
      last_name: 'SMITH',
      suffix: 'JR',
      ssn_last_four: '6789',
    });
    expect(stored.ssn_encrypted).not.toContain('6789');
    expect(decryptSsn(kit.service.ctx.keys.ssnKey, stored.ssn_encrypted ?? '')).toBe('123456789');

    const after = AccountSchema.parse(
      (await kit.service.get(`/accounts/v1/accounts/${account.id}`, kit.acme)).body,
    );
    expect(after.entityCount).toBe(account.entityCount + 1);
    expect(after.entities.find((e) => e.entityId === entity.entityId)).toEqual(entity);
    expect(after.updatedOn > account.updatedOn).toBe(true);
  });

  it('publishes ADDRESS_CHANGE for the matter, naming the addresses written', async () => {
    let entityId = '';
    const events = await newEvents(kit.service, async () => {
      const result = await post(account.id, { ...FULL, externalEntityId: 'EXT-CREATE-2' });
      entityId = EntitySchema.parse(result.body).entityId;
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ owner: 'acme', type: 'ADDRESS_CHANGE' });
    expect(z.strictObject(AddressChangePayloadSchema.shape).parse(events[0]?.payload)).toEqual({
      matterUUID: account.matterId,
      crid: account.crid,
      entityId,
      addressTypes: ['official', 'physical'],
    });
  });

  it('publishes nothing for an entity without an address', async () => {
    const events = await newEvents(kit.service, async () => {
      const result = await post(account.id, { type: 'AUTHORIZED_USER', name: 'JO LEE' });
      expect(result.status).toBe(201);
      expect(EntitySchema.parse(result.body).metadata).toEqual({});
    });
    expect(events).toEqual([]);
  });

  it('keeps a company name whole and takes an EIN', async () => {
    let entityId = '';
    const events = await newEvents(kit.service, async () => {
      const result = await post(account.id, {
        type: 'DEBT_SETTLEMENT_COMPANY',
        name: 'ACME DEBT RELIEF LLC JR',
        ssn: '12-3456789',
        mailingAddress: ADDRESS,
      });
      expect(result.status).toBe(201);
      const entity = EntitySchema.parse(result.body);
      entityId = entity.entityId;
      expect(entity.name).toBe('ACME DEBT RELIEF LLC JR');
      expect(entity.ssnLastFour).toBe('6789');
      for (const form of ssnForms('123456789')) expect(result.text).not.toContain(form);
    });
    expect(storedEntity(entityId)).toMatchObject({
      first_name: null,
      middle_name: null,
      last_name: null,
      suffix: null,
    });
    expect(events.map((e) => e.payload)).toEqual([
      { matterUUID: account.matterId, crid: account.crid, entityId, addressTypes: ['mailing'] },
    ]);
  });

  const key41 = 'k'.repeat(41);
  it.each([
    ['no type', { name: 'A B' }, /type/],
    ['an unknown type', { type: 'GUARANTOR', name: 'A B' }, /type/],
    ['no name', { type: 'BORROWER' }, /name/],
    ['an empty name', { type: 'BORROWER', name: '' }, /name/],
    ['a short SSN', { type: 'BORROWER', name: 'A B', ssn: '12345678' }, /ssn must be 9 digits/],
    ['a bad email', { type: 'BORROWER', name: 'A B', email: 'nope' }, /email/],
    ['an impossible date', { type: 'BORROWER', name: 'A B', dateOfBirth: '2023-02-29' }, /date/],
    ['ssnLastFour', { type: 'BORROWER', name: 'A B', ssnLastFour: '1234' }, /ssnLastFour/],
    ['an unknown address line', { ...FULL, officialAddress: { county: 'X' } }, /county/],
    ['a numeric metadata value', { ...FULL, metadata: { a: 1 } }, /strings/],
    ['a 41-character key', { ...FULL, metadata: { [key41]: 'v' } }, /1 to 40 characters/],
    ['a 501-character value', { ...FULL, metadata: { a: 'v'.repeat(501) } }, /500/],
    [
      '51 metadata keys',
      {
        ...FULL,
        metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, ''])),
      },
      /at most 50 keys/,
    ],
    ['a lone surrogate', { ...FULL, alsoKnown: 'x\ud800' }, /well-formed/],
    ['a JSON array', [FULL], /expected object/],
  ])('refuses a body with %s (400), writing nothing', async (_, json, message) => {
    const before = dbState(kit.service);
    expectError(await post(account.id, json), 400, message);
    expect(dbState(kit.service)).toEqual(before);
  });

  it('refuses a "__proto__" metadata key rather than dropping it', async () => {
    const before = dbState(kit.service);
    const body = `{"type":"BORROWER","name":"A B","officialAddress":{},"metadata":{"__proto__":"x"}}`;
    const result = await kit.service.send('POST', entitiesOf(account.id), {
      token: kit.acme,
      body,
      headers: { 'content-type': 'application/json' },
    });
    expectError(result, 400, /metadata\.__proto__: "__proto__" is not accepted/);
    expect(dbState(kit.service)).toEqual(before);
  });

  it('refuses malformed JSON (400) and a body that is not JSON (415)', async () => {
    const [path, body] = [entitiesOf(account.id), JSON.stringify(FULL)];
    const state = () => dbState(kit.service);
    await expectJsonBodiesOnly(kit.service, 'POST', path, kit.acme, body, state);
  });

  it('does not echo a rejected SSN', async () => {
    const result = await post(account.id, { ...FULL, ssn: '9876543210' });
    expectError(result, 400, /ssn/);
    expect(result.text).not.toContain('987654321');
  });

  it.each([
    ['an unknown account', () => post(UNKNOWN_ID, FULL), 404, /not found/],
    ["another owner's account (acme token)", () => post(globexAccount.id, FULL), 404, /not found/],
    [
      "another owner's account (globex token)",
      () => post(account.id, FULL, kit.globex),
      404,
      /not found/,
    ],
    ['a malformed account id', () => post('CR-000011', FULL), 400, /accountId must be a UUID/],
    ['no token', () => post(account.id, FULL, ''), 401, /Authorization/],
    ['a forged token', () => post(account.id, FULL, kit.forged), 401, /invalid/],
    ['no accounts.write', () => post(account.id, FULL, kit.reviewer), 401, /accounts\.write/],
  ])('answers %s with its error, writing nothing', async (_, call, status, message) => {
    const before = dbState(kit.service);
    expectError(await call(), status, message);
    expect(dbState(kit.service)).toEqual(before);
  });

  it('refuses a 51st entity on an account (400)', async () => {
    const entities = Array.from({ length: 50 }, (_, i) => ({ type: 'BORROWER', name: `P ${i}` }));
    const put = await kit.service.send('PUT', '/accounts/v1/accounts', {
      token: kit.acme,
      json: { crid: 'FULL-ACCOUNT', entities },
    });
    const full = AccountSchema.parse(put.body);
    expect(full.entityCount).toBe(50);
    const before = dbState(kit.service);
    expectError(await post(full.id, FULL), 400, /at most 50 entities/);
    expect(dbState(kit.service)).toEqual(before);
  });
});
