import type { RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';

const guard = requireArea(areaFor('/accounts').anyOf);

// The accounts area's routes, spread into the app's router. Screens load their own data, so
// each can show its loading, empty and error states in place.
export const accountsRoutes: RouteObject[] = [
  {
    path: 'accounts',
    loader: guard,
    lazy: () => import('./list/accounts-list.route.tsx'),
  },
  {
    path: 'accounts/:accountId',
    loader: guard,
    lazy: () => import('./account/account.route.tsx'),
  },
  {
    path: 'accounts/:accountId/entities/new',
    loader: guard,
    lazy: () => import('./form/new-entity.route.tsx'),
  },
  {
    path: 'accounts/:accountId/entities/:entityId',
    loader: guard,
    lazy: () => import('./entity/entity.route.tsx'),
  },
];
