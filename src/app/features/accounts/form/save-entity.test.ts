import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { EntitySchema, type EntityCreate } from '../../../../contract/accounts.ts';
import { accountQueries } from '../accounts.queries.ts';
import { saveEntity } from './save-entity.ts';

const ACCOUNT = '7c1e0a52-3a40-4c41-9a57-0d6f4e0e2f11';
const ENTITY = '1f0b4c3e-5d7a-4e8b-9c2d-3e4f5a6b7c8d';
const SSN = '407-55-3182';

describe('saving a new entity', () => {
  it('caches the entity with the last four digits only, and never the SSN', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(accountQueries.detail(ACCOUNT).queryKey, {
      id: ACCOUNT,
      owner: 'acme',
      crid: 'CR-1',
      matterId: ACCOUNT,
      createdOn: '2026-05-01T12:00:00Z',
      updatedOn: '2026-05-01T12:00:00Z',
      entityCount: 0,
      entities: [],
    });
    const body: EntityCreate = { type: 'BORROWER', name: 'JANE Q PUBLIC', ssn: SSN };
    // An upstream that wrongly echoes the SSN: the contract's schema must drop it.
    const create = async (_accountId: string, sent: EntityCreate) =>
      EntitySchema.parse({
        ...sent,
        entityId: ENTITY,
        matterId: ACCOUNT,
        ssnLastFour: '3182',
        metadata: {},
        createdOn: '2026-05-01T12:00:00Z',
      });

    const entity = await saveEntity(client, ACCOUNT, body, create);

    expect(entity).not.toHaveProperty('ssn');
    expect(client.getQueryData(accountQueries.entity(ACCOUNT, ENTITY).queryKey)).toMatchObject({
      ssnLastFour: '3182',
    });
    expect(client.getQueryState(accountQueries.detail(ACCOUNT).queryKey)?.isInvalidated).toBe(true);
    const everything = JSON.stringify([
      client
        .getQueryCache()
        .getAll()
        .map((query) => [query.queryKey, query.state]),
      client
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state),
    ]);
    expect(everything).not.toContain('407553182');
    expect(everything).not.toContain(SSN);
  });
});
