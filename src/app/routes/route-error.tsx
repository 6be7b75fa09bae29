import { isRouteErrorResponse, Navigate, useLocation, useRouteError } from 'react-router';
import { ApiError } from '../../client/api-error.ts';
import { Button } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { ErrorState } from '../ui/states.tsx';

function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  return undefined;
}

/** Every route's error element: 401 → sign-in and back; 403 and 404 say so; others retry. */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const status = statusOf(error);
  if (status === 401) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  if (status === 403) {
    return (
      <Page title="Not available">
        <ErrorState
          title="You don't have permission to see this"
          message="Your sign-in does not include this area. Ask an administrator if you need it."
        />
      </Page>
    );
  }
  if (status === 404) {
    return (
      <Page title="Not found">
        <ErrorState
          title="This page does not exist"
          message="Check the address, or pick an area from the menu."
        />
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
