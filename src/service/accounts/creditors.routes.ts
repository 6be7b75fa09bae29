import { Hono } from 'hono';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireListOwner, requirePermission } from '../http/auth.ts';
import type { CreditorListQuery } from '../../contract/accounts.ts';
import { ownedList, requestedPage } from '../http/owned-lists.ts';
import { creditorJson, type CreditorRow } from './account-json.ts';

export const CREDITORS = ownedList(
  'creditors',
  'creditors c',
  'c.id, c.owner, c.creditor_code, c.name, c.created_on',
  { name: 'name' } satisfies Record<NonNullable<CreditorListQuery['orderBy']>, string>,
);

export function creditorRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();
  routes.get('/creditors', (c) => {
    requirePermission(c, 'accounts.write');
    const owner = requireListOwner(c, c.req.query('owner'));
    const { rows, pagination } = requestedPage<CreditorRow>(ctx, c, owner, CREDITORS);
    return c.json({ creditors: rows.map(creditorJson), pagination }, 200);
  });
  return routes;
}
