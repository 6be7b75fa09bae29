import { createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from './query-client.ts';
import { RouteError } from './routes/route-error.tsx';
import { hasAny, sessionQueries } from './session.queries.ts';
import { Layout } from './shell/layout.tsx';
import { Loading } from './ui/states.tsx';
import { AREAS } from './shell/nav.ts';

/** Loads the session (401 → the error element sends the person to sign-in and back). */
async function requireSession() {
  return queryClient.ensureQueryData(sessionQueries.current());
}

/** An area's loader: signed in, and holding one of the area's permissions (else 403). */
function requireArea(anyOf: readonly string[]) {
  return async () => {
    const session = await requireSession();
    if (!hasAny(session, anyOf)) throw new Response('Forbidden', { status: 403 });
    return null;
  };
}

const QC_READERS = ['qc.review', 'qc.manage'];
const BUILT = new Set(['/qc', '/qc/processes']);

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
              loader: requireArea(QC_READERS),
              lazy: () => import('./features/qc/queue/queue.route.tsx'),
            },
            {
              path: 'qc/processes',
              loader: requireArea(['qc.manage']),
              lazy: () => import('./features/qc/processes/processes.route.tsx'),
            },
            {
              path: 'qc/:qcrId',
              lazy: async () => {
                const route = await import('./features/qc/review/review.route.tsx');
                return {
                  Component: route.Component,
                  loader: async (args: LoaderFunctionArgs) => {
                    await requireArea(QC_READERS)();
                    return route.loader(args);
                  },
                };
              },
            },
            // Areas whose screens come later.
            ...AREAS.filter((area) => !BUILT.has(area.to)).map((area) => ({
              path: area.to.slice(1),
              loader: requireArea(area.anyOf),
              lazy: () => import('./routes/area.tsx'),
            })),
            { path: '*', lazy: () => import('./routes/not-found.tsx') },
          ],
        },
      ],
    },
  ]);
}
