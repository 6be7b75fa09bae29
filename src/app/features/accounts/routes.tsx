import type { RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';

// The accounts area's routes, spread into the app's router.
export const accountsRoutes: RouteObject[] = [
  {
    path: 'accounts',
    loader: requireArea(areaFor('/accounts')?.anyOf ?? []),
    lazy: () => import('../../routes/area.tsx'),
  },
];
