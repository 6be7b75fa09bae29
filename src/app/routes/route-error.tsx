import { useQuery } from '@tanstack/react-query';
import { isRouteErrorResponse, Navigate, useLocation, useRouteError } from 'react-router';
import { ApiError } from '../../client/api-error.ts';
import { sessionQueries } from '../session.queries.ts';
import { Button } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { ErrorState, Loading } from '../ui/states.tsx';

function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  return undefined;
}

/** What a refusal says, by status: the page's title, then the error's title and message. */
const REFUSALS: Partial<Record<number, [page: string, title: string, message: string]>> = {
  403: [
    'Not available',
    "You don't have permission to see this",
    'Your sign-in does not include this area. Ask an administrator if you need it.',
  ],
  404: [
    'Not found',
    'This page does not exist',
    'Check the address, or pick an area from the menu.',
  ],
};

/** Every route's error element: 401 → sign-in and back; 403 and 404 say so; others retry. */
export function RouteError() {
  const error = useRouteError();
  const status = statusOf(error);
  if (status === 401) return <Unauthorized error={error} />;
  const refusal = status === undefined ? undefined : REFUSALS[status];
  if (refusal) {
    const [page, title, message] = refusal;
    return (
      <Page title={page}>
        <ErrorState title={title} message={message} />
      </Page>
    );
  }
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Page title="Something went wrong">
      <ErrorState
        title="This page could not be shown"
        message={message}
        action={<Button onClick={() => window.location.reload()}>Try again</Button>}
      />
    </Page>
  );
}

/**
 * A 401 means either that the session ended or, the spec using 401 for both, that the
 * service refused this client the area. Asking the gateway for the session tells them apart:
 * an ended session goes to sign-in and back; a refusal is explained here, once, with no
 * sign-out and no loop (a deployment's tokens may carry no permissions the console knows,
 * so it shows every area and learns here what is refused).
 */
function Unauthorized({ error }: { error: unknown }) {
  const location = useLocation();
  const session = useQuery({ ...sessionQueries.current(), staleTime: 0 });
  if (session.isPending) {
    return (
      <Page title="Checking your sign-in">
        <Loading label="Checking your sign-in…" />
      </Page>
    );
  }
  if (session.isError) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  const said =
    error instanceof ApiError && error.message ? ` The service said: “${error.message}”.` : '';
  return (
    <Page title="Not available">
      <ErrorState
        title="The service does not let this client use this area"
        message={`You are signed in as ${session.data.clientId}, but the service refused it here.${said} Ask your administrator if you need it.`}
      />
    </Page>
  );
}
