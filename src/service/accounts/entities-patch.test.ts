import { z } from '../../contract/zod.ts';
import { describe, expect } from 'vitest';
import { AccountSchema, EntitySchema, type Account, type Entity } from '../../contract/accounts.ts';
import { AddressChangePayloadSchema } from '../../contract/webhooks.ts';
import { expectError, expectJsonBodiesOnly } from '../testing/service.ts';
import {
  accountAt,
  ADDRESS,
  dbState,
  newEvents,
  accountsTest as it,
  UNKNOWN_ID,
  accountsSetup,
} from '../testing/accounts.ts';

const kit = accountsSetup();
let account: Account;
let globexAccount: Account;
let seeded: Account;
let entity: Entity;

const keys = (n: number, prefix = 'k') =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, String(i)]));

it.beforeAll(async () => {
  const put = await kit.service.send('PUT', '/accounts/v1/accounts', {
    token: kit.acme,
    json: {
      crid: 'PATCH-1',
      entities: [
        { type: 'BORROWER', name: 'JOHN SMITH', phone: '1', metadata: { keep: 'a', drop: 'b' } },
        { type: 'BORROWER', name: 'FULL META', metadata: keys(50) },
        { type: 'DEBT_SETTLEMENT_COMPANY', name: 'RELIEF CO' },
      ],
    },
  });
  account = AccountSchema.parse(put.body);
  const first = account.entities.find((e) => e.name === 'JOHN SMITH');
  if (!first) throw new Error('no entity');
  entity = first;
  globexAccount = await accountAt(kit.service, kit.globex, 'globex', 0);
  seeded = await accountAt(kit.service, kit.acme, 'acme', 0);
});

const entityPath = (accountId: string, entityId: string) =>
  `/accounts/v1/accounts/${accountId}/entities/${entityId}`;
const patch = (accountId: string, entityId: string, json: unknown, token = kit.acme) =>
  kit.service.send('PATCH', entityPath(accountId, entityId), { token, json });
const named = (name: string) => {
  const found = account.entities.find((e) => e.name === name);
  if (!found) throw new Error(`no entity ${name}`);
  return found;
};
const storedNames = (id: string) =>
  kit.service.ctx.db
    .prepare('SELECT first_name, middle_name, last_name, suffix FROM entities WHERE id = ?')
    .get(id);

