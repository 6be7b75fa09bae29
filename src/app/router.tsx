import { createBrowserRouter, redirect } from 'react-router';
import { RouteError } from './routes/route-error.tsx';
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

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/sign-in',
      lazy: () => import('./routes/sign-in.tsx'),
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
  ]);
}
