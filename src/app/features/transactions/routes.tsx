import type { RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';

// The transactions area's routes, spread into the app's router.
export const transactionsRoutes: RouteObject[] = [
  {
    path: 'signatures/transactions',
    loader: requireArea(areaFor('/signatures/transactions').anyOf),
    lazy: () => import('./transactions.route.tsx'),
  },
];
