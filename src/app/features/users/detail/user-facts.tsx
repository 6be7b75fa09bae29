import type { User } from '../../../../contract/users.ts';
import { Badge } from '../../../ui/badge.tsx';
import './user-facts.css';

export const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Who the user is: contact details, notary flag and whether they are active. */
export function UserFacts({ user }: { user: User }) {
  return (
    <section className="panel user-facts" aria-label="Details">
      <dl className="user-facts__list">
        <div>
          <dt className="caps-label">Email</dt>
          <dd className="user-facts__email">{user.email}</dd>
        </div>
        <div>
          <dt className="caps-label">Phone</dt>
          <dd>{user.phoneNumber ?? '—'}</dd>
        </div>
        <div>
          <dt className="caps-label">Job title</dt>
          <dd>{user.jobTitle ?? '—'}</dd>
        </div>
        <div>
          <dt className="caps-label">Notary</dt>
          <dd>{user.isNotary ? <Badge tone="accent">Notary</Badge> : 'No'}</dd>
        </div>
        <div>
          <dt className="caps-label">Status</dt>
          <dd>
            {user.deactivatedOn ? (
              <Badge tone="warning">Deactivated {dateOf(user.deactivatedOn)}</Badge>
            ) : (
              'Active'
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}
