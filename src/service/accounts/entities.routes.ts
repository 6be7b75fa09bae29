import { Hono } from 'hono';
import type { Context } from 'hono';
import {
  ACCOUNT_MAX_ENTITIES,
  EntityCreateSchema,
  EntityPatchSchema,
  type EntityListQuery,
  type EntityType,
} from '../../contract/accounts.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireListOwner, requirePermission } from '../http/auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { filterOf, ownedList } from '../http/owned-lists.ts';
import { listPage, parseListParams } from '../http/pagination.ts';
import { jsonBody, uuidParam } from '../http/validate.ts';
import { transaction } from '../store/transaction.ts';
import { findAccount, readEntity, touchAccount, type AccountRef } from './account-store.ts';
import { insertEntity, patchEntity } from './entity-write.ts';
import { ENTITY_COLUMNS, entityJson, type EntityRow } from './account-json.ts';

export const ENTITIES = ownedList(
  'account-entities',
  'entities e JOIN accounts a ON a.id = e.account_id',
  ENTITY_COLUMNS,
  { createdOn: 'created_on', name: 'name' } satisfies Record<
    NonNullable<EntityListQuery['orderBy']>,
    string
  >,
);

function accountOf(ctx: ServiceContext, owner: string, accountId: string): AccountRef {
  const account = findAccount(ctx, owner, accountId);
  if (!account) throw notFound(`account ${accountId} not found`);
  return account;
}

const entityNotFound = (c: Context, entityId: string) =>
  notFound(`entity ${entityId} not found on account ${c.req.param('accountId')}`);

/** Entities of an account: create, list, read and patch. Every one needs accounts.write. */
export function entityRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  const path = '/accounts/:accountId/entities';

  routes.post(path, async (c) => {
    const { owner } = requirePermission(c, 'accounts.write');
    const accountId = uuidParam(c, 'accountId');
    const body = await jsonBody(c, EntityCreateSchema);
    const entityId = transaction(ctx.db, () => {
      const account = accountOf(ctx, owner, accountId);
      const count = ctx.db
        .prepare('SELECT COUNT(*) AS n FROM entities WHERE account_id = ?')
        .get(account.id) as { n: number };
      if (count.n >= ACCOUNT_MAX_ENTITIES) {
        throw badRequest(`an account may have at most ${ACCOUNT_MAX_ENTITIES} entities`);
      }
      const now = ctx.clock.now().toISOString();
      touchAccount(ctx, account.id, now);
      return insertEntity(ctx, owner, account, body, now);
    });
    return c.json(readEntity(ctx, owner, accountId, entityId), 201);
  });

  routes.get(path, (c) => {
    const { owner } = requirePermission(c, 'accounts.write');
    const accountId = uuidParam(c, 'accountId');
    requireListOwner(c, c.req.query('owner'));
    const params = parseListParams(c.req.query(), owner, ENTITIES);
    accountOf(ctx, owner, accountId);
    const filter = filterOf({ accountId }, { accountId: 'e.account_id = ?' });
    const { rows, pagination } = listPage<EntityRow>(ctx, ENTITIES, params, filter);
    return c.json({ entities: rows.map(entityJson), pagination }, 200);
  });

  routes.get(`${path}/:entityId`, (c) => {
    const { owner } = requirePermission(c, 'accounts.write');
    const accountId = uuidParam(c, 'accountId');
    const entityId = uuidParam(c, 'entityId');
    const entity = readEntity(ctx, owner, accountId, entityId);
    if (!entity) throw entityNotFound(c, entityId);
    return c.json(entity, 200);
  });

  routes.patch(`${path}/:entityId`, async (c) => {
    const { owner } = requirePermission(c, 'accounts.write');
    const accountId = uuidParam(c, 'accountId');
    const entityId = uuidParam(c, 'entityId');
    const patch = await jsonBody(c, EntityPatchSchema);
    transaction(ctx.db, () => {
      const account = accountOf(ctx, owner, accountId);
      const stored = ctx.db
        .prepare('SELECT id, type, metadata FROM entities WHERE id = ? AND account_id = ?')
        .get(entityId, account.id) as
        { id: string; type: EntityType; metadata: string } | undefined;
      if (!stored) throw entityNotFound(c, entityId);
      const metadata = JSON.parse(stored.metadata) as Record<string, string>;
      patchEntity(ctx, owner, account, { id: stored.id, type: stored.type, metadata }, patch);
      touchAccount(ctx, account.id, ctx.clock.now().toISOString());
    });
    return c.json(readEntity(ctx, owner, accountId, entityId), 200);
  });

  return routes;
}
