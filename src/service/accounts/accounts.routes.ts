import { Hono } from 'hono';
import { AccountUpsertSchema } from '../../contract/accounts.ts';
import type { ServiceContext, ServiceEnv } from '../context.ts';
import { requireListOwner, requirePermission } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { ownedList, requestedPage } from '../http/owned-lists.ts';
import { jsonBody, uuidParam } from '../http/validate.ts';
import { readAccount } from './account-store.ts';
import { creditorRoutes } from './creditors.routes.ts';
import { entityRoutes } from './entities.routes.ts';
import {
  ACCOUNT_COLUMNS,
  accountJson,
  firmJson,
  type AccountRow,
  type FirmRow,
} from './account-json.ts';
import { upsertAccount } from './upsert.ts';

export const FIRMS = ownedList(
  'firms',
  'firms f',
  'f.id, f.owner, f.firm_code, f.name, f.metadata',
  { name: 'name' },
);

export const ACCOUNTS = ownedList('accounts', 'accounts a', ACCOUNT_COLUMNS, {
  crid: 'crid',
  createdOn: 'created_on',
});

export function accountRoutes(ctx: ServiceContext) {
  const routes = new Hono<ServiceEnv>();

  // Firms are reference data every client of the owner may read (reviewers filter by firm).
  routes.get('/firms', (c) => {
    const owner = requireListOwner(c, c.req.query('owner'));
    const { rows, pagination } = requestedPage<FirmRow>(ctx, c, owner, FIRMS);
    return c.json({ firms: rows.map(firmJson), pagination }, 200);
  });

  routes.get('/accounts', (c) => {
    requirePermission(c, 'accounts.write');
    const owner = requireListOwner(c, c.req.query('owner'));
    const { rows, pagination } = requestedPage<AccountRow>(ctx, c, owner, ACCOUNTS);
    return c.json({ accounts: rows.map(accountJson), pagination }, 200);
  });

  routes.get('/accounts/:accountId', (c) => {
    const { owner } = requirePermission(c, 'accounts.write');
    const id = uuidParam(c, 'accountId');
    const account = readAccount(ctx, owner, id);
    if (!account) throw notFound(`account ${id} not found`);
    return c.json(account, 200);
  });

  routes.put('/accounts', async (c) => {
    const { owner } = requirePermission(c, 'accounts.write');
    const snapshot = await jsonBody(c, AccountUpsertSchema);
    const { created, account } = upsertAccount(ctx, owner, snapshot);
    return c.json(account, created ? 201 : 200);
  });

  routes.route('/', entityRoutes(ctx));
  routes.route('/', creditorRoutes(ctx));
  return routes;
}
