import type { RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';

const guard = requireArea(areaFor('/accounts').anyOf);
const guarded = (path: string, lazy: RouteObject['lazy']): RouteObject => ({
  path,
  loader: guard,
  lazy,
});

// The accounts area's routes, spread into the app's router. Screens load their own data, so
// each can show its loading, empty and error states in place.
export const accountsRoutes: RouteObject[] = [
  guarded('accounts', () => import('./list/accounts-list.route.tsx')),
  guarded('accounts/:accountId', () => import('./account/account.route.tsx')),
  guarded('accounts/:accountId/entities/new', () => import('./form/new-entity.route.tsx')),
  guarded('accounts/:accountId/entities/:entityId', () => import('./entity/entity.route.tsx')),
];
