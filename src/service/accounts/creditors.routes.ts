import { Hono } from 'hono';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireListOwner, requirePermission } from '../http/auth.ts';
import type { CreditorListQuery } from '../../contract/accounts.ts';
import {
  listPage,
  parseListParams,
  type ListDefinition,
  type SortKey,
} from '../http/pagination.ts';
import { creditorJson, type CreditorRow } from './account-json.ts';

export const CREDITORS: ListDefinition = {
  name: 'creditors',
  from: 'creditors c',
  select: 'c.id, c.owner, c.creditor_code, c.name, c.created_on',
  ownerExpr: 'c.owner',
  idExpr: 'c.id',
  orderBy: { name: { expr: 'c.name', field: 'name' } } satisfies Record<
    NonNullable<CreditorListQuery['orderBy']>,
    SortKey
  >,
  defaultOrderBy: 'name',
};

export function creditorRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  routes.get('/creditors', (c) => {
    requirePermission(c, 'accounts.write');
    const owner = requireListOwner(c, c.req.query('owner'));
    const params = parseListParams(c.req.query(), owner, CREDITORS);
    const { rows, pagination } = listPage<CreditorRow>(ctx, CREDITORS, params);
    return c.json({ creditors: rows.map(creditorJson), pagination }, 200);
  });
  return routes;
}
