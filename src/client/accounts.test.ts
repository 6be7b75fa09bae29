import { describe, expect } from 'vitest';
import { accountsApi } from './accounts.ts';
import { ApiError } from './api-error.ts';
import { adminApi, clientTest as it } from './testing/fixtures.ts';

const api = adminApi(accountsApi);

describe('accounts', () => {
  it('lists accounts and gets one with its entities', async () => {
    const { accounts, pagination } = await api.listAccounts({
      owner: 'acme',
      limit: 3,
      orderBy: 'createdOn',
    });
    expect(accounts).toHaveLength(3);
    expect(pagination.nextCursor).not.toBe('');
    const first = accounts[0];
    if (!first) throw new Error('no account');
    const account = await api.getAccount(first.id);
    expect(account).toMatchObject({ id: first.id, crid: first.crid });
    expect(account.entities).toHaveLength(first.entityCount);
  });

  it('upserts by crid: creates, then replaces', async ({ admin }) => {
    const created = await api.upsertAccount({
      crid: 'CLIENT-TEST-1',
      entities: [{ type: 'BORROWER', name: 'Pat Q Public', externalEntityId: 'ext-1' }],
    });
    expect(created.crid).toBe('CLIENT-TEST-1');
    expect(created.entities.map((e) => e.name)).toEqual(['Pat Q Public']);
    const replaced = await api.upsertAccount({
      crid: 'CLIENT-TEST-1',
      entities: [{ type: 'BORROWER', name: 'Pat Public', externalEntityId: 'ext-1' }],
    });
    expect(replaced.id).toBe(created.id);
    expect(replaced.entities[0]?.entityId).toBe(created.entities[0]?.entityId);
    expect(admin.calls.at(-1)).toMatchObject({ method: 'PUT', path: '/api/accounts/v1/accounts' });
    expect(admin.calls.at(-1)?.headers.get('x-attest')).toBe('1');
  });

  it('creates, lists, gets and patches entities; the SSN never comes back', async () => {
    const { accounts } = await api.listAccounts({ owner: 'acme', limit: 1 });
    const accountId = accounts[0]?.id ?? '';
    const entity = await api.createEntity(accountId, {
      type: 'AUTHORIZED_USER',
      name: 'Sam Helper',
      ssn: '123-45-6789',
      metadata: { source: 'client-test' },
    });
    expect(entity).toMatchObject({ name: 'Sam Helper', ssnLastFour: '6789' });
    expect(entity).not.toHaveProperty('ssn');

    const listed = await api.listEntities(accountId, { owner: 'acme', orderBy: 'name' });
    expect(listed.entities.map((e) => e.entityId)).toContain(entity.entityId);
    expect(await api.getEntity(accountId, entity.entityId)).toEqual(entity);

    const patched = await api.patchEntity(accountId, entity.entityId, {
      phone: '555-0100',
      metadata: { source: '', tier: 'gold' },
    });
    expect(patched).toMatchObject({ phone: '555-0100', metadata: { tier: 'gold' } });
    expect(patched.metadata).not.toHaveProperty('source');

    const refused = await api
      .patchEntity(accountId, entity.entityId, { email: 'not an email' })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, message: expect.stringMatching(/email/) });
  });

  it('lists firms and creditors', async () => {
    const desc = await api.listFirms({ owner: 'acme', orderBy: 'name', orderDirection: 'desc' });
    const asc = await api.listFirms({ owner: 'acme', orderBy: 'name', orderDirection: 'asc' });
    expect(desc.firms.length).toBeGreaterThan(1);
    expect(desc.firms).toEqual([...asc.firms].reverse());
    const { creditors, pagination } = await api.listCreditors({ owner: 'acme', limit: 2 });
    expect(creditors.length).toBeGreaterThan(0);
    expect(pagination.totalCount).toBeGreaterThanOrEqual(creditors.length);
  });

  it('another owner is a 401 ApiError with the service message', async () => {
    const error = await api.listFirms({ owner: 'globex' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'http', status: 401, path: '/api/accounts/v1/firms' });
  });
});
