import type { RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { onLiveEvent } from '../../shell/live-events.ts';
import { areaFor } from '../../shell/nav.ts';
import { addLiveEvent } from './received-events.ts';

// Every delivery the shell receives goes into the cached recent list from the start, so the
// events screen shows it whenever it opens, with no second stream.
onLiveEvent(addLiveEvent);

// The events area's routes, spread into the app's router.
export const eventsRoutes: RouteObject[] = [
  {
    path: 'events',
    loader: requireArea(areaFor('/events').anyOf),
    lazy: () => import('./events.route.tsx'),
  },
];
