import { z } from '../../contract/zod.ts';
import { describe, expect } from 'vitest';
import { AccountSchema, type Account } from '../../contract/accounts.ts';
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
  accountsSetup,
} from '../testing/accounts.ts';

const kit = accountsSetup();

const put = (json: unknown, token = kit.acme) =>
  kit.service.send('PUT', '/accounts/v1/accounts', { token, json });
const read = async (id: string, token = kit.acme) =>
  AccountSchema.parse((await kit.service.get(`/accounts/v1/accounts/${id}`, token)).body);
const byName = (account: Account, name: string) => account.entities.find((e) => e.name === name);

const SNAPSHOT = {
  crid: 'UP-1',
  entities: [
    {
      type: 'BORROWER',
      name: 'ALICE B CARTER',
      externalEntityId: 'E1',
      ssn: '111-22-3333',
      officialAddress: ADDRESS,
      metadata: { a: '1', b: '2' },
    },
    { type: 'AUTHORIZED_USER', name: 'BEN CARTER', externalEntityId: 'E2', phone: '555' },
    { type: 'NON_BORROWING_DEFENDANT', name: 'CY DOE', mailingAddress: ADDRESS },
  ],
};

describe('PUT /accounts/v1/accounts', () => {
  let created: Account;

  it('creates an account for a new crid (201) with its entities and events', async () => {
    const events = await newEvents(kit.service, async () => {
      const result = await put(SNAPSHOT);
      expect(result.status, result.text).toBe(201);
      created = AccountSchema.parse(result.body);
      for (const form of ssnForms('111223333')) expect(result.text).not.toContain(form);
      expect(result.text).not.toMatch(/"ssn"/);
    });
    expect(created).toMatchObject({ owner: 'acme', crid: 'UP-1', entityCount: 3 });
    expect(created.createdOn).toBe(created.updatedOn);
    expect(created.id).not.toBe(created.matterId);
    expect(created.entities.every((e) => e.matterId === created.matterId)).toBe(true);
    expect(byName(created, 'ALICE B CARTER')).toMatchObject({
      ssnLastFour: '3333',
      metadata: { a: '1', b: '2' },
      officialAddress: ADDRESS,
    });
    expect(await read(created.id)).toEqual(created);

    const alice = byName(created, 'ALICE B CARTER')?.entityId;
    const cy = byName(created, 'CY DOE')?.entityId;
    const payloads = events.map((e) =>
      z.strictObject(AddressChangePayloadSchema.shape).parse(e.payload),
    );
    expect(events.every((e) => e.type === 'ADDRESS_CHANGE' && e.owner === 'acme')).toBe(true);
    expect(payloads).toEqual(
      expect.arrayContaining([
        { matterUUID: created.matterId, crid: 'UP-1', entityId: alice, addressTypes: ['official'] },
        { matterUUID: created.matterId, crid: 'UP-1', entityId: cy, addressTypes: ['mailing'] },
      ]),
    );
    expect(payloads).toHaveLength(2);

    const stored = kit.service.ctx.db
      .prepare(
        'SELECT ssn_encrypted, first_name, middle_name, last_name FROM entities WHERE id = ?',
      )
      .get(alice ?? '') as Record<string, string>;
    expect(stored).toMatchObject({ first_name: 'ALICE', middle_name: 'B', last_name: 'CARTER' });
    expect(stored.ssn_encrypted).not.toContain('3333');
    expect(decryptSsn(kit.service.ctx.keys.ssnKey, stored.ssn_encrypted ?? '')).toBe('111223333');
  });

  it('updates the account of a known crid (200): entities replaced, metadata whole', async () => {
    kit.service.ctx.clock.advance(1000);
    const alice = byName(created, 'ALICE B CARTER');
    const result = await put({
      crid: 'UP-1',
      entities: [
        { type: 'BORROWER', name: 'ALICE CARTER', externalEntityId: 'E1', metadata: { c: '3' } },
        { type: 'AUTHORIZED_USER', name: 'DEE NEW' },
      ],
    });
    expect(result.status, result.text).toBe(200);
    const updated = AccountSchema.parse(result.body);
    expect(updated).toMatchObject({
      id: created.id,
      matterId: created.matterId,
      createdOn: created.createdOn,
      entityCount: 2,
    });
    expect(updated.updatedOn > created.updatedOn).toBe(true);
    // E1 keeps its entityId and takes the snapshot whole: no SSN, no address, metadata {c}.
    const kept = byName(updated, 'ALICE CARTER');
    expect(kept?.entityId).toBe(alice?.entityId);
    expect(kept?.createdOn).toBe(alice?.createdOn);
    expect(kept).not.toHaveProperty('ssnLastFour');
    expect(kept).not.toHaveProperty('officialAddress');
    expect(kept?.metadata).toEqual({ c: '3' });
    // BEN (E2) and CY are gone; DEE is new.
    const ids = updated.entities.map((e) => e.entityId);
    for (const name of ['BEN CARTER', 'CY DOE']) {
      expect(ids).not.toContain(byName(created, name)?.entityId);
    }
    const rows = kit.service.ctx.db
      .prepare('SELECT COUNT(*) AS n FROM entities WHERE account_id = ?')
      .get(created.id) as { n: number };
    expect(rows.n).toBe(2);
    expect(await read(created.id)).toEqual(updated);
  });

  it('updates a seeded account matched by crid', async () => {
    const seeded = await accountAt(kit.service, kit.acme, 'acme', 0);
    const result = await put({ crid: seeded.crid, entities: [] });
    expect(result.status).toBe(200);
    expect(AccountSchema.parse(result.body)).toMatchObject({ id: seeded.id, entityCount: 0 });
  });

  it("lets another owner reuse a crid without touching the first owner's account", async () => {
    const acmeBefore = await read(created.id);
    const result = await put(SNAPSHOT, kit.globex);
    expect(result.status).toBe(201);
    const globex = AccountSchema.parse(result.body);
    expect(globex.owner).toBe('globex');
    expect(globex.crid).toBe('UP-1');
    expect(globex.id).not.toBe(created.id);
    expect(await read(created.id)).toEqual(acmeBefore);
    expectError(await kit.service.get(`/accounts/v1/accounts/${globex.id}`, kit.acme), 404, /not/);
  });

  it('creates exactly one account for two upserts of a new crid sent at once', async () => {
    const results = await Promise.all([
      put({ crid: 'RACE', entities: [] }),
      put({ crid: 'RACE', entities: [] }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 201]);
    const [a, b] = results.map((r) => AccountSchema.parse(r.body).id);
    expect(a).toBe(b);
  });

  const entity = { type: 'BORROWER', name: 'A B' };
  it.each([
    ['no crid', { entities: [] }, /crid/],
    ['an empty crid', { crid: '', entities: [] }, /crid/],
    ['a 65-character crid', { crid: 'c'.repeat(65), entities: [] }, /at most 64/],
    ['no entities', { crid: 'UP-X' }, /entities/],
    ['51 entities', { crid: 'UP-X', entities: Array(51).fill(entity) }, /at most 50 entities/],
    ['an entity without a name', { crid: 'UP-X', entities: [{ type: 'BORROWER' }] }, /name/],
    ['an unknown field', { crid: 'UP-X', entities: [], id: 'x' }, /id/],
    [
      'an entityId in an entity',
      { crid: 'UP-1', entities: [{ ...entity, entityId: 'x' }] },
      /entityId/,
    ],
    [
      'a valid entity and an invalid one',
      {
        crid: 'UP-1',
        entities: [
          { ...entity, officialAddress: ADDRESS },
          { ...entity, ssn: '1' },
        ],
      },
      /entities\.1\.ssn/,
    ],
    [
      'a 51-key metadata map',
      {
        crid: 'UP-1',
        entities: [
          {
            ...entity,
            metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [i, 'v'])),
          },
        ],
      },
      /at most 50 keys/,
    ],
  ])('refuses %s (400), writing nothing', async (_, json, message) => {
    const before = dbState(kit.service);
    expectError(await put(json), 400, message);
    expect(dbState(kit.service)).toEqual(before);
  });

  it('refuses malformed JSON (400), a non-JSON body (415) and a "__proto__" key', async () => {
    const before = dbState(kit.service);
    const send = (body: string, type = 'application/json') =>
      kit.service.send('PUT', '/accounts/v1/accounts', {
        token: kit.acme,
        body,
        headers: { 'content-type': type },
      });
    const snapshot = JSON.stringify(SNAPSHOT);
    const path = '/accounts/v1/accounts';
    const state = () => dbState(kit.service);
    await expectJsonBodiesOnly(kit.service, 'PUT', path, kit.acme, snapshot, state, 'text/csv');
    const proto =
      '{"crid":"UP-1","entities":[{"type":"BORROWER","name":"A","metadata":{"__proto__":"1"}}]}';
    expectError(await send(proto), 400, /entities\.0\.metadata\.__proto__/);
    expect(dbState(kit.service)).toEqual(before);
  });

  it.each([
    ['no token', '', /Authorization/],
    ['a forged token', 'forged', /invalid/],
    ['a token without accounts.write', 'reviewer', /accounts\.write/],
  ])('answers %s with 401, writing nothing', async (_, which, message) => {
    const token = which === 'forged' ? kit.forged : which === 'reviewer' ? kit.reviewer : '';
    const before = dbState(kit.service);
    expectError(await put(SNAPSHOT, token), 401, message);
    expect(dbState(kit.service)).toEqual(before);
  });
});
