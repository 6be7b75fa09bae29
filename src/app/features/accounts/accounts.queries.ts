import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getAccount, getEntity, listAccounts } from '../../../client/accounts.ts';
import { ownerOf } from '../../session.queries.ts';
import type { AccountListView } from './list/list-view.ts';

// Reads only. Nothing here ever holds an entity's SSN: the create call is made outside
// react-query (see form/save-entity.ts), and every entity read is parsed by a schema that
// has only `ssnLastFour`.

export const accountQueries = {
  all: () => ['accounts'] as const,
  lists: () => [...accountQueries.all(), 'list'] as const,
  list: (view: AccountListView) =>
    queryOptions({
      queryKey: [...accountQueries.lists(), view] as const,
      queryFn: async ({ signal, client }) =>
        listAccounts(
          {
            owner: await ownerOf(client),
            limit: view.size,
            orderBy: view.order,
            orderDirection: view.dir,
            cursor: view.cursor,
          },
          { signal },
        ),
      // Paging keeps the last page on screen until the next one arrives.
      placeholderData: keepPreviousData,
    }),
  details: () => [...accountQueries.all(), 'detail'] as const,
  detail: (accountId: string) =>
    queryOptions({
      queryKey: [...accountQueries.details(), accountId] as const,
      queryFn: ({ signal }) => getAccount(accountId, { signal }),
    }),
  entities: () => [...accountQueries.all(), 'entity'] as const,
  entity: (accountId: string, entityId: string) =>
    queryOptions({
      queryKey: [...accountQueries.entities(), accountId, entityId] as const,
      queryFn: ({ signal }) => getEntity(accountId, entityId, { signal }),
    }),
};
