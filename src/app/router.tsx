import { createBrowserRouter, redirect } from 'react-router';
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
            ...AREAS.map((area) => ({
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
