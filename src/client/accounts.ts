import type { z } from '../contract/zod.ts';
import {
  AccountListSchema,
  AccountSchema,
  CreditorListSchema,
  EntityListSchema,
  EntitySchema,
  FirmListSchema,
  type Account,
  type AccountList,
  type AccountUpsert,
  type CreditorList,
  type CreditorListQuerySchema,
  type Entity,
  type EntityCreate,
  type EntityList,
  type EntityListQuerySchema,
  type EntityPatch,
  type FirmList,
  type FirmListQuerySchema,
} from '../contract/accounts.ts';
import type { ListParams } from './paginate.ts';
import { readById } from './read-by-id.ts';
import { defaultClient, seg, type CallOptions, type Client } from './request.ts';

export type EntityListParams = z.input<typeof EntityListQuerySchema>;
export type FirmListParams = z.input<typeof FirmListQuerySchema>;
export type CreditorListParams = z.input<typeof CreditorListQuerySchema>;

const BASE = '/api/accounts/v1';
const entities = (accountId: string) => `${BASE}/accounts/${seg(accountId)}/entities`;

export function accountsApi({ request }: Client) {
  return {
    listAccounts: (params: ListParams, opts: CallOptions = {}): Promise<AccountList> =>
      request('GET', `${BASE}/accounts`, { query: params, schema: AccountListSchema, ...opts }),

    /** The account with its entities. */
    getAccount: readById(request, `${BASE}/accounts`, AccountSchema),

    /** A full snapshot matched on `crid`: creates (201) or replaces (200) the account. */
    upsertAccount: (snapshot: AccountUpsert): Promise<Account> =>
      request('PUT', `${BASE}/accounts`, { body: snapshot, schema: AccountSchema }),

    listEntities: (
      accountId: string,
      params: EntityListParams,
      opts: CallOptions = {},
    ): Promise<EntityList> =>
      request('GET', entities(accountId), { query: params, schema: EntityListSchema, ...opts }),

    getEntity: (accountId: string, entityId: string, opts: CallOptions = {}): Promise<Entity> =>
      request('GET', `${entities(accountId)}/${seg(entityId)}`, { schema: EntitySchema, ...opts }),

    createEntity: (accountId: string, body: EntityCreate): Promise<Entity> =>
      request('POST', entities(accountId), { body, schema: EntitySchema }),

    /** Merges `metadata` (a key sent as '' is removed); `type` and `ssn` are fixed. */
    patchEntity: (accountId: string, entityId: string, patch: EntityPatch): Promise<Entity> =>
      request('PATCH', `${entities(accountId)}/${seg(entityId)}`, {
        body: patch,
        schema: EntitySchema,
      }),

    listFirms: (params: FirmListParams, opts: CallOptions = {}): Promise<FirmList> =>
      request('GET', `${BASE}/firms`, { query: params, schema: FirmListSchema, ...opts }),

    listCreditors: (params: CreditorListParams, opts: CallOptions = {}): Promise<CreditorList> =>
      request('GET', `${BASE}/creditors`, { query: params, schema: CreditorListSchema, ...opts }),
  };
}

export type AccountsApi = ReturnType<typeof accountsApi>;

export const {
  listAccounts,
  getAccount,
  upsertAccount,
  listEntities,
  getEntity,
  createEntity,
  patchEntity,
  listFirms,
  listCreditors,
} = accountsApi(defaultClient);
