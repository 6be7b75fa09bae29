import { Hono } from 'hono';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireListOwner, requirePermission } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { listPage, parseListParams, type ListDefinition } from '../http/pagination.ts';
import { uuidParam } from '../http/validate.ts';
import {
  ACCOUNT_COLUMNS,
  accountJson,
  ENTITY_COLUMNS,
  entityJson,
  firmJson,
  type AccountRow,
  type EntityRow,
  type FirmRow,
} from './rows.ts';

export const FIRMS: ListDefinition = {
  name: 'firms',
  from: 'firms f',
  select: 'f.id, f.owner, f.firm_code, f.name, f.metadata',
  ownerExpr: 'f.owner',
  idExpr: 'f.id',
  orderBy: { name: { expr: 'f.name', field: 'name' } },
  defaultOrderBy: 'name',
};

export const ACCOUNTS: ListDefinition = {
  name: 'accounts',
  from: 'accounts a',
  select: ACCOUNT_COLUMNS,
  ownerExpr: 'a.owner',
  idExpr: 'a.id',
  orderBy: {
    crid: { expr: 'a.crid', field: 'crid' },
    createdOn: { expr: 'a.created_on', field: 'created_on' },
  },
  defaultOrderBy: 'crid',
};

export function accountRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();

  // Firms are reference data every client of the owner may read (reviewers filter by firm).
  routes.get('/firms', (c) => {
    const owner = requireListOwner(c, c.req.query('owner'));
    const params = parseListParams(c.req.query(), owner, FIRMS);
    const { rows, pagination } = listPage<FirmRow>(ctx, FIRMS, params);
    return c.json({ firms: rows.map(firmJson), pagination }, 200);
  });

  routes.get('/accounts', (c) => {
    requirePermission(c, 'accounts.write');
    const owner = requireListOwner(c, c.req.query('owner'));
    const params = parseListParams(c.req.query(), owner, ACCOUNTS);
    const { rows, pagination } = listPage<AccountRow>(ctx, ACCOUNTS, params);
    return c.json({ accounts: rows.map(accountJson), pagination }, 200);
  });

  routes.get('/accounts/:accountId', (c) => {
    const { owner } = requirePermission(c, 'accounts.write');
    const id = uuidParam(c, 'accountId');
    const row = ctx.db
      .prepare(`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.id = ? AND a.owner = ?`)
      .get(id, owner) as AccountRow | undefined;
    if (!row) throw notFound(`account ${id} not found`);
    const entities = ctx.db
      .prepare(
        `SELECT ${ENTITY_COLUMNS} FROM entities e JOIN accounts a ON a.id = e.account_id` +
          ' WHERE e.account_id = ? AND e.owner = ? ORDER BY e.created_on, e.id',
      )
      .all(id, owner) as unknown as EntityRow[];
    return c.json({ ...accountJson(row), entities: entities.map(entityJson) }, 200);
  });

  return routes;
}
