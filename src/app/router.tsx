import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router';
import { pdfWorkerPort } from './features/pdf/pdf-worker-port.ts';
import { RouteError } from './routes/route-error.tsx';
import { requireArea, requireSession } from './route-guards.ts';
import { hasAny } from './session.queries.ts';
import { Layout } from './shell/layout.tsx';
import { Loading } from './ui/states.tsx';
import { AREAS } from './shell/nav.ts';
import { accountsRoutes } from './features/accounts/routes.tsx';
import { eventsRoutes } from './features/events/routes.tsx';
import { firmsRoutes } from './features/firms/routes.tsx';
import { signaturesRoutes } from './features/signatures/routes.tsx';
import { transactionsRoutes } from './features/transactions/routes.tsx';
import { usersRoutes } from './features/users/routes.tsx';

const QC_READERS = ['qc.review', 'qc.manage'];

interface LazyRoute {
  Component: React.ComponentType;
  loader?: (args: LoaderFunctionArgs) => unknown;
}

/**
 * A screen's loader behind an area guard. The loader starts its data at once, beside the
 * guard's session check (the gateway refuses what the session may not read), and the
 * guard's answer comes first.
 */
function guard(anyOf: readonly string[], loader?: (args: LoaderFunctionArgs) => unknown) {
  return async (args: LoaderFunctionArgs) => {
    const data = (async () => (loader ? loader(args) : null))();
    data.catch(() => {});
    await requireArea(anyOf)();
    return data;
  };
}

/** A lazy route behind an area guard; its own loader is where a screen starts its data. */
function guarded(anyOf: readonly string[], load: () => Promise<LazyRoute>) {
  return async () => {
    const route = await load();
    return { Component: route.Component, loader: guard(anyOf, route.loader) };
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
              lazy: guarded(QC_READERS, () => import('./features/qc/queue/queue.route.tsx')),
            },
            {
              path: 'qc/processes',
              loader: requireArea(['qc.manage']),
              lazy: () => import('./features/qc/processes/processes.route.tsx'),
            },
            {
              path: 'qc/:qcrId',
              // The loader is a module of its own, loaded beside the screen's code (which
              // brings pdf.js), so the request is asked for while pdf.js still arrives; the
              // pdf.js worker starts before either (if the queue or the page load has not).
              lazy: {
                loader: async () => {
                  pdfWorkerPort();
                  const { loader } = await import('./features/qc/review/review.loader.ts');
                  return guard(QC_READERS, loader);
                },
                Component: async () =>
                  (await import('./features/qc/review/review.route.tsx')).Component,
              },
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
