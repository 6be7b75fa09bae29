import type { QueryClient } from '@tanstack/react-query';
import { createEntity } from '../../../../client/accounts.ts';
import type { Entity, EntityCreate } from '../../../../contract/accounts.ts';
import { accountQueries } from '../accounts.queries.ts';

/**
 * Creates the entity by calling the client directly, not through `useMutation`: a mutation
 * keeps its variables (here the body with the full SSN) in the mutation cache. What is cached
 * is the answer, which the contract's schema has already stripped of anything but
 * `ssnLastFour`.
 */
export async function saveEntity(
  client: QueryClient,
  accountId: string,
  body: EntityCreate,
  create: typeof createEntity = createEntity,
): Promise<Entity> {
  const entity = await create(accountId, body);
  client.setQueryData(accountQueries.entity(accountId, entity.entityId).queryKey, entity);
  await Promise.all([
    client.invalidateQueries({ queryKey: accountQueries.detail(accountId).queryKey }),
    client.invalidateQueries({ queryKey: accountQueries.lists() }),
  ]);
  return entity;
}
