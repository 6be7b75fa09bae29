import type { RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';
import { UsersRouteError } from './users-route-error.tsx';

// The users area's routes, spread into the app's router. The error element is here, not in
// the lazy modules, so a refusal from a loader is explained even before a module has loaded.
export const usersRoutes: RouteObject[] = [
  {
    path: 'users',
    loader: requireArea(areaFor('/users').anyOf),
    lazy: () => import('./list/users-list.route.tsx'),
    errorElement: <UsersRouteError />,
  },
  {
    // The detail's loader checks the permission itself: your own id is allowed (to /profile).
    path: 'users/:userId',
    lazy: () => import('./detail/user.route.tsx'),
    errorElement: <UsersRouteError />,
  },
  {
    path: 'profile',
    loader: requireArea([]) /* one's own profile: anyone signed in */,
    lazy: () => import('./profile/profile.route.tsx'),
  },
];
