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
import {
  answer,
  areaOperations,
  gap,
  get,
  listOf,
  patch,
  post,
  put,
  type Access,
} from '../api-operation.ts';

const WRITER: Access = { kind: 'bearer', anyOf: ['accounts.write'], area: 'accounts' };
const ACCOUNT_ID = {
  accountId: { description: 'The service’s UUID for the account (from the upsert).' },
};
const ENTITY_ID = { ...ACCOUNT_ID, entityId: { description: 'The entity’s `entityId`.' } };

export const accountOperations = areaOperations('Accounts', WRITER, [
  {
    ...get('/accounts/v1/firms', 'listFirms', 'List firms'),
    description: 'The service firms managed by the caller’s owner.',
    access: { kind: 'bearer', anyOf: [], area: 'accounts' },
    query: FirmListQuerySchema,
    list: listOf('firms', FIRMS),
    responses: [answer(200, 'A page of firms.', FirmListSchema)],
  },
  {
    ...get('/accounts/v1/accounts', 'listAccounts', 'List accounts'),
    list: listOf('accounts', ACCOUNTS),
    responses: [
      answer(200, 'A page of accounts (record fields: interface-gaps #21).', AccountListSchema),
    ],
  },
  {
    ...put(
      '/accounts/v1/accounts',
      'upsertAccount',
      'Create or update an account (upsert on crid)',
    ),
    description:
      'A full snapshot matched on `crid` within the token’s owner. Snapshot entities are ' +
      'matched to stored ones by `externalEntityId`; stored entities no snapshot entity matched ' +
      'are deleted, and `metadata` is replaced.',
    body: { json: AccountUpsertSchema },
    responses: [
      answer(200, 'The account was updated.', AccountSchema),
      answer(201, 'The account was created.', AccountSchema),
    ],
    extension: gap('Accounts (#22)', 'the spec names the upsert but not its path or body'),
  },
  {
    ...get('/accounts/v1/accounts/{accountId}', 'getAccount', 'Get an account with its entities'),
    pathParams: ACCOUNT_ID,
    responses: [answer(200, 'The account.', AccountSchema)],
    extension: gap('Accounts (#6)', 'the spec shows no single-account read'),
  },
  {
    ...post(
      '/accounts/v1/accounts/{accountId}/entities',
      'createEntity',
      'Create an entity on an account',
    ),
    description:
      'Addresses in the body are created with the entity, and an ADDRESS_CHANGE event is ' +
      'published for the matter. `ssn` is write-only: the answer carries `ssnLastFour`.',
    pathParams: ACCOUNT_ID,
    body: { json: EntityCreateSchema },
    responses: [answer(201, 'The created entity.', EntitySchema)],
    errors: {
      400: 'A bad body, metadata over its limits, or an account already holding 50 entities.',
    },
  },
  {
    ...get(
      '/accounts/v1/accounts/{accountId}/entities',
      'listEntities',
      'List an account’s entities',
    ),
    pathParams: ACCOUNT_ID,
    query: EntityListQuerySchema,
    list: listOf('entities', ENTITIES),
    responses: [answer(200, 'A page of entities.', EntityListSchema)],
    extension: gap('Accounts', 'only the entity create is given; list, read and PATCH are ours'),
  },
  {
    ...get('/accounts/v1/accounts/{accountId}/entities/{entityId}', 'getEntity', 'Get an entity'),
    pathParams: ENTITY_ID,
    responses: [answer(200, 'The entity.', EntitySchema)],
    extension: gap('Accounts', 'only the entity create is given; list, read and PATCH are ours'),
  },
  {
    ...patch(
      '/accounts/v1/accounts/{accountId}/entities/{entityId}',
      'updateEntity',
      'Change an entity',
    ),
    description:
      'Partial update: an address is replaced whole, `metadata` merges (a key sent as `""` is ' +
      'removed). `type`, `ssn` and `null` values get 400.',
    pathParams: ENTITY_ID,
    body: { json: EntityPatchSchema },
    responses: [answer(200, 'The entity as changed.', EntitySchema)],
    extension: gap('Accounts', 'only the entity create is given; list, read and PATCH are ours'),
  },
  {
    ...get('/accounts/v1/creditors', 'listCreditors', 'List creditors'),
    query: CreditorListQuerySchema,
    list: listOf('creditors', CREDITORS),
    responses: [answer(200, 'A page of creditors.', CreditorListSchema)],
    extension: gap('Accounts (#23, #7)', 'the spec shows no creditor endpoint or fields'),
  },
]);
