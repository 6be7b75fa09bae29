import { useQuery } from '@tanstack/react-query';
import { sessionQueries } from '../../../session.queries.ts';
import { Button } from '../../../ui/button.tsx';
import { Page } from '../../../ui/page.tsx';
import { EmptyState, ErrorState, Loading } from '../../../ui/states.tsx';
import { UserFacts } from '../detail/user-facts.tsx';
import { ImageManager } from '../images/image-manager.tsx';
import { userQueries } from '../users.queries.ts';
import { MailPreferenceCard } from './mail-preference-card.tsx';

const SUBTITLE = 'Your signature and notary seal are placed on the documents you sign.';

/**
 * `/profile`: the signed-in person's own details and images (anyone may edit their own), and
 * how often they are e-mailed about their findings.
 */
export function Component() {
  const session = useQuery(sessionQueries.current());
  const id = session.data?.user?.id ?? '';
  const user = useQuery({ ...userQueries.detail(id), enabled: Boolean(id) });

  let content;
  if (session.isPending || (id && user.isPending)) {
    content = <Loading label="Loading your profile…" />;
  } else if (session.data && !session.data.user) {
    content = (
      <div className="panel">
        <EmptyState title="This sign-in has no profile">
          The service&apos;s token for {session.data.clientId} names no user: it is a machine
          client, acting for the organization rather than a person, or the console is not told which
          claim carries the user (ATTEST_CLAIM_USER). Without a user there is no signature or seal
          to manage. Sign in with a person&apos;s own client to manage their images.
        </EmptyState>
      </div>
    );
  } else if (user.isError || session.isError) {
    content = (
      <ErrorState
        title="Your profile could not be loaded"
        message={(user.error ?? session.error)?.message ?? 'Something went wrong.'}
        action={<Button onClick={() => void user.refetch()}>Try again</Button>}
      />
    );
  } else if (user.data) {
    content = (
      <>
        <UserFacts user={user.data} />
        <ImageManager key={user.data.id} user={user.data} />
      </>
    );
  }
  const name = session.data?.user?.displayName;
  return (
    <Page title="Your profile" subtitle={name ? `Signed in as ${name}. ${SUBTITLE}` : SUBTITLE}>
      {content}
      {/* A person's own, whether or not their user record loads; a machine client has none. */}
      {id && <MailPreferenceCard />}
    </Page>
  );
}
