import type { RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';

// The firms area's routes, spread into the app's router.
export const firmsRoutes: RouteObject[] = [
  {
    path: 'firms',
    loader: requireArea(areaFor('/firms').anyOf),
    lazy: () => import('./firms.route.tsx'),
  },
];
