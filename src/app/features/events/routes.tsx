import type { RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';

// The events area's routes, spread into the app's router.
export const eventsRoutes: RouteObject[] = [
  {
    path: 'events',
    loader: requireArea(areaFor('/events').anyOf),
    lazy: () => import('./events.route.tsx'),
  },
];
