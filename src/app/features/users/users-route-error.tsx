import { useQuery } from '@tanstack/react-query';
import { isRouteErrorResponse, Link, useParams, useRouteError } from 'react-router';
import { RouteError } from '../../routes/route-error.tsx';
import { sessionQueries } from '../../session.queries.ts';
import { Page } from '../../ui/page.tsx';
import { ErrorState } from '../../ui/states.tsx';

/**
 * The users area's error element. A refusal says what it takes and where the person can
 * go instead (their own profile); every other error is the app's usual.
 */
export function UsersRouteError() {
  const error = useRouteError();
  const { userId } = useParams();
  const { data: session } = useQuery(sessionQueries.current());
  if (!isRouteErrorResponse(error) || error.status !== 403) return <RouteError />;

  const message = userId
    ? 'Only administrators with the “Manage users” permission can change another person’s signature or notary seal. Your sign-in does not have it, so nothing here can be edited.'
    : 'The list of users is for administrators with the “Manage users” permission. Your sign-in does not have it.';
  return (
    <Page title={userId ? 'You can’t edit this user' : 'Users'}>
      <div className="panel">
        <ErrorState
          title={
            userId
              ? 'Editing other people needs the Manage users permission'
              : 'Managing users needs the Manage users permission'
          }
          message={message}
          action={
            session?.user ? (
              <p>
                You can change your own signature and seal on{' '}
                <Link to="/profile">your profile</Link>.
              </p>
            ) : undefined
          }
        />
      </div>
    </Page>
  );
}