describe('PATCH /accounts/v1/accounts/{accountId}/entities/{entityId}', () => {
  it('changes sent fields, merges metadata and removes keys sent as ""', async () => {
    const events = await newEvents(kit.service, async () => {
      const result = await patch(account.id, entity.entityId, {
        name: 'JOHN QUINCY SMITH III',
        email: 'john@example.com',
        metadata: { keep: 'changed', drop: '', added: 'c', absent: '' },
      });
      expect(result.status, result.text).toBe(200);
      const patched = EntitySchema.parse(result.body);
      expect(patched).toEqual({
        ...entity,
        name: 'JOHN QUINCY SMITH III',
        email: 'john@example.com',
        metadata: { keep: 'changed', added: 'c' },
      });
      const read = await kit.service.get(entityPath(account.id, entity.entityId), kit.acme);
      expect(read.body).toEqual(result.body);
    });
    expect(events).toEqual([]);
    expect(storedNames(entity.entityId)).toEqual({
      first_name: 'JOHN',
      middle_name: 'QUINCY',
      last_name: 'SMITH',
      suffix: 'III',
    });
    const after = AccountSchema.parse(
      (await kit.service.get(`/accounts/v1/accounts/${account.id}`, kit.acme)).body,
    );
    expect(after.updatedOn > account.updatedOn).toBe(true);
  });

  it('keeps a company name unsplit', async () => {
    const company = named('RELIEF CO');
    const result = await patch(account.id, company.entityId, { name: 'NEW RELIEF CO JR' });
    expect(EntitySchema.parse(result.body).name).toBe('NEW RELIEF CO JR');
    expect(storedNames(company.entityId)).toEqual({
      first_name: null,
      middle_name: null,
      last_name: null,
      suffix: null,
    });
  });

  it('publishes ADDRESS_CHANGE naming the addresses it wrote', async () => {
    const events = await newEvents(kit.service, async () => {
      const result = await patch(account.id, entity.entityId, {
        mailingAddress: ADDRESS,
        physicalAddress: ADDRESS,
      });
      expect(EntitySchema.parse(result.body).mailingAddress).toEqual(ADDRESS);
    });
    expect(events.map((e) => [e.owner, e.type])).toEqual([['acme', 'ADDRESS_CHANGE']]);
    expect(z.strictObject(AddressChangePayloadSchema.shape).parse(events[0]?.payload)).toEqual({
      matterUUID: account.matterId,
      crid: 'PATCH-1',
      entityId: entity.entityId,
      addressTypes: ['mailing', 'physical'],
    });
  });

  it('checks the merged metadata against the limits: 50 keys', async () => {
    const full = named('FULL META');
    const before = dbState(kit.service);
    expectError(
      await patch(account.id, full.entityId, { metadata: { k50: 'one too many' } }),
      400,
      /metadata after the merge: .*at most 50 keys/,
    );
    expect(dbState(kit.service)).toEqual(before);
    // Removing one key makes room for another in the same PATCH.
    const swapped = await patch(account.id, full.entityId, { metadata: { k0: '', k50: 'in' } });
    expect(swapped.status).toBe(200);
    const metadata = EntitySchema.parse(swapped.body).metadata;
    expect(Object.keys(metadata)).toHaveLength(50);
    expect(metadata).toMatchObject({ k50: 'in', k49: '49' });
    expect(metadata).not.toHaveProperty('k0');
  });

  it.each([
    ['an empty body', {}, /at least one field/],
    ['type (fixed once created)', { type: 'AUTHORIZED_USER' }, /type/],
    ['ssn (fixed once created)', { ssn: '123456789' }, /ssn/],
    ['an empty name', { name: '' }, /name/],
    ['a bad email', { email: 'x@' }, /email/],
    ['a bad date', { dateOfBirth: '1990-13-01' }, /date/],
    ['a null field', { phone: null }, /phone/],
    ['an unknown address line', { officialAddress: { zip: '1' } }, /zip/],
    ['a 501-character value', { metadata: { a: 'v'.repeat(501) } }, /500/],
    ['51 metadata keys in the patch', { metadata: keys(51, 'n') }, /at most 50 keys/],
    ['an address and a bad field', { officialAddress: ADDRESS, email: 'no' }, /email/],
  ])('refuses %s (400), writing nothing', async (_, json, message) => {
    const before = dbState(kit.service);
    expectError(await patch(account.id, entity.entityId, json), 400, message);
    expect(dbState(kit.service)).toEqual(before);
  });

  it('refuses malformed JSON (400) and a body that is not JSON (415)', async () => {
    const path = entityPath(account.id, entity.entityId);
    const state = () => dbState(kit.service);
    const form = 'application/x-www-form-urlencoded';
    await expectJsonBodiesOnly(kit.service, 'PATCH', path, kit.acme, '{"name":"A"}', state, form);
  });

  const body = { phone: '2', officialAddress: ADDRESS };
  it.each([
    ['an unknown entity', () => patch(account.id, UNKNOWN_ID, body), 404, /not found/],
    ['an unknown account', () => patch(UNKNOWN_ID, entity.entityId, body), 404, /not found/],
    [
      "an entity of another of the owner's accounts",
      () => patch(seeded.id, entity.entityId, body),
      404,
      /not found/,
    ],
    [
      "another owner's entity",
      () => patch(globexAccount.id, globexAccount.entities[0]?.entityId ?? '', body),
      404,
      /not found/,
    ],
    [
      "another owner's entity (globex token)",
      () => patch(account.id, entity.entityId, body, kit.globex),
      404,
      /not found/,
    ],
    ['a malformed entity id', () => patch(account.id, 'nope', body), 400, /entityId/],
    ['no token', () => patch(account.id, entity.entityId, body, ''), 401, /Authorization/],
    ['a forged token', () => patch(account.id, entity.entityId, body, kit.forged), 401, /invalid/],
    [
      'no accounts.write',
      () => patch(account.id, entity.entityId, body, kit.reviewer),
      401,
      /accounts\.write/,
    ],
  ])('answers %s with its error, writing nothing', async (_, call, status, message) => {
    const before = dbState(kit.service);
    expectError(await call(), status, message);
    expect(dbState(kit.service)).toEqual(before);
  });
});
