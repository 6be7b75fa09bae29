import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router';
import { pdfWorkerPort } from './features/pdf/pdf-worker-port.ts';
import { RouteError } from './routes/route-error.tsx';
import { requireArea, requireSession } from './route-guards.ts';
import { hasAny } from './session.queries.ts';
import { Layout } from './shell/layout.tsx';
import { Loading } from './ui/states.tsx';
import { areaFor, AREAS } from './shell/nav.ts';
import { accountsRoutes } from './features/accounts/routes.tsx';
import { eventsRoutes } from './features/events/routes.tsx';
import { firmsRoutes } from './features/firms/routes.tsx';
import { signaturesRoutes } from './features/signatures/routes.tsx';
import { transactionsRoutes } from './features/transactions/routes.tsx';
import { usersRoutes } from './features/users/routes.tsx';

const QC_READERS = areaFor('/qc').anyOf;

type Loader = (args: LoaderFunctionArgs) => unknown;

/**
 * A screen's loader behind an area guard. The loader starts its data at once, beside the
 * guard's session check (the gateway refuses what the session may not read), and the
 * guard's answer comes first.
 */
function guard(anyOf: readonly string[], loader: Loader): Loader {
  return async (args) => {
    const data = (async () => loader(args))();
    data.catch(() => {});
    await requireArea(anyOf)();
    return data;
  };
}

/**
 * A lazy screen behind an area guard, whose loader is a small module of its own: loaded
 * beside the screen's code rather than with it, it asks for the screen's data while that
 * code is still arriving (speed target: queue rows in under 300 ms, first page in under 600).
 */
function screen(
  anyOf: readonly string[],
  loader: () => Promise<{ loader: Loader }>,
  component: () => Promise<{ Component: React.ComponentType }>,
) {
  return {
    loader: async () => guard(anyOf, (await loader()).loader),
    Component: async () => (await component()).Component,
  };
}

/** `/` goes to the first area the session may use. */
async function home() {
  const session = await requireSession();
  const first = AREAS.find((area) => hasAny(session, area.anyOf));
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
            {
              path: 'qc',
              lazy: screen(
                QC_READERS,
                () => import('./features/qc/queue/queue.loader.ts'),
                () => import('./features/qc/queue/queue.route.tsx'),
              ),
            },
            {
              path: 'qc/processes',
              loader: requireArea(areaFor('/qc/processes').anyOf),
              lazy: () => import('./features/qc/processes/processes.route.tsx'),
            },
            {
              path: 'qc/:qcrId',
              lazy: screen(
                QC_READERS,
                () => {
                  // Before the review's code: compiling the worker takes longest of all
                  // (unless the queue or the page load has started it already).
                  pdfWorkerPort();
                  return import('./features/qc/review/review.loader.ts');
                },
                () => import('./features/qc/review/review.route.tsx'),
              ),
            },
            ...signaturesRoutes,
            ...transactionsRoutes,
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
