import { describe, expect } from 'vitest';
import { demoSetup, serviceTest as it } from '../testing/fixtures.ts';
import { AccountListSchema, AccountSchema, FirmListSchema } from '../../contract/accounts.ts';
import { decryptSsn } from './ssn.ts';
import { expectError, expectListQueryRefused, expectTokenNeeded } from '../testing/service.ts';

const demo = demoSetup();

describe('GET /accounts/v1/firms', () => {
  it("lists the owner's firms by name in the spec envelope", async () => {
    const result = await demo.service.get('/accounts/v1/firms?owner=acme', demo.admin);
    expect(result.status).toBe(200);
    const { firms, pagination } = FirmListSchema.parse(result.body);
    expect(firms).toHaveLength(12);
    expect(pagination).toEqual({ totalCount: 12, nextCursor: '', previousCursor: '' });
    expect(firms.every((f) => f.owner === 'acme')).toBe(true);
    const names = firms.map((f) => f.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('orders descending on request', async () => {
    const asc = FirmListSchema.parse(
      (await demo.service.get('/accounts/v1/firms?owner=acme&orderBy=name', demo.admin)).body,
    );
    const desc = FirmListSchema.parse(
      (
        await demo.service.get(
          '/accounts/v1/firms?owner=acme&orderBy=name&orderDirection=desc',
          demo.admin,
        )
      ).body,
    );
    expect(desc.firms.map((f) => f.firmId)).toEqual(asc.firms.map((f) => f.firmId).reverse());
  });

  it('is readable by every client of the owner (reviewers filter by firm)', async () => {
    expect((await demo.service.get('/accounts/v1/firms?owner=acme', demo.reviewer)).status).toBe(
      200,
    );
  });

  it('keeps owners apart', async () => {
    const { firms } = FirmListSchema.parse(
      (await demo.service.get('/accounts/v1/firms?owner=globex', demo.globex)).body,
    );
    expect(firms).toHaveLength(4);
    expect(firms.every((f) => f.owner === 'globex')).toBe(true);
  });

  it('requires owner (400) and refuses an owner the token may not read (401)', async () => {
    expectError(await demo.service.get('/accounts/v1/firms', demo.admin), 400, /owner/);
    expectError(await demo.service.get('/accounts/v1/firms?owner=', demo.admin), 400, /owner/);
    expectError(
      await demo.service.get('/accounts/v1/firms?owner=globex', demo.admin),
      401,
      /owner globex/,
    );
  });

  it.each([
    ['orderBy=firmCode', /orderBy must be one of: name/],
    ['orderDirection=up', /orderDirection/],
    ['limit=0', /limit/],
    ['limit=501', /limit/],
  ])('refuses %s with 400', (query, message) =>
    expectListQueryRefused(demo.service, '/accounts/v1/firms', demo.admin, query, message),
  );

  it('needs a token', async () => {
    await expectTokenNeeded((token) => demo.service.get('/accounts/v1/firms?owner=acme', token));
  });
});

describe('GET /accounts/v1/accounts', () => {
  it('lists accounts by crid with entity counts', async () => {
    const result = await demo.service.get('/accounts/v1/accounts?owner=acme&limit=5', demo.admin);
    expect(result.status).toBe(200);
    const { accounts, pagination } = AccountListSchema.parse(result.body);
    expect(accounts.map((a) => a.crid)).toEqual([
      'CR-000001',
      'CR-000002',
      'CR-000003',
      'CR-000004',
      'CR-000005',
    ]);
    expect(pagination.totalCount).toBe(150);
    expect(pagination.nextCursor).not.toBe('');
    expect(pagination.previousCursor).toBe('');
    expect(accounts.every((a) => a.entityCount >= 1)).toBe(true);
  });

  it('needs the accounts permission (401 for a reviewer)', async () => {
    expectError(
      await demo.service.get('/accounts/v1/accounts?owner=acme', demo.reviewer),
      401,
      /accounts\.write/,
    );
  });

  it('requires owner and refuses another owner', async () => {
    expectError(await demo.service.get('/accounts/v1/accounts', demo.admin), 400, /owner/);
    expectError(
      await demo.service.get('/accounts/v1/accounts?owner=acme', demo.globex),
      401,
      /owner acme/,
    );
  });
});

describe('GET /accounts/v1/accounts/{id}', () => {
  async function firstAccountId(token: string, owner: string) {
    const { accounts } = AccountListSchema.parse(
      (await demo.service.get(`/accounts/v1/accounts?owner=${owner}&limit=1`, token)).body,
    );
    const id = accounts[0]?.id;
    if (!id) throw new Error('no account');
    return id;
  }

  it('returns the account with its entities, SSNs reduced to the last four digits', async () => {
    const id = await firstAccountId(demo.admin, 'acme');
    const result = await demo.service.get(`/accounts/v1/accounts/${id}`, demo.admin);
    expect(result.status).toBe(200);
    const account = AccountSchema.parse(result.body);
    expect(account.entities.length).toBe(account.entityCount);
    expect(account.entities[0]?.type).toBe('BORROWER');
    for (const entity of account.entities) {
      expect(entity.matterId).toBe(account.matterId);
      expect(entity.ssnLastFour).toMatch(/^\d{4}$/);
    }
    expect(result.text).not.toMatch(/"ssn"|ssn_encrypted|ssnEncrypted/);
    // Neither the full SSN (in any form) nor its ciphertext is in the response.
    const stored = demo.service.ctx.db
      .prepare('SELECT ssn_encrypted FROM entities WHERE account_id = ?')
      .all(id) as { ssn_encrypted: string }[];
    expect(stored.length).toBe(account.entities.length);
    for (const { ssn_encrypted } of stored) {
      const ssn = decryptSsn(demo.service.ctx.keys.ssnKey, ssn_encrypted);
      expect(ssn).toMatch(/^\d{9}$/);
      const dashed = `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`;
      for (const form of [ssn, dashed, ssn_encrypted]) expect(result.text).not.toContain(form);
    }
  });

  it("answers 404 for an unknown id and for another owner's id", async () => {
    const globexAccount = await firstAccountId(demo.globex, 'globex');
    expectError(
      await demo.service.get(
        '/accounts/v1/accounts/00000000-0000-4000-8000-000000000000',
        demo.admin,
      ),
      404,
      /not found/,
    );
    expectError(
      await demo.service.get(`/accounts/v1/accounts/${globexAccount}`, demo.admin),
      404,
      /not found/,
    );
    expect(
      (await demo.service.get(`/accounts/v1/accounts/${globexAccount}`, demo.globex)).status,
    ).toBe(200);
  });

  it('answers 400 for an id that is not a UUID', async () => {
    expectError(await demo.service.get('/accounts/v1/accounts/CR-000001', demo.admin), 400, /UUID/);
  });

  it('needs a token and the accounts permission', async () => {
    const id = await firstAccountId(demo.admin, 'acme');
    expectError(await demo.service.get(`/accounts/v1/accounts/${id}`), 401, /Authorization/);
    expectError(
      await demo.service.get(`/accounts/v1/accounts/${id}`, demo.reviewer),
      401,
      /permission/,
    );
  });
});
