import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { requireArea } from '../../route-guards.ts';
import { areaFor } from '../../shell/nav.ts';

const ANY_OF = areaFor('/signatures').anyOf;

// The signatures area's routes, spread into the app's router. `signatures/transactions` is
// another area's static path, which outranks `:requestId`.
export const signaturesRoutes: RouteObject[] = [
  {
    path: 'signatures',
    lazy: async () => {
      const route = await import('./list/list.route.tsx');
      return {
        Component: route.Component,
        loader: async () => {
          await requireArea(ANY_OF)();
          return route.loader();
        },
      };
    },
  },
  {
    path: 'signatures/:requestId',
    lazy: async () => {
      const route = await import('./detail/detail.route.tsx');
      return {
        Component: route.Component,
        loader: async (args: LoaderFunctionArgs) => {
          await requireArea(ANY_OF)();
          return route.loader(args);
        },
      };
    },
  },
];
