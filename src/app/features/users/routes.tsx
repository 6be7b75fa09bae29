import type { RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';

// The users area's routes, spread into the app's router.
export const usersRoutes: RouteObject[] = [
  {
    path: 'users',
    loader: requireArea(areaFor('/users')?.anyOf ?? []),
    lazy: () => import('../../routes/area.tsx'),
  },
  {
    path: 'profile',
    loader: requireArea(areaFor('/profile')?.anyOf ?? []),
    lazy: () => import('../../routes/area.tsx'),
  },
];
