import { useQuery } from '@tanstack/react-query';
import { Link, redirect, useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../query-client.ts';
import { requireSession } from '../../../route-guards.ts';
import { hasAny } from '../../../session.queries.ts';
import { areaFor } from '../../../shell/nav.ts';
import { Page } from '../../../ui/page.tsx';
import { Loading } from '../../../ui/states.tsx';
import { RetryError } from '../../../ui/query-states.tsx';
import { ImageManager } from '../images/image-manager.tsx';
import { userQueries } from '../users.queries.ts';
import { dateOf, UserFacts } from './user-facts.tsx';
import './user.css';

const MANAGERS = areaFor('/users').anyOf;

/**
 * Another person's images need the manage permission (spec, Authentication 9): without it
 * the screen is refused before anything loads (users.route-error explains). Your own id goes
 * to /profile, where you may always edit.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.userId ?? '';
  const session = await requireSession();
  if (session.user && session.user.id.toLowerCase() === id.toLowerCase()) {
    throw redirect('/profile');
  }
  if (!hasAny(session, MANAGERS)) throw new Response('Forbidden', { status: 403 });
  return queryClient.ensureQueryData(userQueries.detail(id));
}

/** `/users/:userId`: one user's details and images, for those who manage users. */
export function Component() {
  const { userId = '' } = useParams();
  const location = useLocation();
  // Back to the page of the list the admin came from, when they came from one.
  const from: unknown = location.state;
  const back = typeof from === 'object' && from && 'list' in from ? String(from.list) : '';
  const user = useQuery(userQueries.detail(userId));

  const backLink = (
    <Link className="user-back" to={`/users${back ? `?${back}` : ''}`}>
      ← All users
    </Link>
  );
  if (user.isPending) return <Loading label="Loading the user…" />;
  if (user.isError) {
    return (
      <Page title="User">
        {backLink}
        <RetryError title="This user could not be loaded" query={user} />
      </Page>
    );
  }
  const person = user.data;
  return (
    <Page title={person.displayName} subtitle={person.jobTitle}>
      {backLink}
      {person.deactivatedOn && (
        <p className="user-notice">
          Deactivated on {dateOf(person.deactivatedOn)}. Their images can still be changed, for
          documents they signed before.
        </p>
      )}
      <UserFacts user={person} />
      <ImageManager key={person.id} user={person} />
    </Page>
  );
}
