import { describe, expect } from 'vitest';
import {
  AccountSchema,
  EntityListSchema as EntityPage,
  EntitySchema,
  type Account,
} from '../../contract/accounts.ts';
import { expectError } from '../testing/service.ts';
import { accountAt, accountsTest as it, UNKNOWN_ID, accountsSetup } from '../testing/accounts.ts';

const kit = accountsSetup();
let account: Account;
let other: Account;
let globexAccount: Account;

it.beforeAll(async () => {
  // An account of five entities, created in snapshot order, for paging.
  const put = await kit.service.send('PUT', '/accounts/v1/accounts', {
    token: kit.acme,
    json: {
      crid: 'READ-1',
      entities: ['EVE E', 'ANN A', 'DAN D', 'BOB B', 'CAT C'].map((name) => ({
        type: 'BORROWER',
        name,
      })),
    },
  });
  account = AccountSchema.parse(put.body);
  other = await accountAt(kit.service, kit.acme, 'acme', 0);
  globexAccount = await accountAt(kit.service, kit.globex, 'globex', 0);
});

const list = (accountId: string, query: string, token = kit.acme) =>
  kit.service.get(`/accounts/v1/accounts/${accountId}/entities?${query}`, token);

describe('GET /accounts/v1/accounts/{accountId}/entities', () => {
  it("lists the account's entities in the spec envelope", async () => {
    const result = await list(other.id, 'owner=acme');
    expect(result.status).toBe(200);
    const page = EntityPage.parse(result.body);
    expect(page.entities).toEqual(other.entities);
    expect(page.pagination).toEqual({
      totalCount: other.entityCount,
      nextCursor: '',
      previousCursor: '',
    });
  });

  it('pages by name both ways, and every record comes once', async () => {
    const base = 'owner=acme&orderBy=name&limit=2';
    const first = EntityPage.parse((await list(account.id, base)).body);
    expect(first.entities.map((e) => e.name)).toEqual(['ANN A', 'BOB B']);
    expect(first.pagination.totalCount).toBe(5);
    const second = EntityPage.parse(
      (await list(account.id, `${base}&cursor=${first.pagination.nextCursor}`)).body,
    );
    const third = EntityPage.parse(
      (await list(account.id, `${base}&cursor=${second.pagination.nextCursor}`)).body,
    );
    expect([...second.entities, ...third.entities].map((e) => e.name)).toEqual([
      'CAT C',
      'DAN D',
      'EVE E',
    ]);
    expect(third.pagination.nextCursor).toBe('');
    const back = EntityPage.parse(
      (await list(account.id, `${base}&cursor=${second.pagination.previousCursor}`)).body,
    );
    expect(back.entities).toEqual(first.entities);
    const desc = EntityPage.parse((await list(account.id, `${base}&orderDirection=desc`)).body);
    expect(desc.entities.map((e) => e.name)).toEqual(['EVE E', 'DAN D']);
  });

  it("refuses one account's cursor on another account's list", async () => {
    const first = EntityPage.parse((await list(account.id, 'owner=acme&limit=1')).body);
    expectError(
      await list(other.id, `owner=acme&limit=1&cursor=${first.pagination.nextCursor}`),
      400,
      /invalid cursor/,
    );
  });

  it.each([
    ['no owner', () => list(account.id, ''), 400, /owner/],
    ['an owner the token may not read', () => list(account.id, 'owner=globex'), 401, /globex/],
    ['a bad orderBy', () => list(account.id, 'owner=acme&orderBy=ssn'), 400, /orderBy/],
    ['limit=501', () => list(account.id, 'owner=acme&limit=501'), 400, /limit/],
    ['an unknown account', () => list(UNKNOWN_ID, 'owner=acme'), 404, /not found/],
    ["another owner's account", () => list(globexAccount.id, 'owner=acme'), 404, /not found/],
    [
      "another owner's account (globex token)",
      () => list(account.id, 'owner=globex', kit.globex),
      404,
      /not found/,
    ],
    ['a malformed account id', () => list('x', 'owner=acme'), 400, /UUID/],
    ['no token', () => list(account.id, 'owner=acme', ''), 401, /Authorization/],
    ['a forged token', () => list(account.id, 'owner=acme', kit.forged), 401, /invalid/],
    ['no accounts.write', () => list(account.id, 'owner=acme', kit.reviewer), 401, /accounts/],
  ])('answers %s with its error', async (_, call, status, message) => {
    expectError(await call(), status, message);
  });
});

const one = (accountId: string, entityId: string, token = kit.acme) =>
  kit.service.get(`/accounts/v1/accounts/${accountId}/entities/${entityId}`, token);

describe('GET /accounts/v1/accounts/{accountId}/entities/{entityId}', () => {
  it('returns the entity', async () => {
    const entity = other.entities[0];
    if (!entity) throw new Error('seeded account without entities');
    const result = await one(other.id, entity.entityId);
    expect(result.status).toBe(200);
    expect(EntitySchema.parse(result.body)).toEqual(entity);
    expect(result.text).not.toMatch(/"ssn"/);
  });

  it.each([
    ['an unknown entity', () => one(account.id, UNKNOWN_ID), 404, /not found/],
    [
      "an entity of another of the owner's accounts",
      () => one(account.id, other.entities[0]?.entityId ?? ''),
      404,
      /not found/,
    ],
    [
      "another owner's entity",
      () => one(globexAccount.id, globexAccount.entities[0]?.entityId ?? ''),
      404,
      /not found/,
    ],
    [
      "another owner's entity (globex token)",
      () => one(other.id, other.entities[0]?.entityId ?? '', kit.globex),
      404,
      /not found/,
    ],
    ['a malformed entity id', () => one(account.id, 'E-1'), 400, /entityId must be a UUID/],
    ['a malformed account id', () => one('A-1', UNKNOWN_ID), 400, /accountId must be a UUID/],
    ['no token', () => one(other.id, other.entities[0]?.entityId ?? '', ''), 401, /Authoriz/],
    [
      'a forged token',
      () => one(other.id, other.entities[0]?.entityId ?? '', kit.forged),
      401,
      /invalid/,
    ],
    [
      'no accounts.write',
      () => one(other.id, other.entities[0]?.entityId ?? '', kit.reviewer),
      401,
      /accounts\.write/,
    ],
  ])('answers %s with its error', async (_, call, status, message) => {
    expectError(await call(), status, message);
  });
});
