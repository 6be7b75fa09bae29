import {
  AccountListSchema,
  AccountSchema,
  AccountUpsertSchema,
  CreditorListQuerySchema,
  CreditorListSchema,
  EntityCreateSchema,
  EntityListQuerySchema,
  EntityListSchema,
  EntityPatchSchema,
  EntitySchema,
  FirmListQuerySchema,
  FirmListSchema,
} from '../../../contract/accounts.ts';
import { ACCOUNTS, FIRMS } from '../../accounts/accounts.routes.ts';
import { CREDITORS } from '../../accounts/creditors.routes.ts';
import { ENTITIES } from '../../accounts/entities.routes.ts';
import { areaOperations, gap, listOf, type Access } from '../api-operation.ts';

const WRITER: Access = { kind: 'bearer', anyOf: ['accounts.write'], area: 'accounts' };
const ACCOUNT_ID = {
  accountId: { description: 'The service’s UUID for the account (from the upsert).' },
};
const ENTITY_ID = { ...ACCOUNT_ID, entityId: { description: 'The entity’s `entityId`.' } };

export const accountOperations = areaOperations('Accounts', WRITER, [
  {
    method: 'get',
    path: '/accounts/v1/firms',
    operationId: 'listFirms',
    summary: 'List firms',
    description: 'The service firms managed by the caller’s owner.',
    access: { kind: 'bearer', anyOf: [], area: 'accounts' },
    query: FirmListQuerySchema,
    list: listOf('firms', FIRMS),
    responses: [{ status: 200, description: 'A page of firms.', schema: FirmListSchema }],
  },
  {
    method: 'get',
    path: '/accounts/v1/accounts',
    operationId: 'listAccounts',
    summary: 'List accounts',
    list: listOf('accounts', ACCOUNTS),
    responses: [
      {
        status: 200,
        description: 'A page of accounts (record fields: interface-gaps #21).',
        schema: AccountListSchema,
      },
    ],
  },
  {
    method: 'put',
    path: '/accounts/v1/accounts',
    operationId: 'upsertAccount',
    summary: 'Create or update an account (upsert on crid)',
    description:
      'A full snapshot matched on `crid` within the token’s owner. Snapshot entities are ' +
      'matched to stored ones by `externalEntityId`; stored entities no snapshot entity matched ' +
      'are deleted, and `metadata` is replaced.',
    body: { json: AccountUpsertSchema },
    responses: [
      { status: 200, description: 'The account was updated.', schema: AccountSchema },
      { status: 201, description: 'The account was created.', schema: AccountSchema },
    ],
    extension: gap('Accounts (#22)', 'the spec names the upsert but not its path or body'),
  },
  {
    method: 'get',
    path: '/accounts/v1/accounts/{accountId}',
    operationId: 'getAccount',
    summary: 'Get an account with its entities',
    pathParams: ACCOUNT_ID,
    responses: [{ status: 200, description: 'The account.', schema: AccountSchema }],
    extension: gap('Accounts (#6)', 'the spec shows no single-account read'),
  },
  {
    method: 'post',
    path: '/accounts/v1/accounts/{accountId}/entities',
    operationId: 'createEntity',
    summary: 'Create an entity on an account',
    description:
      'Addresses in the body are created with the entity, and an ADDRESS_CHANGE event is ' +
      'published for the matter. `ssn` is write-only: the answer carries `ssnLastFour`.',
    pathParams: ACCOUNT_ID,
    body: { json: EntityCreateSchema },
    responses: [{ status: 201, description: 'The created entity.', schema: EntitySchema }],
    errors: {
      400: 'A bad body, metadata over its limits, or an account already holding 50 entities.',
    },
  },
  {
    method: 'get',
    path: '/accounts/v1/accounts/{accountId}/entities',
    operationId: 'listEntities',
    summary: 'List an account’s entities',
    pathParams: ACCOUNT_ID,
    query: EntityListQuerySchema,
    list: listOf('entities', ENTITIES),
    responses: [{ status: 200, description: 'A page of entities.', schema: EntityListSchema }],
    extension: gap('Accounts', 'only the entity create is given; list, read and PATCH are ours'),
  },
  {
    method: 'get',
    path: '/accounts/v1/accounts/{accountId}/entities/{entityId}',
    operationId: 'getEntity',
    summary: 'Get an entity',
    pathParams: ENTITY_ID,
    responses: [{ status: 200, description: 'The entity.', schema: EntitySchema }],
    extension: gap('Accounts', 'only the entity create is given; list, read and PATCH are ours'),
  },
  {
    method: 'patch',
    path: '/accounts/v1/accounts/{accountId}/entities/{entityId}',
    operationId: 'updateEntity',
    summary: 'Change an entity',
    description:
      'Partial update: an address is replaced whole, `metadata` merges (a key sent as `""` is ' +
      'removed). `type`, `ssn` and `null` values get 400.',
    pathParams: ENTITY_ID,
    body: { json: EntityPatchSchema },
    responses: [{ status: 200, description: 'The entity as changed.', schema: EntitySchema }],
    extension: gap('Accounts', 'only the entity create is given; list, read and PATCH are ours'),
  },
  {
    method: 'get',
    path: '/accounts/v1/creditors',
    operationId: 'listCreditors',
    summary: 'List creditors',
    query: CreditorListQuerySchema,
    list: listOf('creditors', CREDITORS),
    responses: [{ status: 200, description: 'A page of creditors.', schema: CreditorListSchema }],
    extension: gap('Accounts (#23, #7)', 'the spec shows no creditor endpoint or fields'),
  },
]);
