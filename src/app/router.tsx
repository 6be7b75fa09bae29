import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router';
import { RouteError } from './routes/route-error.tsx';
import type { SignInHandle } from './routes/sign-in.tsx';
import { requireSession } from './route-guards.ts';
import { mayOpen } from './session.queries.ts';
import { Layout } from './shell/layout.tsx';
import { Loading } from './ui/states.tsx';
import { AREAS } from './shell/nav.ts';
import { accountsRoutes } from './features/accounts/routes.tsx';
import { eventsRoutes } from './features/events/routes.tsx';
import { findingsRoutes } from './features/findings/routes.tsx';
import { firmsRoutes } from './features/firms/routes.tsx';
import { qcRoutes } from './features/qc/routes.tsx';
import { signaturesRoutes } from './features/signatures/routes.tsx';
import { transactionsRoutes } from './features/transactions/routes.tsx';
import { usersRoutes } from './features/users/routes.tsx';

/** `/` goes to the first area the session may use. */
async function home() {
  const session = await requireSession();
  const first = AREAS.find((area) => mayOpen(session, area));
  return redirect(first?.to ?? '/events');
}

/**
 * Fetches the code of the screen at `path` (its routes' lazy parts), running none of it: the
 * sign-in screen asks for it while the person types, so that on a slow link the screen after
 * sign-in waits for its data alone. `/` goes to the first area the person may open, unknown
 * before they sign in: the first of all areas, the QC queue, is where most sign-ins go.
 */
function preloadScreen(routes: RouteObject[], path: string) {
  const { pathname } = new URL(path, window.location.href);
  const where = pathname === '/' ? (AREAS[0]?.to ?? pathname) : pathname;
  for (const { route } of matchRoutes(routes, where) ?? []) {
    const parts = typeof route.lazy === 'function' ? [route.lazy] : Object.values(route.lazy ?? {});
    for (const part of parts as (() => unknown)[]) {
      void Promise.resolve()
        .then(part)
        .catch(() => undefined);
    }
  }
}

export function createRouter() {
  const routes: RouteObject[] = [
    {
      path: '/sign-in',
      lazy: () => import('./routes/sign-in.tsx'),
      handle: { preloadNext: (path) => preloadScreen(routes, path) } satisfies SignInHandle,
      hydrateFallbackElement: <Loading />,
      errorElement: <RouteError />,
    },
    {
      path: '/',
      loader: requireSession,
      element: <Layout />,
      hydrateFallbackElement: <Loading label="Opening Attest…" />,
      errorElement: <RouteError />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, loader: home },
            ...qcRoutes,
            ...signaturesRoutes,
            ...transactionsRoutes,
            ...findingsRoutes,
            ...usersRoutes,
            ...accountsRoutes,
            ...firmsRoutes,
            ...eventsRoutes,
            { path: '*', lazy: () => import('./routes/not-found.tsx') },
          ],
        },
      ],
    },
  ];
  return createBrowserRouter(routes);
}
