import type { RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';

// The signatures area's routes, spread into the app's router.
export const signaturesRoutes: RouteObject[] = [
  {
    path: 'signatures',
    loader: requireArea(areaFor('/signatures')?.anyOf ?? []),
    lazy: () => import('../../routes/area.tsx'),
  },
];
